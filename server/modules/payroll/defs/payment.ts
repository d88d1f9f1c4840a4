import { z } from 'zod';
import { f, platformScope, type ResourceDef } from '../../../resources/define.ts';
import { msgText } from '../../../../shared/texts/index.ts';

/**
 * Platform-wide settings for salary transfers and quick pay (advances) at /admin/system/payment
 * (code 260001, superadmin only by default): one row, made by migration 0005, edited in place
 * with its change history. Companies choose whether they offer quick pay and its ceiling in their
 * own settings (/admin/company/[id]/settings); the fees and limits here apply to every company.
 */

export const paymentSettingsResource: ResourceDef = {
  name: 'paymentSetting',
  plural: 'paymentSettings',
  table: 'payment_settings',
  title: msgText('res.payment.paymentSettings'),
  titlePlural: msgText('res.payment.paymentSettings'),
  labelField: 'transfer_cutoff',
  defaultSort: { field: 'transfer_cutoff', dir: 'asc' },
  scope: platformScope,
  singleton: true,
  noCreate: true,
  noDelete: true,
  fields: [
    f.text('transfer_cutoff', msgText('res.payment.bankTransferCut'), {
      max: 5,
      hint: msgText('res.payment.transferRequestsAfter'),
      schema: z
        .string()
        .trim()
        .refine((v) => /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v), { message: 'time', params: msgText('res.payment.timeFormat') }),
    }),
    f.number('transfer_fee', msgText('res.payment.transferFeeCharged'), {
      cell: 'money',
      max: 10_000,
      hint: msgText('res.payment.transferFeeHint'),
    }),
    f.boolean('quickpay_enabled', msgText('res.payment.acceptQuickPay')),
    f.text('quickpay_fee_percent', msgText('res.payment.quickPayFee'), {
      max: 6,
      hint: msgText('res.payment.shareAdvanceUp'),
      // numeric(5,2): kept as the database prints it ("3.50"), so an unchanged value is no change.
      schema: z
        .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim())
        .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, { message: 'percent', params: msgText('res.payment.percentFormat') })
        .transform((v) => Number(v).toFixed(2)),
    }),
    f.number('quickpay_min_fee', msgText('res.payment.quickPayMinimum'), { cell: 'money', max: 10_000 }),
    f.number('quickpay_daily_limit', msgText('res.payment.quickPayDaily'), { cell: 'money', max: 1_000_000 }),
  ],
  sample: { transfer_cutoff: '14:30', transfer_fee: 220, quickpay_enabled: true, quickpay_fee_percent: '4.5', quickpay_min_fee: 300, quickpay_daily_limit: 50000 },
  screens: [{ path: '/admin/system/payment', mode: 'single' }],
};

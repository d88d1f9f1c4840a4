import { z } from 'zod';
import { f, platformScope, t, type ResourceDef } from '../define.ts';
import { yen } from '../../../shared/format.ts';

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
  title: t('決済設定', 'Payment settings'),
  titlePlural: t('決済設定', 'Payment settings'),
  labelField: 'transfer_cutoff',
  defaultSort: { field: 'transfer_cutoff', dir: 'asc' },
  scope: platformScope,
  singleton: true,
  noCreate: true,
  noDelete: true,
  fields: [
    f.text('transfer_cutoff', t('振込の締め時刻', 'Bank transfer cut-off time'), {
      max: 5,
      hint: t('この時刻（日本時間）を過ぎた振込依頼は翌営業日の扱いになります。例: 15:00', 'Transfer requests after this time (Japan) go out on the next business day. Example: 15:00'),
      schema: z
        .string()
        .trim()
        .refine((v) => /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v), { message: 'time', params: { ja: '「15:00」のように24時間制で入力してください。', en: 'Enter a 24-hour time such as 15:00.' } }),
    }),
    f.number('transfer_fee', t('振込手数料（ワーカー負担・円）', 'Transfer fee charged to the worker (yen)'), {
      money: true,
      max: 10_000,
      hint: t(`給与振込1回ごとに差し引きます。例: ${yen(165)}`, `Deducted from each salary transfer. Example: ${yen(165)}`),
    }),
    f.boolean('quickpay_enabled', t('前払い（クイックペイ）を受け付ける', 'Accept quick pay (advance) requests')),
    f.text('quickpay_fee_percent', t('前払い手数料（%）', 'Quick pay fee (%)'), {
      max: 6,
      hint: t('前払い額に対する割合。小数第2位まで。例: 3.5', 'A share of the advance, up to two decimals. Example: 3.5'),
      // numeric(5,2): kept as the database prints it ("3.50"), so an unchanged value is no change.
      schema: z
        .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim())
        .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, { message: 'percent', params: { ja: '0〜100の数値（小数第2位まで）で入力してください。', en: 'Enter a number from 0 to 100 with at most two decimals.' } })
        .transform((v) => Number(v).toFixed(2)),
    }),
    f.number('quickpay_min_fee', t('前払いの最低手数料（円）', 'Quick pay minimum fee (yen)'), { money: true, max: 10_000 }),
    f.number('quickpay_daily_limit', t('前払いの1日あたり上限（円）', 'Quick pay daily limit per worker (yen)'), { money: true, max: 1_000_000 }),
  ],
  sample: { transfer_cutoff: '14:30', transfer_fee: 220, quickpay_enabled: true, quickpay_fee_percent: '4.5', quickpay_min_fee: 300, quickpay_daily_limit: 50000 },
  screens: [{ path: '/admin/system/payment', mode: 'single' }],
};

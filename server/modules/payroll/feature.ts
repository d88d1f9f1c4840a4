import { defineFeature } from '../../feature.ts';
import { advancesReadModel, invoicesReadModel, payLinesReadModel, payRunsReadModel } from './defs/money.ts';
import { paymentSettingsResource } from './defs/payment.ts';
import { seedDemoMoney } from './seed.ts';

/**
 * Money: daily and monthly pay, quick pay, transfers and invoices (API: api/money.ts;
 * the pay and billing lists' panels: screens/pay.tsx).
 */
export const payrollFeature = defineFeature({
  name: 'payroll',
  routes: ['/admin/salary/monthly', '/admin/salary/daily', '/admin/salary/quickpay', '/admin/billing', '/admin/system/payment', '/staff/pay'],
  resources: [paymentSettingsResource],
  readModels: [payLinesReadModel, payRunsReadModel, advancesReadModel, invoicesReadModel],
  // A worked week becomes daily and monthly pay, an advance, a transfer batch, invoices.
  seed: [(db, demo) => seedDemoMoney(db, demo.company)],
});

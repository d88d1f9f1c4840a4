import { defineWebFeature } from './feature.ts';
import { billing, dailyPay, monthlyPay } from './panels.tsx';

/** Money's screens (server/modules/payroll/feature.ts): the panels above the pay and billing lists. */
export const payrollWeb = defineWebFeature({
  feature: 'payroll',
  panels: { '/admin/salary/daily': dailyPay, '/admin/salary/monthly': monthlyPay, '/admin/billing': billing },
});

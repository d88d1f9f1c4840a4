import type { Text } from '../../shared/i18n.ts';

/** Display names of the built-in roles (the seed writes the same into the roles table). */
export const ROLE_TITLES: Record<string, Text> = {
  superadmin: { ja: 'スーパー管理者', en: 'Super administrator' },
  admin: { ja: '運営管理者', en: 'Platform administrator' },
  company_admin: { ja: '派遣会社管理者', en: 'Company administrator' },
  company_staff: { ja: '派遣会社スタッフ', en: 'Company staff' },
  client_admin: { ja: '取引先管理者', en: 'Client administrator' },
  client_staff: { ja: '取引先スタッフ', en: 'Client staff' },
  candidate: { ja: '求職者', en: 'Candidate' },
};

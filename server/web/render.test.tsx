import { describe, expect, it } from 'vitest';
import { defaultPageRoles } from '../auth/default-roles.ts';
import { ADMIN_CODES, ALL_ROUTES } from '../access/routes.ts';
import { subpagesFor } from './render.tsx';

/** The default roles' page codes, as a fresh install has them. */
const maps = { pageRoles: defaultPageRoles([...ADMIN_CODES]), actionRoles: {} };
const built = new Set(ALL_ROUTES.map((r) => r.path));
const id = '3f0c2a1e-8d4b-4c6e-9a7f-1b2c3d4e5f60';

describe("a record's pages as tabs (subpagesFor)", () => {
  it('draws the record and its sheet on both, the shown one current, in the reader’s language', () => {
    const onRecord = subpagesFor(maps, 'company_admin', 'en', `/admin/candidate/${id}`, built);
    expect(onRecord).toEqual([
      { href: `/admin/candidate/${id}`, title: 'Applicant', current: true },
      { href: `/admin/candidate/${id}/sheet`, title: 'Applicant sheet', current: false },
    ]);
    expect(subpagesFor(maps, 'company_admin', 'ja', `/admin/candidate/${id}/sheet`, built).map((l) => [l.title, l.current])).toEqual([
      ['応募者の詳細', false],
      ['応募者シート', true],
    ]);
  });

  it('draws no tab for a sub-page without a screen, nor for a role that may not open it', () => {
    const withoutSheet = new Set([...built].filter((p) => !p.endsWith('/sheet')));
    expect(subpagesFor(maps, 'company_admin', 'en', `/admin/candidate/${id}`, withoutSheet)).toEqual([]);
    const noCandidates = { pageRoles: { ...maps.pageRoles, '120001': [] }, actionRoles: {} };
    expect(subpagesFor(noCandidates, 'company_admin', 'en', `/admin/candidate/${id}`, built)).toEqual([]);
  });

  it('gives a list’s child rows (its add form, its records) no tabs', () => {
    expect(subpagesFor(maps, 'superadmin', 'en', `/admin/company/${id}/settings`, built)).toEqual([]);
    expect(subpagesFor(maps, 'superadmin', 'en', `/admin/company/edit/${id}`, built)).toEqual([]);
    expect(subpagesFor(maps, 'company_admin', 'en', '/admin/candidate', built)).toEqual([]);
  });
});

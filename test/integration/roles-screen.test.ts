/**
 * The role matrix at /admin/roles (code 280001; DESIGN §5): both maps in one form, a
 * change applies on the very next request, superadmins cannot lock themselves out, every change
 * is in the audit log.
 */
import { describe, expect, it } from 'vitest';
import type { RoleMaps } from '../../server/auth/default-roles.ts';
import { loadRoleMaps } from '../../server/modules/roles/role-maps.ts';
import { ADMIN_CODES } from '../../server/access/routes.ts';
import { firstCode } from '../helpers/graphql.ts';
import { postForm, pagesAs } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';
import { auditCount } from '../helpers/demo-data.ts';

const t = appForFile();

type Who = 'superadmin' | 'admin' | 'client_staff';
const { get } = pagesAs(t);

/** The matrix form with the boxes of `maps` ticked. */
async function save(maps: RoleMaps, who: Who = 'superadmin') {
  const fields: Record<string, string> = { _form: 'roles', _action: 'save' };
  for (const [prefix, map] of [
    ['page', maps.pageRoles],
    ['action', maps.actionRoles],
  ] as const) {
    for (const [code, roles] of Object.entries(map)) for (const role of roles) fields[`${prefix}:${code}:${role}`] = 'on';
  }
  return postForm(t, '/admin/roles', await t.tokenOf(who), fields);
}

const current = () => loadRoleMaps(t.database.db);

/** Whether the matrix's checkbox `name` is ticked (undefined when there is none). */
function ticked(html: string, name: string): boolean | undefined {
  const tag = new RegExp(`<input type="checkbox"[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return tag === undefined ? undefined : tag.includes('checked=""');
}

describe('GET /admin/roles', () => {
  it('shows superadmins the matrix: every code once, titled from the route table and grouped by area, a column per role', async () => {
    const page = await get('/admin/roles', 'superadmin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>権限管理 | Tsunagu</title>');
    for (const code of ADMIN_CODES) {
      expect(page.html).toContain(`name="page:${code}:superadmin"`);
      expect(page.html).toContain(`name="action:${code}:client_staff"`);
    }
    expect(page.html.match(/name="page:170005:/g)).toHaveLength(6);
    for (const role of ['スーパー管理者', '運営管理者', '派遣会社管理者', '派遣会社スタッフ', '取引先管理者', '取引先スタッフ']) expect(page.html).toContain(`<th scope="col">${role}</th>`);
    expect(page.html).toContain('<th scope="rowgroup" colSpan="8">ユーザー</th>');
    // A code shared by several routes names them all.
    expect(page.html).toContain('企業一覧 / 企業を追加 / 企業の詳細');
    expect(ticked(page.html, 'page:280001:superadmin')).toBe(true);
    expect(ticked(page.html, 'page:280001:admin')).toBe(false);
  });

  it('is not for admins (superadmin only by default): the page sends them to their landing page and the API refuses', async () => {
    expect((await get('/admin/roles', 'admin')).status).toBe(302);
    const before = await current();
    const res = await save(before, 'admin');
    expect(res.status).toBe(403);
    expect(firstCode(await t.gql('mutation { saveRoleMaps(pageRoles: [], actionRoles: []) }', {}, { as: 'admin' }))).toBe('FORBIDDEN');
    expect(await current()).toEqual(before);
  });
});

describe('POST /admin/roles', () => {
  it('a change applies on the next request of the affected role, and again when undone', async () => {
    const original = await current();
    expect((await get('/admin/users/client', 'client_staff')).status).toBe(302);

    const granted: RoleMaps = structuredClone(original);
    granted.actionRoles['170008'] = [...(granted.actionRoles['170008'] ?? []), 'client_staff'];
    const res = await save(granted);
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    expect(res.location).toBe('/admin/roles?saved=1');
    expect((await current()).actionRoles['170008']).toContain('client_staff');

    // The very next request: no waiting for the notification.
    const page2 = await get('/admin/users/client', 'client_staff');
    expect(page2.status).not.toBe(404);
    expect(page2.location).toBeNull();
    expect(page2.html).toContain('クライアントユーザー');
    expect(page2.html).toMatch(/<a href="\/admin\/users\/client"/);

    const page = await get('/admin/roles?saved=1', 'superadmin');
    expect(page.html).toContain('保存しました。次のリクエストから反映されます。');
    expect(ticked(page.html, 'action:170008:client_staff')).toBe(true);

    expect((await save(original)).status).toBe(303);
    expect((await get('/admin/users/client', 'client_staff')).status).toBe(302);
    expect(await current()).toEqual(original);
  });

  it('writes who changed what to the audit log and shows it under the matrix', async () => {
    const rows = await t.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'roleMaps').orderBy('id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [grant, undo] = rows.slice(-2);
    expect(grant).toMatchObject({ entity_id: 'roleMaps', action: 'update', actor_name: '山田 太郎 (Taro Yamada)', company_id: null });
    expect(Object.keys(grant!.changes)).toEqual(['action:170008']);
    expect(grant!.changes['action:170008']!.to as string[]).toContain('client_staff');
    expect(undo!.changes['action:170008']!.from as string[]).toContain('client_staff');
    const page = await get('/admin/roles', 'superadmin');
    expect(page.html).toContain('変更履歴');
    expect(page.html).toMatch(/操作権限 170008 クライアントユーザー: [^<]*→ [^<]*取引先スタッフ/);
  });

  it("names the roles on each side of a change as a list in the page's language, not words run together by commas", async () => {
    const original = await current();
    const points = original.pageRoles['390001']!;
    expect(points.length).toBeGreaterThan(1);
    expect((await save({ ...original, pageRoles: { ...original.pageRoles, '390001': [...points, 'company_staff'] } })).status).toBe(303);
    const history = (html: string) => /<section class="card audit-log".*?<\/section>/s.exec(html)?.[0].replace(/<!-- -->/g, '') ?? '';
    const ja = /<li>ページ権限 390001[^<]*<\/li>/.exec(history((await get('/admin/roles', 'superadmin')).html))?.[0] ?? '';
    expect(ja).toMatch(/管理者、.* → .*、派遣会社スタッフ/);
    expect(ja).not.toContain(',');
    const en = /<li>Page roles 390001[^<]*<\/li>/.exec(history((await pagesAs(t, 'en').get('/admin/roles', 'superadmin')).html))?.[0] ?? '';
    expect(en).toMatch(/administrator, .* → .*, Company staff/);
    expect(en).not.toMatch(/\S,\S/);
    expect((await save(original)).status).toBe(303);
  });

  it('saving the matrix unchanged changes nothing and logs nothing', async () => {
    const count = () => auditCount(t, { entity: 'roleMaps' });
    const before = await count();
    expect((await save(await current())).status).toBe(303);
    expect(await count()).toBe(before);
  });

  it('refuses a save that would lock every superadmin out of /admin/roles, and keeps what was ticked', async () => {
    const original = await current();
    const locked: RoleMaps = structuredClone(original);
    delete locked.pageRoles['280001'];
    delete locked.actionRoles['280001'];
    locked.pageRoles['210001'] = (locked.pageRoles['210001'] ?? []).filter((r) => r !== 'superadmin');
    const res = await save(locked);
    expect(res.status).toBe(422);
    expect(res.html).toContain('スーパー管理者から権限管理（280001）を外すことはできません。');
    // The form shows the attempted state, not the saved one.
    expect(ticked(res.html, 'page:210001:superadmin')).toBe(false);
    expect(ticked(res.html, 'page:220001:superadmin')).toBe(true);
    expect(await current()).toEqual(original);
    expect((await get('/admin/roles', 'superadmin')).status).toBe(200);

    // Moving 280001 to the action-role map keeps superadmins in: allowed.
    const moved: RoleMaps = structuredClone(original);
    delete moved.pageRoles['280001'];
    moved.actionRoles['280001'] = ['superadmin'];
    expect((await save(moved)).status).toBe(303);
    expect((await get('/admin/roles', 'superadmin')).status).toBe(200);
    expect((await save(original)).status).toBe(303);
  });

  it('refuses unknown roles and codes through the API', async () => {
    const call = async (pageRoles: unknown) => firstCode(await t.gql('mutation ($p: [RoleCodeInput!]!) { saveRoleMaps(pageRoles: $p, actionRoles: []) }', { p: pageRoles }, { as: 'superadmin' }));
    const before = await current();
    expect(await call([{ code: 280001, roles: ['superadmin', 'nobody'] }])).toBe('BAD_USER_INPUT');
    expect(
      await call([
        { code: 280001, roles: ['superadmin'] },
        { code: 999999, roles: ['admin'] },
      ]),
    ).toBe('BAD_USER_INPUT');
    expect(await call([{ code: 280001, roles: ['candidate', 'superadmin'] }])).toBe('BAD_USER_INPUT');
    expect(await current()).toEqual(before);
  });
});

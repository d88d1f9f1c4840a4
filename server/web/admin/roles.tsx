import express, { type Request, type Response, type Router } from 'express';
import type { ApiClient } from '../../api/client.ts';
import { OPS } from '../../api/operations.ts';
import type { RoleMap } from '../../auth/default-roles.ts';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import type { AuditView } from '../../../views/resources/ResourceViews.tsx';
import { RoleMatrixPage, type MatrixGroup, type MatrixRole } from '../../../views/pages/admin/RoleMatrix.tsx';
import { callerOf } from '../caller.ts';
import type { PageContext } from '../pages.tsx';
import { sendPage } from '../render.tsx';
import { ADMIN_CODES, ALL_ROUTES, AREAS, routeByPath } from '../../access/routes.ts';

/** The role matrix at /admin/roles (issue 4, code 280001): both role maps, saved in one form post. */
const PATH = '/admin/roles';

interface Entry {
  code: number;
  roles: string[];
}
interface AdminData {
  roleMapsAdmin: {
    roles: { name: string; kind: string; ja: string; en: string }[];
    pageRoles: Entry[];
    actionRoles: Entry[];
    history: { id: number; action: string; actor_name: string; at: string; changes: string }[];
  };
}

/** The matrix rows: every code of the route table once, titled by its routes, grouped by sidebar area. */
const GROUPS: MatrixGroup[] = (() => {
  const byArea = new Map<string, MatrixGroup['rows']>();
  for (const code of ADMIN_CODES) {
    const routes = ALL_ROUTES.filter((r) => r.code === code);
    const area = routes[0]?.area ?? 'system';
    if (!byArea.has(area)) byArea.set(area, []);
    byArea.get(area)!.push({ code, titles: routes.map((r) => r.title) });
  }
  return AREAS.filter((a) => byArea.has(a.key)).map((a) => ({ key: a.key, title: a.title, rows: byArea.get(a.key)! }));
})();

const TITLES = new Map(GROUPS.flatMap((g) => g.rows.map((r) => [String(r.code), r.titles] as const)));

const toMap = (entries: Entry[]): RoleMap => Object.fromEntries(entries.map((e) => [String(e.code), e.roles]));

/** Audit entries in words: "Page roles 170005 Company users: Company administrator, … → …". */
function historyView(lang: Lang, roles: MatrixRole[], history: AdminData['roleMapsAdmin']['history']): AuditView[] {
  const roleTitle = (name: string) => tr(lang, roles.find((r) => r.name === name)?.title ?? { ja: name, en: name });
  const kindTitle: Record<string, Text> = { page: { ja: 'ページ権限', en: 'Page roles' }, action: { ja: '操作権限', en: 'Action roles' } };
  return history.map((h) => {
    const changes = JSON.parse(h.changes) as Record<string, { from: string[]; to: string[] }>;
    const shown: AuditView['changes'] = {};
    for (const [key, c] of Object.entries(changes)) {
      const [kind = '', code = ''] = key.split(':');
      const label = `${tr(lang, kindTitle[kind] ?? { ja: kind, en: kind })} ${code} ${(TITLES.get(code) ?? []).map((x) => tr(lang, x)).join(' / ')}`;
      shown[label] = { from: c.from.map(roleTitle), to: c.to.map(roleTitle) };
    }
    return { ...h, changes: shown };
  });
}

async function render(req: Request, res: Response, api: ApiClient, state: { maps?: { pageRoles: RoleMap; actionRoles: RoleMap }; errors?: Record<string, string>; status?: number } = {}) {
  const route = routeByPath(PATH)!;
  const lang: Lang = res.locals.lang;
  const r = await api.graphql<AdminData>(OPS.RoleMapsAdmin, {}, callerOf(req, res));
  if (!r.data) throw new Error(r.errors?.[0]?.message ?? 'roleMapsAdmin failed');
  const d = r.data.roleMapsAdmin;
  const roles: MatrixRole[] = d.roles.map((x) => ({ name: x.name, kind: x.kind, title: { ja: x.ja, en: x.en } }));
  sendPage(req, res, {
    title: route.title,
    status: state.status,
    content: (
      <RoleMatrixPage
        lang={lang}
        title={route.title}
        action={PATH}
        roles={roles}
        groups={GROUPS}
        pageRoles={state.maps?.pageRoles ?? toMap(d.pageRoles)}
        actionRoles={state.maps?.actionRoles ?? toMap(d.actionRoles)}
        errors={state.errors ?? {}}
        notice={req.query.saved === '1' ? (lang === 'ja' ? '保存しました。次のリクエストから反映されます。' : 'Saved. It applies from the next request on.') : undefined}
        history={historyView(lang, roles, d.history)}
      />
    ),
  });
}

export const ROLE_PAGE_HANDLERS = { [PATH]: ({ req, res, api }: PageContext) => render(req, res, api) };

/** The checkboxes `page:<code>:<role>` and `action:<code>:<role>` that are ticked, as two maps. */
export function mapsFromForm(body: Record<string, unknown>): { pageRoles: RoleMap; actionRoles: RoleMap } {
  const maps = { pageRoles: {} as RoleMap, actionRoles: {} as RoleMap };
  for (const [key, value] of Object.entries(body)) {
    const m = /^(page|action):(\d{1,9}):([a-z_]{1,40})$/.exec(key);
    if (!m || (value !== 'on' && value !== 'true')) continue;
    const map = m[1] === 'page' ? maps.pageRoles : maps.actionRoles;
    (map[m[2]!] ??= []).push(m[3]!);
  }
  return maps;
}

export function roleActions(api: ApiClient): Router {
  const router = express.Router();
  // Two checkboxes per code and role: about a thousand fields.
  const form = express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 5000 });
  router.post(PATH, form, async (req, res) => {
    if (!res.locals.user) return res.redirect(303, '/');
    const maps = mapsFromForm((req.body ?? {}) as Record<string, unknown>);
    const toEntries = (map: RoleMap) => Object.entries(map).map(([code, roles]) => ({ code: Number(code), roles }));
    const r = await api.graphql(OPS.SaveRoleMaps, { pageRoles: toEntries(maps.pageRoles), actionRoles: toEntries(maps.actionRoles) }, callerOf(req, res));
    if (!r.errors?.length) return res.redirect(303, `${PATH}?saved=1`);
    const e = r.errors[0]!;
    const code = e.extensions?.code;
    if (code === 'FORBIDDEN' || code === 'UNAUTHENTICATED') return res.status(code === 'FORBIDDEN' ? 403 : 401).type('text').send(e.message);
    const errors = (e.extensions?.fields as Record<string, string> | undefined) ?? { _: e.message };
    return render(req, res, api, { maps, errors, status: code === 'BAD_USER_INPUT' ? 422 : 500 });
  });
  return router;
}

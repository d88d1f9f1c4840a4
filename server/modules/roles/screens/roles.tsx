import { DOCS, operation } from '../../../api/documents.ts';
import type { RoleMap } from '../../../auth/default-roles.ts';
import { tr, type Lang } from '../../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../../shared/messages.ts';
import type { AuditView } from '../../../../views/resources/ResourceViews.tsx';
import { RoleMatrixPage, type MatrixGroup, type MatrixRole } from '../../../../views/pages/admin/RoleMatrix.tsx';
import { ADMIN_CODES, ALL_ROUTES, AREAS } from '../../../access/routes.ts';
import { withFlag } from '../../../web/kit.ts';
import { defineScreen, plain, redirect, withRefusal, type OnRefusal } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  RoleMapsAdmin: operation(/* GraphQL */ `
    query RoleMapsAdmin {
      roleMapsAdmin {
        roles { name kind ja en }
        pageRoles { code roles }
        actionRoles { code roles }
        history { id action actor_name at changes }
      }
    }`),
};

/** The role matrix at /admin/roles (code 280001): both role maps, saved in one form post. */
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
  const kindTitle: Record<string, MessageKey> = { page: 'roles.page', action: 'roles.action' };
  return history.map((h) => {
    const changes = JSON.parse(h.changes) as Record<string, { from: string[]; to: string[] }>;
    const shown: AuditView['changes'] = {};
    for (const [key, c] of Object.entries(changes)) {
      const [kind = '', code = ''] = key.split(':');
      const label = `${kindTitle[kind] ? msg(lang, kindTitle[kind]) : kind} ${code} ${(TITLES.get(code) ?? []).map((x) => tr(lang, x)).join(' / ')}`;
      shown[label] = { from: c.from.map(roleTitle), to: c.to.map(roleTitle) };
    }
    return { ...h, changes: shown };
  });
}

/** Refused for who asks (no right to change the roles, a session gone): a plain answer; otherwise the ticks as sent, with the errors. */
const ROLES_REFUSAL: OnRefusal = {
  values: (body) => mapsFromForm(body),
  answer: (r) => (r.code === 'FORBIDDEN' || r.code === 'UNAUTHENTICATED' ? plain(r.status, r.message) : undefined),
};

/** The matrix and its history; a failed save draws the ticked boxes as sent. */
const ROLES_SCREEN = defineScreen({
  path: PATH,
  load: ({ call }) => call(OWN.RoleMapsAdmin),
  view: ({ lang, route, req, msg }, { roleMapsAdmin: d }, state, act) => {
    const roles: MatrixRole[] = d.roles.map((x) => ({ name: x.name, kind: x.kind, title: { ja: x.ja, en: x.en } }));
    const maps = state?.values as { pageRoles: RoleMap; actionRoles: RoleMap } | undefined;
    return {
      content: (
        <RoleMatrixPage
          act={act}
          lang={lang}
          title={route.title}
          action={PATH}
          roles={roles}
          groups={GROUPS}
          pageRoles={maps?.pageRoles ?? toMap(d.pageRoles)}
          actionRoles={maps?.actionRoles ?? toMap(d.actionRoles)}
          errors={state?.errors ?? {}}
          notice={!state && req.query.saved === '1' ? msg('notice.rolesSaved') : undefined}
          history={historyView(lang, roles, d.history)}
        />
      ),
    };
  },
  // Two checkboxes per code and role: about a thousand fields.
  form: { limit: '256kb', parameterLimit: 5000 },
  actions: {
    save: withRefusal(ROLES_REFUSAL, async ({ call }, body) => {
      const maps = mapsFromForm(body);
      const toEntries = (map: RoleMap) => Object.entries(map).map(([code, roles]) => ({ code: Number(code), roles }));
      await call(DOCS.SaveRoleMaps, { pageRoles: toEntries(maps.pageRoles), actionRoles: toEntries(maps.actionRoles) });
      return redirect(withFlag(PATH, 'saved'));
    }),
  },
});

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

export const screens = [ROLES_SCREEN];

import { randomBytes } from 'node:crypto';
import { hasNoTenant, isPlatform, tenantCacheKey, tenantScopedQuery } from '../../../access/tenancy.ts';
import { hashPassword } from '../../../auth/password.ts';
import { ROLE_NAMES, type AdminRole } from '../../../auth/default-roles.ts';
import { ROLE_TITLES } from '../../../auth/role-titles.ts';
import { DEFAULT_LANG, isLang, pickLang, type Lang, type Text } from '../../../../shared/i18n.ts';
import {
  companyClientScope,
  f,
  inBoth,
  type BeforeWriteResult,
  type FieldDef,
  type HookContext,
  type Option,
  type OptionContext,
  type RecordAction,
  type RecordRow,
  type ResourceDef,
  type TenantScope,
  type WriteChange,
} from '../../../resources/define.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { companyOptions } from '../../companies/defs/organizations.ts';
import { cachedReference } from '../../enums/reference-cache.ts';
import { idFilter, type ReadFilter } from '../../../resources/read-model.ts';

/**
 * The back-office users, one definition per screen of SPEC §2 over the one `users`
 * table, each limited to its roles (`fixedIn`): /admin/users/admin (170002) superadmin and admin,
 * /admin/users/company (170005) the company roles, /admin/users/client (170008) the client roles.
 *
 * - Tenancy (DESIGN.md §5): platform callers see every user; company callers the users of their
 *   company; client callers those of their client. New users get the caller's company and client.
 * - Nobody grants a role above their own (ROLE_RANK), nor edits a user who holds one.
 * - Invite: a new user gets a random password nobody knows and a mail with a link to set one.
 * - Deactivate: unchecking "active" ends every session of the user at once.
 * - The password hash and session version are never columns of these definitions, so no
 *   operation, list, CSV or audit entry can show them. Users are deactivated, never deleted.
 */

/** Higher grants lower: platform above company above client, administrators above staff. */
export const ROLE_RANK: Record<AdminRole, number> = { superadmin: 6, admin: 5, company_admin: 4, company_staff: 3, client_admin: 2, client_staff: 1 };

/** The roles a caller may grant, and the users (by role) it may edit. */
export function grantableRoles(callerRole: string): AdminRole[] {
  const rank = ROLE_RANK[callerRole as AdminRole] ?? 0;
  return ROLE_NAMES.filter((r) => ROLE_RANK[r] <= rank);
}

const userRows: TenantScope = companyClientScope('client_id');

/**
 * Clients a caller may put a user in: all (with their company) for the platform, its company's, or
 * its own. Cached per process and tenant like reference data (migration 0035 notifies on a write).
 */
export async function clientOptions({ tenant, db }: OptionContext): Promise<Option[]> {
  if (hasNoTenant(tenant)) return [];
  const key = `clientOptions:${tenantCacheKey(tenant)}`;
  return cachedReference(db, key, () => loadClientOptions(tenant, db));
}

/** The client filter of a list whose rows hold a client in `column`. */
export const clientFilter = (column: string): ReadFilter => idFilter('client', msgText('res.common.client'), clientOptions, column);

async function loadClientOptions(tenant: OptionContext['tenant'], db: OptionContext['db']): Promise<Option[]> {
  const all = db
    .selectFrom('clients as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .select(['c.id', 'c.name', 'c.name_en', 'co.name as company', 'co.name_en as company_en'])
    .orderBy('co.name')
    .orderBy('c.name');
  const q = tenantScopedQuery(all, tenant, { company: 'c.company_id', client: 'c.id' });
  if (!q) return [];
  const platform = isPlatform(tenant);
  return (await q.execute()).map((c) => ({
    value: c.id,
    label: platform
      ? inBoth((lang) => msg(lang, 'res.common.parenthesised', { text: pickLang(lang, c.name, c.name_en), note: pickLang(lang, c.company, c.company_en) }))
      : { ja: c.name, en: c.name_en || c.name },
  }));
}

const say = (lang: Lang, text: Text) => text[lang];
const MSG = {
  grant: msgText('res.users.youCannotGrant'),
  higher: msgText('res.users.youMayNot'),
  ownRole: msgText('res.users.youCannotChange'),
  ownActive: msgText('res.users.youCannotDeactivate'),
};

/** Refuses roles above the caller's; on create adds a password nobody knows and the client's company. */
async function beforeWrite(values: Record<string, unknown>, ctx: HookContext, change: WriteChange): Promise<BeforeWriteResult> {
  const mine: string[] = grantableRoles(ctx.user.role);
  const errors: Record<string, string> = {};
  const before = change.before;
  if (before) {
    if (!mine.includes(String(before.role))) return { errors: { _: say(ctx.lang, MSG.higher) } };
    if (before.id === ctx.user.id) {
      if ('role' in values && values.role !== before.role) errors.role = say(ctx.lang, MSG.ownRole);
      if (values.active === false) errors.active = say(ctx.lang, MSG.ownActive);
    }
  }
  if ('role' in values && !mine.includes(String(values.role))) errors.role = say(ctx.lang, MSG.grant);
  if (Object.keys(errors).length) return { errors };
  if (before) return { values: {} };
  const shaped: Record<string, unknown> = { password_hash: await hashPassword(randomBytes(32).toString('base64url')) };
  // A platform caller picks only the client; the user belongs to that client's company.
  if (typeof values.client_id === 'string' && !values.company_id) {
    const client = await ctx.db.selectFrom('clients').select('company_id').where('id', '=', values.client_id).executeTakeFirstOrThrow();
    shaped.company_id = client.company_id;
  }
  return { values: shaped };
}

/** Invites a new user; ends every session of a user just deactivated. */
async function afterWrite(row: RecordRow, ctx: HookContext, change: WriteChange): Promise<void> {
  if (change.mode === 'create') {
    if (row.active === true) await ctx.services.auth.sendInvitation(row.id, ctx.user.name);
    return;
  }
  if (change.before?.active === true && row.active === false) await ctx.services.auth.revokeSessions(row.id);
  // The user's chat sockets that are already open move to the rooms of the new role or tenant.
  else if (change.before && ['role', 'company_id', 'client_id'].some((k) => change.before![k] !== row[k])) {
    await ctx.services.bus.publish('chat.rooms.refresh', { userId: row.id });
  }
}

const sendPasswordReset: RecordAction = {
  name: 'sendPasswordReset',
  label: msgText('res.users.sendPasswordReset'),
  done: msgText('res.users.passwordResetMail'),
  async run(row, ctx) {
    if (!grantableRoles(ctx.user.role).includes(String(row.role) as AdminRole)) return MSG.higher;
    if (row.active !== true) return msgText('res.users.userInactiveActivate');
    await ctx.services.auth.requestPasswordReset(String(row.email), isLang(row.lang) ? row.lang : DEFAULT_LANG);
  },
};

const roleOptions = (roles: readonly AdminRole[]): Option[] => roles.map((r) => ({ value: r, label: ROLE_TITLES[r]! }));

function userResource(o: {
  name: string;
  plural: string;
  title: Text;
  titlePlural: Text;
  path: string;
  roles: readonly AdminRole[];
  /** The tenant fields of this kind of user (company or client). */
  tenantFields: FieldDef[];
  sample: Record<string, unknown>;
}): ResourceDef {
  return {
    name: o.name,
    plural: o.plural,
    table: 'users',
    title: o.title,
    titlePlural: o.titlePlural,
    labelField: 'name',
    defaultSort: { field: 'name', dir: 'asc' },
    scope: userRows,
    fixedIn: { role: o.roles },
    noDelete: true,
    fields: [
      f.text('name', msgText('res.common.name'), { list: true, sortable: true, search: true, max: 100 }),
      f.email('email', msgText('res.common.emailAddress'), {
        required: true,
        list: true,
        sortable: true,
        search: true,
        hint: msgText('res.users.usedLogOnce'),
      }),
      f.select('role', msgText('res.users.role'), roleOptions(o.roles), { list: true, filter: true, default: o.roles[o.roles.length - 1] }),
      ...o.tenantFields,
      f.select(
        'lang',
        msgText('res.users.languageMailScreens'),
        [
          { value: 'ja', label: msgText('res.users.japanese') },
          { value: 'en', label: msgText('res.users.english') },
        ],
        { default: 'ja' },
      ),
      f.boolean('active', msgText('res.common.active'), {
        list: true,
        filter: true,
        default: true,
        hint: msgText('res.users.uncheckedUserLogged'),
      }),
    ],
    screens: [{ path: o.path, mode: 'single' }],
    beforeWrite,
    afterWrite,
    actions: [sendPasswordReset],
    sample: o.sample,
  };
}

export const adminUserResource = userResource({
  name: 'adminUser',
  plural: 'adminUsers',
  title: msgText('res.users.adminUser'),
  titlePlural: msgText('res.users.adminUsers'),
  path: '/admin/users/admin',
  roles: ['superadmin', 'admin'],
  tenantFields: [],
  sample: { name: 'テスト 管理者', email: 'sample-admin@users.test', role: 'admin', lang: 'ja', active: true },
});

export const companyUserResource = userResource({
  name: 'companyUser',
  plural: 'companyUsers',
  title: msgText('res.users.companyUser'),
  titlePlural: msgText('res.users.companyUsers'),
  path: '/admin/users/company',
  roles: ['company_admin', 'company_staff'],
  tenantFields: [f.ref('company_id', msgText('res.common.staffingCompany'), companyOptions, { list: true, filter: true, platformOnly: true, createOnly: true })],
  sample: { company_id: '$company', name: 'テスト 企業スタッフ', email: 'sample-company@users.test', role: 'company_staff', lang: 'ja', active: true },
});

export const clientUserResource = userResource({
  name: 'clientUser',
  plural: 'clientUsers',
  title: msgText('res.users.clientUser'),
  titlePlural: msgText('res.users.clientUsers'),
  path: '/admin/users/client',
  roles: ['client_admin', 'client_staff'],
  tenantFields: [f.ref('client_id', msgText('res.common.client'), clientOptions, { list: true, filter: true, createOnly: true })],
  sample: { client_id: '$client', name: 'テスト クライアント担当', email: 'sample-client@users.test', role: 'client_staff', lang: 'en', active: true },
});

export const USER_RESOURCES: ResourceDef[] = [adminUserResource, companyUserResource, clientUserResource];

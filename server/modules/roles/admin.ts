import { ROLE_NAMES, type RoleMap, type RoleMaps } from '../../auth/default-roles.ts';
import { audit, type Actor } from '../../db/audit.ts';
import type { DB } from '../../db/connect.ts';
import type { Lang, Text } from '../../../shared/i18n.ts';
import type { FieldErrors } from '../../validation.ts';
import { canEnter } from '../../access/guard.ts';
import { ADMIN_CODES, routeCode } from '../../access/routes.ts';
import { loadRoleMaps, saveRoleMaps } from './role-maps.ts';
import { msg } from '../../../shared/messages.ts';

/**
 * Editing the role maps at /admin/roles (code 280001): which roles may enter each
 * permission code through the page-role map and through the action-role map (SPEC §6).
 */

/** The code of /admin/roles itself: a save that takes it from every superadmin is refused. */
export const ROLES_SCREEN_CODE = routeCode('/admin/roles');
/** The audit log's entity for role-map changes (one entity, id 'roleMaps'). */
export const ROLE_MAPS_ENTITY = 'roleMaps';

export interface RoleInfo {
  name: string;
  kind: 'platform' | 'company' | 'client';
  title: Text;
}

/** The back-office roles (the matrix's columns): built-ins in their usual order, then any others by name. */
export async function listBackOfficeRoles(db: DB): Promise<RoleInfo[]> {
  const rows = await db.selectFrom('roles').select(['name', 'kind', 'title_ja', 'title_en']).where('kind', '!=', 'candidate').execute();
  const order = (name: string) => {
    const i = (ROLE_NAMES as readonly string[]).indexOf(name);
    return i === -1 ? ROLE_NAMES.length : i;
  };
  return rows.sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name)).map((r) => ({ name: r.name, kind: r.kind as RoleInfo['kind'], title: { ja: r.title_ja, en: r.title_en } }));
}

/** Known codes only, known roles only, each list sorted and without duplicates, no empty lists. */
function normalize(map: RoleMap): RoleMap {
  const out: RoleMap = {};
  for (const code of Object.keys(map)
    .map(Number)
    .sort((a, b) => a - b)) {
    const roles = [...new Set(map[String(code)] ?? [])].sort();
    if (roles.length) out[String(code)] = roles;
  }
  return out;
}

/** Why a new pair of maps may not be saved, as field errors; null when it may. */
export function checkRoleMaps(maps: RoleMaps, roles: readonly string[], lang: Lang): FieldErrors | null {
  const codes = new Set(ADMIN_CODES.map(String));
  for (const map of [maps.pageRoles, maps.actionRoles]) {
    for (const [code, list] of Object.entries(map)) {
      if (!codes.has(code)) return { _: msg(lang, 'roles.unknownCode', { code }) };
      const unknown = list.find((r) => !roles.includes(r));
      if (unknown) return { _: msg(lang, 'roles.unknownRole', { role: unknown }) };
    }
  }
  if (!canEnter(maps, 'superadmin', ROLES_SCREEN_CODE)) {
    const message = msg(lang, 'roles.keepSuperadmin');
    return { [String(ROLES_SCREEN_CODE)]: message, _: message };
  }
  return null;
}

/** The codes whose roles differ, keyed `page:<code>` and `action:<code>`. */
export function diffRoleMaps(before: RoleMaps, after: RoleMaps): Record<string, { from: string[]; to: string[] }> {
  const changes: Record<string, { from: string[]; to: string[] }> = {};
  for (const [kind, a, b] of [
    ['page', before.pageRoles, after.pageRoles],
    ['action', before.actionRoles, after.actionRoles],
  ] as const) {
    const na = normalize(a);
    const nb = normalize(b);
    for (const code of new Set([...Object.keys(na), ...Object.keys(nb)])) {
      const from = na[code] ?? [];
      const to = nb[code] ?? [];
      if (from.join(',') !== to.join(',')) changes[`${kind}:${code}`] = { from, to };
    }
  }
  return changes;
}

/**
 * Checks and saves both maps and writes what changed to the audit log. saveRoleMaps tells every
 * process (NOTIFY), so the guard uses the new maps from the next request on.
 */
export async function saveRoleMapsAudited(db: DB, maps: RoleMaps, actor: Actor, lang: Lang): Promise<{ ok: true; changed: number } | { ok: false; errors: FieldErrors }> {
  const roles = (await listBackOfficeRoles(db)).map((r) => r.name);
  const next: RoleMaps = { pageRoles: normalize(maps.pageRoles), actionRoles: normalize(maps.actionRoles) };
  const errors = checkRoleMaps(next, roles, lang);
  if (errors) return { ok: false, errors };
  const changes = diffRoleMaps(await loadRoleMaps(db), next);
  if (!Object.keys(changes).length) return { ok: true, changed: 0 };
  await saveRoleMaps(db, next);
  await audit(db, actor, ROLE_MAPS_ENTITY, ROLE_MAPS_ENTITY, null, changes);
  return { ok: true, changed: Object.keys(changes).length };
}

/** The latest role-map changes, newest first. */
export async function roleMapHistory(db: DB, limit = 20) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'action', 'actor_name', 'at', 'changes'])
    .where('entity', '=', ROLE_MAPS_ENTITY)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), action: r.action, actor_name: r.actor_name, at: r.at.toISOString(), changes: r.changes }));
}

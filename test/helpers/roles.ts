import type { RoleMaps } from '../../server/auth/default-roles.ts';
import { loadRoleMaps, saveRoleMaps } from '../../server/modules/roles/role-maps.ts';
import type { TestApp } from './app.ts';

/**
 * Changing who holds which permission code, as a superadmin would on /admin/roles, straight in the
 * app's database; the app is told at once (no waiting for the notification).
 */
type WithRoles = Pick<TestApp, 'database' | 'services'>;

async function save(t: WithRoles, maps: RoleMaps): Promise<void> {
  await saveRoleMaps(t.database.db, maps);
  t.services.roleMaps.invalidate();
}

/** Grants the page code `code` to `role` as well (for the rest of the file: nothing restores it). */
export async function grantPageCode(t: WithRoles, code: string, role: string): Promise<void> {
  const maps = await loadRoleMaps(t.database.db);
  maps.pageRoles[code] = [...(maps.pageRoles[code] ?? []), role];
  await save(t, maps);
}

/** Runs `check` while `role` holds none of `codes` (page or action), and puts the maps back after. */
export async function withoutCodes(t: WithRoles, codes: readonly (string | number)[], role: string, check: () => Promise<void>): Promise<void> {
  const original = await loadRoleMaps(t.database.db);
  const narrowed = structuredClone(original);
  for (const map of [narrowed.pageRoles, narrowed.actionRoles]) {
    for (const code of codes) map[String(code)] = (map[String(code)] ?? []).filter((r) => r !== role);
  }
  try {
    await save(t, narrowed);
    await check();
  } finally {
    await save(t, original);
  }
}

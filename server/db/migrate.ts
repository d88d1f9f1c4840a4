import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { PROJECT_ROOT } from '../root.ts';

/**
 * Every migration is a file of server/db/migrations/, named by its timestamp (the name without
 * `.ts` is what the kysely_migration table stores), found by listing the folder as Kysely's
 * FileMigrationProvider does, so a new migration is one new file and no list to extend. The
 * folder is read from the project root so the bundle (dist/server) finds the same files; the
 * `import()` with a template literal is one esbuild bundles as a glob of that folder (every
 * `*.ts` beside it becomes a chunk), so `npm start` runs the bundled code, not the sources.
 */
const FOLDER = path.join(PROJECT_ROOT, 'server/db/migrations');
const MIGRATION_FILE = /^(\d{8}_\d{4}_[a-z0-9_]+)\.ts$/;

let names: Promise<string[]> | undefined;
let loaded: Promise<Record<string, Migration>> | undefined;

/** The migrations' names, oldest first: the folder is listed once per process. */
function migrationNames(): Promise<string[]> {
  names ??= readdir(FOLDER).then((files) => files.flatMap((f) => MIGRATION_FILE.exec(f)?.[1] ?? []).sort());
  return names;
}

async function loadMigrations(): Promise<Record<string, Migration>> {
  const all = await migrationNames();
  const modules = await Promise.all(all.map(async (name) => (await import(`./migrations/${name}.ts`)) as Migration));
  return Object.fromEntries(all.map((name, i) => [name, modules[i]!]));
}

class FolderProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    loaded ??= loadMigrations();
    return loaded;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FolderProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * True when every known migration has run (used by /readyz, which answers within a second: the
 * names are compared with the kysely_migration table, no migration module is loaded).
 */
export async function migrationsDone(db: Kysely<any>): Promise<boolean> {
  const all = await migrationNames();
  const { rows } = await sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`.execute(db);
  if (!rows[0]?.found) return all.length === 0;
  const done = new Set((await db.selectFrom('kysely_migration').select('name').execute()).map((r: { name: string }) => r.name));
  return all.every((name) => done.has(name));
}

/** Every migration this code knows, oldest first. */
export function knownMigrations(): Promise<string[]> {
  return migrationNames();
}

/** Migrates up to and including `name` (a restore rebuilds the schema its backup had). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderProvider() });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

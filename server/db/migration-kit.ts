import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * The column shapes and triggers the migrations (server/db/migrations/) repeat. It lives beside
 * the folder, not in it: every file of that folder is a migration (server/db/migrate.ts).
 *
 * The rule: a migration may be restated (written again with these helpers) only when the schema it
 * produces is byte-identical in `pg_dump --schema-only`, after every step up and down. A helper here
 * never changes meaning once a migration uses it (a migration already run must build the same schema
 * on a new database); a new shape is a new helper.
 */

/** The `id` of most tables: a uuid the database draws. */
export const uuidKey = (c: ColumnDefinitionBuilder) => c.primaryKey().defaultTo(sql`gen_random_uuid()`);

/** A time the database sets when the row is written (a later write may set it again). */
export const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

/** A number that starts at zero: a count, an amount of yen, a sort position. */
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/** `created_at` and `updated_at`, both now() on insert: `.$call(timestamps)` at the end of a table. */
export const timestamps = <T extends CreateTableBuilder<any, any>>(t: T) => t.addColumn('created_at', 'timestamptz', now).addColumn('updated_at', 'timestamptz', now);

/**
 * The tenant key: `company_id`, required, and the company's rows go with it (`.$call(companyId)`).
 * A company_id that may be null (null: the platform's own row) is written out where it stands.
 */
export const companyId = <T extends CreateTableBuilder<any, any>>(t: T) => t.addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'));

/** The owner key: `user_id`, the person the row is about, required, and the row goes with them (`.$call(userId)`). */
export const userId = <T extends CreateTableBuilder<any, any>>(t: T) => t.addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'));

/** A table of a company's own rows, opened as they all are: its `id`, then the tenant key. */
export const tenantTable = (db: Kysely<any>, name: string) => db.schema.createTable(name).addColumn('id', 'uuid', uuidKey).$call(companyId);

/**
 * A table whose rows each belong to one row of another (a job's shifts, a survey's questions, a
 * sync of a connection), opened as they all are: its `id`, then `column`, the required reference to
 * `parent` ('table.id'); the rows go with the row they belong to.
 */
export const childTable = (db: Kysely<any>, name: string, column: string, parent: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'uuid', uuidKey)
    .addColumn(column, 'uuid', (c) => c.notNull().references(parent).onDelete('cascade'));

/** The builders that add columns: a new table's, and an altered one's. */
interface AddsColumns {
  addColumn(name: string, type: 'integer', build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder): AddsColumns;
}

/** Integer columns that start at zero (`zero`), in this order: a run's counts, a line's amounts of yen. */
export const zeros =
  (...names: [string, ...string[]]) =>
  <T extends AddsColumns>(t: T) =>
    names.reduce<AddsColumns>((b, name) => b.addColumn(name, 'integer', zero), t) as ReturnType<T['addColumn']>;

/**
 * A text kept in both languages, as a row's own texts are (DESIGN.md §3): `<name>_ja` and
 * `<name>_en`, defined alike (not null unless `build` says otherwise).
 */
export const bilingual =
  (name: string, build = (c: ColumnDefinitionBuilder) => c.notNull()) =>
  <T extends CreateTableBuilder<any, any>>(t: T) =>
    t.addColumn(`${name}_ja`, 'text', build).addColumn(`${name}_en`, 'text', build);

/** Drops tables one by one in the order given, dependents first (the `down` of a migration that created them). */
export async function dropTables(db: Kysely<any>, tables: readonly [string, ...string[]]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}

/** Drops the columns of one table in one statement (the `down` of a migration that added them). */
export async function dropColumns(db: Kysely<any>, table: string, columns: readonly [string, ...string[]]): Promise<void> {
  const [first, ...rest] = columns;
  let alter = db.schema.alterTable(table).dropColumn(first);
  for (const column of rest) alter = alter.dropColumn(column);
  await alter.execute();
}

/**
 * A trigger function that sends one NOTIFY and nothing else, for statement triggers: `channel` and
 * `payload` are SQL expressions (the function's text is what the database keeps, so it is written
 * the same way for every channel).
 */
export async function createNotifyFunction(db: Kysely<any>, name: string, channel: string, payload: string): Promise<void> {
  await sql`
    create function ${sql.id(name)}() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.raw(channel)}, ${sql.raw(payload)});
      return null;
    end $$`.execute(db);
}

/** A trigger that runs `fn` once per statement after `events` (e.g. `insert or update or delete or truncate`) on `table`. */
export async function createStatementTrigger(db: Kysely<any>, name: string, events: string, table: string, fn: string): Promise<void> {
  await sql`create trigger ${sql.id(name)} after ${sql.raw(events)} on ${sql.table(table)} for each statement execute function ${sql.id(fn)}()`.execute(db);
}

/** Drops a trigger if it is there (the `down` of createStatementTrigger). */
export async function dropTrigger(db: Kysely<any>, name: string, table: string): Promise<void> {
  await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table)}`.execute(db);
}

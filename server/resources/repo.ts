import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { type Tenant, isPlatform } from '../access/tenancy.ts';
import { audit as writeAudit, type Actor as AuditActor } from '../db/audit.ts';
import type { DB } from '../db/connect.ts';
import type { Lang, Text } from '../../shared/i18n.ts';
import { validate, type FieldErrors } from '../validation.ts';
import { wroteTable } from '../db/notified-cache.ts';
import { containing } from '../db/like.ts';
import { todayInJapan } from '../../shared/time.ts';
import { cachedCount } from './row-counts.ts';
import { cappedCount, compiledOnce, MAX_PAGE_SIZE } from './list.ts';
import { msg } from '../../shared/texts/index.ts';
import type { FieldDef, Option, ResourceDef } from './define.ts';
import { DATE_FILTERS, type ChildResource, type HookContext } from './define.ts';
import { isUuid } from '../../shared/ids.ts';

export type Row = Record<string, unknown> & { id: string };

export interface ListParams {
  page: number;
  size: number;
  sort?: string | null;
  dir?: 'asc' | 'desc' | null;
  q?: string | null;
  filters?: Record<string, string | null | undefined>;
  /** The columns to read (`id` always); all of them when left out. */
  columns?: ReadonlySet<string> | undefined;
}

export interface ListResult {
  rows: Row[];
  total: number;
  page: number;
  size: number;
}

/** The audit log's actor (server/db/audit.ts), always a person here. */
export interface Actor extends AuditActor {
  id: string;
  /** The whole caller, for the definition's hooks (beforeWrite); the API always passes it. */
  context?: HookContext;
}

export type WriteResult = { ok: true; row: Row } | { ok: false; errors: FieldErrors } | { ok: false; notFound: true };


// Engine tables are chosen by definition at run time, so queries here use an untyped handle.
const anyDb = (db: DB) => db as unknown as Kysely<any>;
type Query = SelectQueryBuilder<any, any, any>;

export function columnsOf(def: ResourceDef): string[] {
  return ['id', ...def.fields.map((f) => f.name), 'created_at', 'updated_at'];
}

/** What list and get read: the columns, plus the definition's computed values (ResourceDef.computed); only `only`'s when given. */
function selectionsOf(def: ResourceDef, only?: ReadonlySet<string>) {
  const wanted = (name: string) => !only || name === 'id' || only.has(name);
  return [...columnsOf(def).filter(wanted), ...(def.computed ?? []).filter((c) => wanted(c.name)).map((c) => c.sql(def.table).as(c.name))];
}

/** The definition's table with the tenant's scope (its `i`th value as `value(i)`) and the definition's fixed constraints. */
function restricted(db: DB, def: ResourceDef, scope: { column: string; value: string }[], value: (i: number) => unknown = (i) => scope[i]!.value): Query {
  let q = anyDb(db).selectFrom(def.table);
  scope.forEach(({ column }, i) => (q = q.where(column, '=', value(i))));
  for (const [column, v] of Object.entries(def.fixed ?? {})) q = q.where(column, '=', v);
  for (const [column, values] of Object.entries(def.fixedIn ?? {})) q = values.length ? q.where(column, 'in', [...values]) : q.where(sql<boolean>`false`);
  return q;
}

function base(db: DB, def: ResourceDef, tenant: Tenant) {
  const scope = def.scope.where(tenant);
  return scope === null ? null : restricted(db, def, scope);
}

/**
 * A list view taken apart: what its statement's text depends on (`shape`), its values in the
 * order `build` puts them, and the key of its total (row-counts.ts).
 */
interface ListPlan {
  shape: string;
  values: unknown[];
  countKey: string;
  /** The page's statement (with the capped total when `withCount`) and the total's own, with `value(i)` for each value. */
  build(db: DB, value: (i: number) => unknown, withCount: boolean): { page: Query; count: Query };
}

export function planList(def: ResourceDef, tenant: Tenant, p: ListParams, size: number, page: number): ListPlan | null {
  const scope = def.scope.where(tenant);
  if (scope === null) return null;
  const values: unknown[] = [];
  const slot = (x: unknown) => values.push(x) - 1;
  const shape: unknown[] = [def.name];
  // What the total depends on: the definition, the tenant's scope, the search and the filters
  // applied, and the day in Japan when a date window is among them.
  const counted: unknown[] = [def.name, scope];
  const wheres: ((q: Query, v: (i: number) => unknown) => Query)[] = [];
  // The scope's values are the first ones (`restricted` asks for them by their index).
  for (const { column, value } of scope) {
    slot(value);
    shape.push(column);
  }
  const searchable = def.fields.filter((f) => f.search).map((f) => f.name);
  if (p.q && p.q.trim() && searchable.length) {
    counted.push(['q', p.q.trim()]);
    shape.push('q');
    const i = slot(containing(p.q.trim()));
    wheres.push((q, v) => q.where((eb) => eb.or(searchable.map((c) => eb(sql`${sql.ref(c)}::text`, 'ilike', v(i))))));
  }
  for (const [name, value] of Object.entries(p.filters ?? {})) {
    const field = def.fields.find((f) => f.name === name && f.filter);
    if (!field || value === undefined || value === null || value === '') continue;
    counted.push([name, value]);
    if (field.multiple) {
      const i = slot(value);
      shape.push([name, 'any']);
      wheres.push((q, v) => q.where(sql<boolean>`${v(i)} = any(${sql.ref(name)})`));
    } else if (field.kind === 'date') {
      // A window relative to today in Japan (DATE_FILTERS), or one exact day.
      const w = DATE_FILTERS[value];
      if (w) {
        counted.push(todayInJapan());
        shape.push([name, 'window', value]);
        const today = sql`(now() at time zone 'Asia/Tokyo')::date`;
        wheres.push((q) => {
          if (w.from !== null) q = q.where(sql<boolean>`${sql.ref(name)} >= ${today} + ${w.from}::int`);
          if (w.to !== null) q = q.where(sql<boolean>`${sql.ref(name)} <= ${today} + ${w.to}::int`);
          return q;
        });
      } else if (z.iso.date().safeParse(value).success) {
        const i = slot(value);
        shape.push([name, 'day']);
        wheres.push((q, v) => q.where(sql<boolean>`${sql.ref(name)} = ${v(i)}::date`));
      } else {
        shape.push([name, 'none']);
        wheres.push((q) => q.where(sql<boolean>`false`));
      }
    } else if (field.kind === 'boolean') {
      const i = slot(value === 'true');
      shape.push([name, 'is']);
      wheres.push((q, v) => q.where(name, '=', v(i)));
    } else if (field.kind === 'select' || field.kind === 'number') {
      const i = slot(value);
      shape.push([name, 'eq']);
      wheres.push((q, v) => q.where(sql`${sql.ref(name)}::text`, '=', v(i)));
    } else {
      const i = slot(containing(value));
      shape.push([name, 'like']);
      wheres.push((q, v) => q.where(sql`${sql.ref(name)}::text`, 'ilike', v(i)));
    }
  }
  const sortField = def.fields.find((f) => f.name === p.sort && f.sortable)?.name ?? (p.sort === 'created_at' || p.sort === 'updated_at' ? p.sort : def.defaultSort.field);
  // An explicit known sort column defaults to ascending; otherwise (none, or unknown) the definition's order.
  const dir = p.dir === 'asc' || p.dir === 'desc' ? p.dir : sortField !== def.defaultSort.field ? 'asc' : def.defaultSort.dir;
  const columns = p.columns ? [...p.columns].sort() : null;
  shape.push(sortField, dir, columns);
  const limit = slot(size);
  const offset = slot((page - 1) * size);
  return {
    shape: JSON.stringify(shape),
    values,
    countKey: JSON.stringify(counted),
    build(db, v, withCount) {
      let q = restricted(db, def, scope, v);
      for (const w of wheres) q = w(q, v);
      const count = cappedCount(db, q);
      let pageQ = q.select(selectionsOf(def, columns ? new Set(columns) : undefined));
      // The total rides on the page's statement as a scalar subquery (run once).
      if (withCount) pageQ = pageQ.select(count.as('__total'));
      return { page: pageQ.orderBy(sortField, dir).orderBy('id', 'asc').limit(v(limit) as number).offset(v(offset) as number), count };
    },
  };
}

/**
 * The page's statement of a list view, compiled once per shape (list.ts). Exported for the test
 * that compares it with Kysely's own compilation of the same view.
 */
export function listStatement(db: DB, plan: ListPlan, withCount: boolean): CompiledQuery {
  return compiledOnce(withCount ? `${plan.shape}+` : plan.shape, plan.values, (v) => plan.build(db, v, withCount).page)!;
}

export async function listRows(db: DB, def: ResourceDef, tenant: Tenant, p: ListParams): Promise<ListResult> {
  const size = Math.min(Math.max(1, Math.trunc(p.size) || 20), MAX_PAGE_SIZE);
  const page = Math.max(1, Math.trunc(p.page) || 1);
  const plan = planList(def, tenant, p, size, page);
  if (!plan) return { rows: [], total: 0, page, size };
  // The total of these filters is kept until the table changes (row-counts.ts). When it has to be
  // counted, it rides on the page's statement; only a page past the end, which has no row to
  // carry it, counts on its own.
  let rows: Row[] | undefined;
  const total = await cachedCount(db, def.table, plan.countKey, async () => {
    const withTotal = (await db.executeQuery(listStatement(db, plan, true))).rows as (Row & { __total?: unknown })[];
    // Copied without the total rather than `delete`d: a deleted property turns each row into a slow
    // dictionary object for everything that reads it afterwards (resolvers, cells).
    rows = withTotal.map(({ __total: _, ...row }) => row as Row);
    if (withTotal.length) return Number(withTotal[0]!.__total);
    if (page === 1) return 0;
    return Number((await plan.build(db, (i) => plan.values[i], false).count.executeTakeFirstOrThrow()).n);
  });
  rows ??= (await db.executeQuery(listStatement(db, plan, false))).rows as Row[];
  return { rows, total, page, size };
}

export async function getRow(db: DB, def: ResourceDef, tenant: Tenant, id: string): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  const q = base(db, def, tenant);
  if (!q) return undefined;
  return (await q.select(selectionsOf(def)).where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

export async function optionsFor(field: FieldDef, tenant: Tenant, db: DB): Promise<Option[]> {
  if (!field.options) return [];
  return typeof field.options === 'function' ? field.options({ tenant, db }) : field.options;
}

/** The fields a caller may write in this operation. */
export function writableFields(def: ResourceDef, tenant: Tenant, mode: 'create' | 'update', only?: string[]): FieldDef[] {
  return def.fields.filter(
    (f) => (!f.platformOnly || isPlatform(tenant)) && (mode === 'create' || !f.createOnly) && (!only || only.includes(f.name)),
  );
}

/**
 * Validates what a caller may write. A create takes every writable field; an update only the
 * fields it names (a screen's subset, or the keys an API call sent), so partial updates work.
 */
async function validateInput(db: DB, def: ResourceDef, tenant: Tenant, mode: 'create' | 'update', input: Record<string, unknown>, lang: Lang, only?: string[]) {
  const fields = writableFields(def, tenant, mode, mode === 'update' ? (only ?? Object.keys(input)) : undefined);
  const schema = z.object(Object.fromEntries(fields.map((f) => [f.name, f.schema])));
  // A create that leaves a field out means "no value" (as a blank form field does): optional
  // fields accept it, required ones say so.
  const complete = mode === 'create' ? { ...Object.fromEntries(fields.map((f) => [f.name, f.default ?? null])), ...input } : input;
  const v = validate(schema, complete, lang, new Set(fields.filter((f) => f.kind === 'select').map((f) => f.name)));
  if (!v.ok) return v;
  // A reference must point at a row the caller may choose (its own tenant's), not any id.
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (typeof field.options !== 'function') continue;
    const value = (v.data as Record<string, unknown>)[field.name];
    if (value === null || value === undefined) continue;
    const allowed = await optionsFor(field, tenant, db);
    if (Array.isArray(value)) {
      // Integer ids (e.g. visa types in an int[] column) are offered as decimal strings.
      if (value.some((x) => !allowed.some((o) => o.value === String(x)))) errors[field.name] = msg(lang, 'validation.choice');
      continue;
    }
    // An integer id (e.g. an enumeration's) is offered as its decimal string.
    if (typeof value === 'number') {
      if (!allowed.some((o) => o.value === String(value))) errors[field.name] = msg(lang, 'validation.choice');
      continue;
    }
    if (!allowed.some((o) => o.value === value)) errors[field.name] = msg(lang, 'validation.choice');
  }
  if (Object.keys(errors).length) return { ok: false as const, errors };
  return { ok: true as const, data: v.data as Record<string, unknown> };
}

async function audit(db: Kysely<any>, def: ResourceDef, actor: Actor, action: 'create' | 'update' | 'delete', row: Row, changes: Record<string, unknown>) {
  await writeAudit(db as DB, actor, def.name, row.id, def.scope.companyOf(row), changes, action);
}

/**
 * Writes one audit-log entry of a record from outside the generic writes: a definition's own
 * operations and record actions (e.g. shifts added to a job, a job duplicated), in the caller's
 * transaction when given one.
 */
export async function recordAudit(db: DB | Kysely<any>, def: ResourceDef, actor: Actor, action: 'create' | 'update' | 'delete', row: Row, changes: Record<string, { from: unknown; to: unknown }>): Promise<void> {
  await audit(db as Kysely<any>, def, actor, action, row, changes);
}

/** The definition's own checks (ResourceDef.validate), after the field schemas passed; null = none failed. */
async function runValidateHook(db: DB, def: ResourceDef, tenant: Tenant, id: string | null, data: Record<string, unknown>, lang: Lang, actor: Actor): Promise<FieldErrors | null> {
  if (!def.validate) return null;
  const errors = await def.validate(data, { db, tenant, id, lang, services: actor.context?.services });
  return Object.keys(errors).length ? errors : null;
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : v ?? null);

export async function createRow(db: DB, def: ResourceDef, tenant: Tenant, actor: Actor, input: Record<string, unknown>, lang: Lang): Promise<WriteResult> {
  if (def.scope.where(tenant) === null) return { ok: false, notFound: true };
  const v = await validateInput(db, def, tenant, 'create', input, lang);
  if (!v.ok) return v;
  const hookErrors = await runValidateHook(db, def, tenant, null, v.data, lang, actor);
  if (hookErrors) return { ok: false, errors: hookErrors };
  const values = { ...v.data, ...def.fixed, ...def.scope.assign(tenant) };
  const shaped = def.beforeWrite ? await def.beforeWrite(values, hookContextOf(def, actor), { mode: 'create', before: null }) : null;
  if (shaped && 'errors' in shaped) return { ok: false, errors: shaped.errors };
  if (shaped) Object.assign(values, shaped.values);
  const created = await anyDb(db)
    .transaction()
    .execute(async (trx) => {
      const row = (await trx.insertInto(def.table).values(values).returning(columnsOf(def)).executeTakeFirstOrThrow()) as Row;
      await audit(trx, def, actor, 'create', row, Object.fromEntries(Object.entries(v.data).map(([k, val]) => [k, { from: null, to: comparable(val) }])));
      return { ok: true as const, row };
    });
  wroteTable(db, def.table);
  return created;
}

export async function updateRow(db: DB, def: ResourceDef, tenant: Tenant, actor: Actor, id: string, input: Record<string, unknown>, lang: Lang, only?: string[]): Promise<WriteResult> {
  const before = await getRow(db, def, tenant, id);
  if (!before) return { ok: false, notFound: true };
  const v = await validateInput(db, def, tenant, 'update', input, lang, only);
  if (!v.ok) return v;
  const hookErrors = await runValidateHook(db, def, tenant, id, v.data, lang, actor);
  if (hookErrors) return { ok: false, errors: hookErrors };
  const shaped = def.beforeWrite ? await def.beforeWrite(v.data, hookContextOf(def, actor), { mode: 'update', before }) : null;
  if (shaped && 'errors' in shaped) return { ok: false, errors: shaped.errors };
  if (shaped) Object.assign(v.data, shaped.values);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, val] of Object.entries(v.data)) {
    if (JSON.stringify(comparable(before[k])) !== JSON.stringify(comparable(val))) changes[k] = { from: comparable(before[k]), to: comparable(val) };
  }
  if (!Object.keys(changes).length) return { ok: true, row: before };
  const updated = await anyDb(db)
    .transaction()
    .execute(async (trx) => {
      const row = (await trx
        .updateTable(def.table)
        .set({ ...v.data, updated_at: new Date() })
        .where('id', '=', id)
        .returning(columnsOf(def))
        .executeTakeFirstOrThrow()) as Row;
      await audit(trx, def, actor, 'update', row, changes);
      return { ok: true as const, row };
    });
  wroteTable(db, def.table);
  return updated;
}

export async function deleteRow(db: DB, def: ResourceDef, tenant: Tenant, actor: Actor, id: string): Promise<boolean | { keptBy: Text[] }> {
  const before = await getRow(db, def, tenant, id);
  if (!before) return false;
  const keptBy: Text[] = [];
  for (const k of def.keptBy ?? []) {
    if (await anyDb(db).selectFrom(k.table).select(sql`1`.as('one')).where(k.column, '=', id).limit(1).executeTakeFirst()) keptBy.push(k.what);
  }
  if (keptBy.length) return { keptBy };
  await anyDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom(def.table).where('id', '=', id).execute();
      await audit(trx, def, actor, 'delete', before, { [def.labelField]: { from: comparable(before[def.labelField]), to: null } });
    });
  wroteTable(db, def.table);
  return true;
}

export interface AuditEntry {
  id: number;
  action: string;
  actor_name: string;
  at: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}

export async function auditOf(db: DB, def: ResourceDef, tenant: Tenant, id: string): Promise<AuditEntry[]> {
  const visible = isUuid(id) ? base(db, def, tenant) : null;
  if (!visible) return [];
  // Only a record the caller may see has a history for them: checked in the same statement.
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'action', 'actor_name', 'at', 'changes'])
    .where('entity', '=', def.name)
    .where('entity_id', '=', id)
    .where(({ exists }) => exists(visible.select(sql`1`.as('one')).where(`${def.table}.id`, '=', id)))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() }));
}

/** The caller as a definition's hooks see it; a definition with hooks cannot be written without it. */
function hookContextOf(def: ResourceDef, actor: Actor): HookContext {
  if (!actor.context) throw new Error(`Resource ${def.name}: its hooks need the caller's context (Actor.context)`);
  return actor.context;
}

// ---------------------------------------------------------------------------------------------
// Child rows (ResourceDef.children): always reached through a parent the caller may see.

function childColumnsOf(child: ChildResource): string[] {
  return ['id', child.parentColumn, ...child.fields.map((f) => f.name), 'created_at', 'updated_at'];
}

const childLabel = (child: ChildResource, row: Record<string, unknown>) => comparable(row[child.labelField]);

export async function listChildren(db: DB, def: ResourceDef, child: ChildResource, tenant: Tenant, parentId: string): Promise<Row[] | undefined> {
  if (!(await getRow(db, def, tenant, parentId))) return undefined;
  return (await anyDb(db)
    .selectFrom(child.table)
    .select(childColumnsOf(child))
    .where(child.parentColumn, '=', parentId)
    .orderBy(child.defaultSort.field, child.defaultSort.dir)
    .orderBy('id', 'asc')
    .execute()) as Row[];
}

/** Adds a child row to a record the caller may see; the record's audit log gets `{ <plural>: { from: null, to: label } }`. */
export async function createChild(db: DB, def: ResourceDef, child: ChildResource, tenant: Tenant, actor: Actor, parentId: string, input: Record<string, unknown>, lang: Lang): Promise<WriteResult> {
  const parent = await getRow(db, def, tenant, parentId);
  if (!parent) return { ok: false, notFound: true };
  const v = await validateInput(db, { ...def, fields: child.fields }, tenant, 'create', input, lang);
  if (!v.ok) return v;
  return anyDb(db)
    .transaction()
    .execute(async (trx) => {
      const row = (await trx.insertInto(child.table).values({ ...v.data, [child.parentColumn]: parentId }).returning(childColumnsOf(child)).executeTakeFirstOrThrow()) as Row;
      await audit(trx, def, actor, 'update', parent, { [child.plural]: { from: null, to: childLabel(child, row) } });
      return { ok: true as const, row };
    });
}

/** Removes a child row whose record the caller may see; false when there is none. */
export async function deleteChild(db: DB, def: ResourceDef, child: ChildResource, tenant: Tenant, actor: Actor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = (await anyDb(db).selectFrom(child.table).select(childColumnsOf(child)).where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) return false;
  const parent = await getRow(db, def, tenant, String(row[child.parentColumn]));
  if (!parent) return false;
  await anyDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom(child.table).where('id', '=', id).execute();
      await audit(trx, def, actor, 'update', parent, { [child.plural]: { from: childLabel(child, row), to: null } });
    });
  return true;
}

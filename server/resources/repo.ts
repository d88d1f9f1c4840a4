import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Tenant } from '../access/tenancy.ts';
import { audit as writeAudit, type Actor as AuditActor } from '../db/audit.ts';
import type { DB } from '../db/connect.ts';
import { DEFAULT_LANG, type Lang, type Text } from '../../shared/i18n.ts';
import { validate, type FieldErrors } from '../validation.ts';
import { wroteTable } from '../db/notified-cache.ts';
import { containing } from '../db/like.ts';
import type { CellKind } from '../../shared/list-kinds.ts';
import type { ListCondition, ListDef } from './list.ts';
import { msg } from '../../shared/texts/index.ts';
import type { FieldDef, Option, ResourceDef } from './define.ts';
import { DATE_FILTERS, unseenFields, writableFields, type ChildResource, type HookContext } from './define.ts';
import { isUuid } from '../../shared/ids.ts';

export type Row = Record<string, unknown> & { id: string };

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

/** What a record's page reads: the columns, plus the definition's computed values (ResourceDef.computed). */
function selectionsOf(def: ResourceDef, lang: Lang) {
  return [...columnsOf(def), ...(def.computed ?? []).map((c) => c.sql(def.table, lang).as(c.name))];
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

/** The kind of a resource field's cell (docs/lists.md): a number may say it is money. */
function kindOfField(f: FieldDef): CellKind {
  if (f.kind === 'number') return f.cell ?? 'number';
  if (f.kind === 'select') return 'choice';
  if (f.kind === 'boolean' || f.kind === 'date') return f.kind;
  return 'text';
}

/** The condition of a resource's filter, by its field's kind; its values in slots. */
function fieldCondition(field: FieldDef, value: string, slot: (x: unknown) => number): ListCondition {
  const name = field.name;
  if (field.multiple) {
    const i = slot(value);
    return { shape: [name, 'any'], where: (_, v) => sql<SqlBool>`${v(i)} = any(${sql.ref(name)})` };
  }
  if (field.kind === 'date') {
    // A window relative to today in Japan (DATE_FILTERS), or one exact day.
    const w = DATE_FILTERS[value];
    if (w) {
      const today = sql`(now() at time zone 'Asia/Tokyo')::date`;
      const from = w.from === null ? null : sql<SqlBool>`${sql.ref(name)} >= ${today} + ${w.from}::int`;
      const to = w.to === null ? null : sql<SqlBool>`${sql.ref(name)} <= ${today} + ${w.to}::int`;
      return { shape: [name, 'window', value], where: (eb) => eb.and([from, to].filter((x) => x !== null)) };
    }
    if (z.iso.date().safeParse(value).success) {
      const i = slot(value);
      return { shape: [name, 'day'], where: (_, v) => sql<SqlBool>`${sql.ref(name)} = ${v(i)}::date` };
    }
    return { shape: [name, 'none'], where: () => sql<SqlBool>`false` };
  }
  if (field.kind === 'boolean') {
    const i = slot(value === 'true');
    return { shape: [name, 'is'], where: (eb, v) => eb(sql.ref(name), '=', v(i)) };
  }
  if (field.kind === 'select' || field.kind === 'number') {
    const i = slot(value);
    return { shape: [name, 'eq'], where: (eb, v) => eb(sql`${sql.ref(name)}::text`, '=', v(i)) };
  }
  const i = slot(containing(value));
  return { shape: [name, 'like'], where: (eb, v) => eb(sql`${sql.ref(name)}::text`, 'ilike', v(i)) };
}

const resourceLists = new WeakMap<ResourceDef, ListDef>();

/**
 * A resource's list as the engine's one list definition (list.ts), made once per definition: its
 * table under the tenant's scope (the scope's values in slots), its fields, timestamps and computed
 * values as columns, its filters by field kind, offset paging and a total kept until the table changes.
 */
export function listOfResource(def: ResourceDef): ListDef {
  const known = resourceLists.get(def);
  if (known) return known;
  const ref = (name: string) => () => sql.ref(name);
  const list: ListDef = {
    name: `resource:${def.name}`,
    rows(tenant, slot) {
      const scope = def.scope.where(tenant);
      if (scope === null) return null;
      const slots = scope.map((s) => slot(s.value));
      return { shape: scope.map((s) => s.column), counted: scope, from: (db, v) => restricted(db, def, scope, (i) => v(slots[i]!)) };
    },
    id: 'id',
    // A field some tenants do not see (FieldDef.tenants) is not sorted, searched or filtered by: the rows' order or count would tell it.
    columns: [
      ...def.fields.map((f) => ({
        name: f.name,
        kind: kindOfField(f),
        sql: ref(f.name),
        sortable: f.sortable && !f.tenants,
        search: f.search && !f.tenants,
        ...(Array.isArray(f.options) ? { options: f.options } : {}),
      })),
      ...(['created_at', 'updated_at'] as const).map((name) => ({ name, kind: 'datetime' as const, sql: ref(name), sortable: true, notNull: true })),
      ...(def.computed ?? []).map((c) => ({ name: c.name, kind: 'text' as const, sql: (lang: Lang) => c.sql(def.table, lang) })),
    ],
    filters: def.fields.filter((f) => f.filter && !f.tenants).map((f) => ({ name: f.name, condition: (value, slot) => fieldCondition(f, value, slot) })),
    defaultSort: { column: def.defaultSort.field, dir: def.defaultSort.dir },
    paging: 'offset',
    cursors: false,
    count: { kept: def.table },
  };
  resourceLists.set(def, list);
  return list;
}

/** A record the tenant may see; `lang` is the reader's, for computed values that hold words. */
export async function getRow(db: DB, def: ResourceDef, tenant: Tenant, id: string, lang: Lang = DEFAULT_LANG): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  const q = base(db, def, tenant);
  if (!q) return undefined;
  return (await q.select(selectionsOf(def, lang)).where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

/** Every choice of a field for the caller (a reference: the rows of the caller's tenant). */
async function choicesOf(field: FieldDef, tenant: Tenant, db: DB): Promise<Option[]> {
  if (!field.options) return [];
  return typeof field.options === 'function' ? field.options({ tenant, db }) : field.options;
}

/** The choices a caller is offered: the field's, only those a new record may still take where it says so (`offered`). */
export async function optionsFor(field: FieldDef, tenant: Tenant, db: DB): Promise<Option[]> {
  const all = await choicesOf(field, tenant, db);
  if (!field.offered) return all;
  const left = new Set(await field.offered.values({ tenant, db }));
  return all.filter((o) => left.has(o.value));
}

/**
 * Validates what a caller may write. A create takes every writable field; an update only the
 * fields it names (a screen's subset, or the keys an API call sent), so partial updates work.
 */
async function validateInput(db: DB, def: ResourceDef, tenant: Tenant, mode: 'create' | 'update', input: Record<string, unknown>, lang: Lang, only?: string[]) {
  const fields = writableFields(def.fields, tenant, mode, mode === 'update' ? (only ?? Object.keys(input)) : undefined);
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
    const allowed = await choicesOf(field, tenant, db);
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
export async function recordAudit(
  db: DB | Kysely<any>,
  def: ResourceDef,
  actor: Actor,
  action: 'create' | 'update' | 'delete',
  row: Row,
  changes: Record<string, { from: unknown; to: unknown }>,
): Promise<void> {
  await audit(db as Kysely<any>, def, actor, action, row, changes);
}

/** The definition's own checks (ResourceDef.validate), after the field schemas passed; null = none failed. */
async function runValidateHook(db: DB, def: ResourceDef, tenant: Tenant, id: string | null, data: Record<string, unknown>, lang: Lang, actor: Actor): Promise<FieldErrors | null> {
  if (!def.validate) return null;
  const errors = await def.validate(data, { db, tenant, id, lang, services: actor.context?.services });
  return Object.keys(errors).length ? errors : null;
}

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

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
  const entries = rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() }));
  // What the caller's tenant does not see of the record (FieldDef.tenants) it does not see changed either.
  const hidden = unseenFields(def.fields, tenant);
  if (!hidden.length) return entries;
  return entries.flatMap((e) => {
    const changes = Object.fromEntries(Object.entries(e.changes).filter(([k]) => !hidden.includes(k)));
    return e.action === 'update' && !Object.keys(changes).length ? [] : [{ ...e, changes }];
  });
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
      const row = (await trx
        .insertInto(child.table)
        .values({ ...v.data, [child.parentColumn]: parentId })
        .returning(childColumnsOf(child))
        .executeTakeFirstOrThrow()) as Row;
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

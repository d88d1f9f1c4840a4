import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Lang, Text } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';
import type { BadgeState, CellKind } from '../../shared/list-kinds.ts';
import { keptFrom, tenantScopedQuery, type Tenant } from '../access/tenancy.ts';
import { audit } from '../db/audit.ts';
import type { DB } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { DATE_FILTERS, type HookContext, type Option, type OptionContext, type RowsOffered } from './define.ts';
import { readList, type ListDef, type ListPage, type ListQuery } from './list.ts';
import { pickLangSql } from './pick-lang-sql.ts';
import { isUuid } from '../../shared/ids.ts';

/**
 * A read model (DESIGN.md §3, docs/architecture.md "Read models"): a list screen over a query
 * with joins, where the resource definition (define.ts) lists one table. From one definition
 * the engine derives a GraphQL list operation (offset or keyset paging, search, filters, sort),
 * its authorization from the route table's codes of the screens that show it, the declared state
 * transitions and row/bulk actions as mutations, and the screens (server/web/screens/read-models.tsx)
 * with typed column renderers, CSV export and bulk forms.
 */

/** How a column's value is shown (views/ui/DataTable.tsx) and typed in GraphQL: the engine's cell kinds less a resource field's own. */
export type ColumnType = Exclude<CellKind, 'boolean'>;

export type { BadgeState };

export interface ReadColumn {
  /** The row's key and the GraphQL field. */
  name: string;
  label: Text;
  type: ColumnType;
  /**
   * The value in SQL: a column reference of the source (`'u.name'`) or an expression; a function
   * gets the caller's language (e.g. the job title in it, falling back to the other language).
   */
  sql: string | ((lang: Lang) => RawBuilder<unknown>);
  sortable?: boolean;
  /** Part of the free-text search (compared as text, case-insensitive). */
  search?: boolean;
  /** In the GraphQL type and the CSV, not a list column (e.g. the ids behind a link). */
  hidden?: boolean;
  /** The value is never null: a sort on it may page by cursor (keyset). */
  notNull?: boolean;
  /**
   * badge: the states and their tones (the label is shown; an unknown value shows as it is). A
   * function reads them for the caller's tenant (a company's own status tree); only the state
   * column of the transitions may be so, and the screens then read them from the API.
   */
  states?: readonly BadgeState[] | ((ctx: OptionContext) => Promise<readonly BadgeState[]>);
  /**
   * link: the routes of the route table it may open, the first that applies to the row (`when`:
   * column values) and that the user may enter; `params` fill the route's parameters from columns.
   */
  links?: readonly ReadLink[];
  /**
   * choice: what each stored value reads as, in both languages (a person's nationality: a country
   * code named); the API and the sort keep the value, the cells and the CSV show its label, and a
   * value the options do not know shows as it is.
   */
  options?: readonly { value: string; label: Text }[];
  /** money: the unit written after the amount. */
  unit?: 'hour' | 'day' | 'month';
  /** Shown only on these screens (paths); default all. The API and the CSV always have it. */
  screens?: readonly string[];
  /**
   * Read only by users of these tenant kinds (a worker's pay account and the staffing company's own
   * registry: not a client's). The API answers null for it to the others, and their screens and
   * CSV leave it out. Such a column is not sorted or searched by (the rows' order would tell it).
   */
  tenants?: readonly Tenant['kind'][];
  /** date: flagged on the screens when within this many days or past (views/ui/DataTable.tsx `soon`). */
  soon?: number;
  /** text: a long text (a message someone wrote), given room on the screens (views/ui/DataTable.tsx `wide`). */
  wide?: true;
  /**
   * The cell links to a file of the row on the same screen: `?<download>=<row id>` (a payslip, an
   * invoice PDF), which the screen's panel serves (a screen module's `panels`, server/web/screens/found.ts).
   */
  download?: string;
}

export interface ReadLink {
  route: string;
  params: Record<string, string>;
  when?: Record<string, string>;
}

export interface ReadFilter {
  name: string;
  label: Text;
  /** select: one of the options; date: a window of DATE_FILTERS or one day; text: a substring. */
  kind: 'select' | 'date' | 'text';
  options?: Option[] | ((ctx: OptionContext) => Promise<Option[]>);
  /** The options are names (countries): each reader gets them in the alphabetical order of their language. */
  alphabetical?: boolean;
  /** Not drawn in the filter bar: set by the screen itself (the calendar's week). */
  hidden?: boolean;
  /** The condition for a value (already checked against the options for a select). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a read model's source joins tables under aliases of its own
  where(eb: ExpressionBuilder<any, any>, value: string): Expression<SqlBool>;
}

/**
 * A move of rows from one state to another (SPEC: the candidate status moves). Who may: the codes
 * (any of them), else whoever may open a screen of the read model. The engine checks the row's
 * current state, writes the new one, and records who moved what in the audit log.
 */
export interface Transition {
  from: readonly string[];
  to: string;
  codes?: readonly number[];
  /**
   * Asked before a row is moved by it, the target state's name as `{state}`: a move that tells
   * someone what cannot be taken back (an applicant's close, announced by chat and mail).
   */
  confirm?: MessageKey;
}

export interface Transitions {
  /** The badge column that holds the state. */
  column: string;
  /** The table and column written, and the column of the table's company (for the audit log). */
  table: string;
  stateColumn: string;
  companyColumn: string;
  /** The audit log's entity for a move (default: the read model's name), e.g. the table's own name. */
  entity?: string;
  /** The declared moves; a function reads them for the caller's tenant (e.g. from a status tree it owns). */
  moves: readonly Transition[] | ((ctx: OptionContext) => Promise<readonly Transition[]>);
  /**
   * Asked for each row inside the move's transaction, before it is written: a refusal keeps the row
   * where it is (`refused` with this reason and message), e.g. a person who may not work.
   */
  check?(trx: import('../db/connect.ts').DB, row: ReadRow, to: string, ctx: HookContext): Promise<{ reason: string; message: string } | null>;
  /** After the move has committed (a chat message, a mail): the rows moved (read-model values before the move) and the state each left. */
  afterMove?(moved: { row: ReadRow; from: string }[], to: string, ctx: HookContext): Promise<void>;
}

/** A button on a row, or on the selected rows when `bulk`. */
export interface ReadAction {
  /** Letters only: the API's `action` argument. */
  name: string;
  label: Text;
  /** Asked before running (a destructive or irreversible action). */
  confirm?: Text;
  bulk?: boolean;
  /** Who may (any of the codes); default: whoever may open a screen of the read model. */
  codes?: readonly number[];
  /** Offered only on these screens (paths); default all. */
  screens?: readonly string[];
  /** Offered only to users of these tenant kinds (a client's own confirmation); default all. */
  tenants?: readonly Tenant['kind'][];
  /** The rows that draw it as their own button (`offersRow`); the bulk bar offers it always. Default: every row. */
  rows?: RowsOffered;
  /** Runs it on rows the caller may see; a returned text refuses (shown as the page's error). */
  run(rows: ReadRow[], ctx: HookContext): Promise<Text | void>;
  /** The notice once it ran. */
  done: Text;
}

export interface ReadScreen {
  /** A path of the route table. */
  path: string;
  /**
   * Filter values this screen always applies (e.g. `kind: 'daily'`). The API applies them too:
   * a caller who may open only such screens sees only the rows they show, whatever it asks for.
   */
  fixed?: Record<string, string>;
  /**
   * The values a select filter offers on this screen, where its fixed filters leave only these (the
   * answered offers' screen offers no "awaiting answer"). The others would only ever show nothing.
   */
  choices?: Record<string, readonly string[]>;
  /**
   * The list stays current over the chat socket (client/islands/LiveApplicants.tsx): which SPEC §3
   * list it is. The read model must have the columns the island reads (LIVE_COLUMNS).
   */
  live?: 'candidates' | 'kakunins' | 'shukkins';
}

/** The columns a live screen's island reads of each row. */
export const LIVE_COLUMNS = ['conversationId', 'candidateId', 'status', 'chatStatus', 'unread', 'updatedAt'] as const;

export type ReadRow = Record<string, unknown> & { id: string };

export interface ReadModelDef {
  /** Singular camelCase name: the GraphQL type (capitalised), the audit log's entity. */
  name: string;
  /** Plural camelCase name: the list query. */
  plural: string;
  title: Text;
  titlePlural: Text;
  /** The rows a tenant may see: from, joins and the tenant's conditions; no select. Null: none. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the joined query's aliases are the definition's own
  source(db: DB, tenant: Tenant): SelectQueryBuilder<any, any, object> | null;
  /** The row id in SQL (e.g. `'a.id'`): paging tie-break, actions, transitions. */
  id: string;
  columns: readonly ReadColumn[];
  filters?: readonly ReadFilter[];
  defaultSort: { column: string; dir: 'asc' | 'desc' };
  /** 'keyset': the screens page with a cursor (large tables); 'offset' shows page numbers. */
  paging: 'offset' | 'keyset';
  screens: readonly ReadScreen[];
  transitions?: Transitions;
  actions?: readonly ReadAction[];
  /**
   * The screens also show the rows as a week calendar (views/ui/WeekCalendar.tsx): `column` (a
   * datetime) places each row on its day and time, `label` is its text (with that column's link),
   * `badge` its state, `detail` a column shown after it, and `week` a hidden filter that takes the
   * week's Monday (YYYY-MM-DD).
   */
  calendar?: { column: string; label: string; badge?: string; detail?: string; week: string };
}

/** What a caller asks of a read model's list. */
export type ReadListParams = ListQuery;

/** A read model's definition, checked: names are identifiers, columns and filters unique, references known. */
export function defineReadModel(def: ReadModelDef): ReadModelDef {
  const names = new Set<string>();
  for (const c of def.columns) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(c.name) || names.has(c.name) || c.name === 'id') throw new Error(`Read model ${def.name}: bad or repeated column ${c.name}`);
    names.add(c.name);
    if (c.type === 'badge' && !(typeof c.states === 'function' || c.states?.length)) throw new Error(`Read model ${def.name}: badge column ${c.name} has no states`);
    if (c.type === 'choice' && !c.options?.length) throw new Error(`Read model ${def.name}: choice column ${c.name} has no options`);
    if (c.tenants && (c.sortable || c.search)) throw new Error(`Read model ${def.name}: column ${c.name} is not everyone's, so it is not sorted or searched by`);
    if (typeof c.states === 'function' && def.transitions?.column !== c.name) throw new Error(`Read model ${def.name}: only the transitions' column may read its states at run time, not ${c.name}`);
    for (const l of c.links ?? []) {
      for (const col of [...Object.values(l.params), ...Object.keys(l.when ?? {})])
        if (col !== 'id' && !def.columns.some((x) => x.name === col)) throw new Error(`Read model ${def.name}: link of ${c.name} uses unknown column ${col}`);
    }
  }
  for (const a of def.actions ?? [])
    for (const col of Object.keys(a.rows ?? {})) if (!def.columns.some((x) => x.name === col)) throw new Error(`Read model ${def.name}: action ${a.name} asks unknown column ${col}`);
  const sortCol = def.columns.find((c) => c.name === def.defaultSort.column);
  if (!sortCol) throw new Error(`Read model ${def.name}: unknown default sort ${def.defaultSort.column}`);
  if (def.paging === 'keyset' && !sortCol.notNull) throw new Error(`Read model ${def.name}: keyset paging needs a notNull default sort column`);
  const t = def.transitions;
  if (t) {
    const col = def.columns.find((c) => c.name === t.column);
    if (col?.type !== 'badge') throw new Error(`Read model ${def.name}: transitions need a badge column, not ${t.column}`);
    if (Array.isArray(col.states) && Array.isArray(t.moves)) {
      const states = new Set(col.states.map((s) => s.value));
      for (const m of t.moves) for (const s of [...m.from, m.to]) if (!states.has(s)) throw new Error(`Read model ${def.name}: transition state ${s} is not a state of ${t.column}`);
    }
  }
  for (const s of def.screens) {
    for (const k of Object.keys(s.fixed ?? {})) if (!def.filters?.some((f) => f.name === k)) throw new Error(`Read model ${def.name}: screen ${s.path} fixes unknown filter ${k}`);
    for (const [k, values] of Object.entries(s.choices ?? {})) {
      const f = def.filters?.find((x) => x.name === k);
      const options = f && Array.isArray(f.options) ? f.options : [];
      if (values.some((v) => !options.some((o) => o.value === v))) throw new Error(`Read model ${def.name}: screen ${s.path} narrows ${k} to values its options do not have`);
    }
  }
  if (def.screens.some((sc) => sc.live)) for (const c of LIVE_COLUMNS) if (!def.columns.some((x) => x.name === c)) throw new Error(`Read model ${def.name}: a live screen needs the column ${c}`);
  const cal = def.calendar;
  if (cal) {
    for (const c of [cal.column, cal.label, ...(cal.badge ? [cal.badge] : []), ...(cal.detail ? [cal.detail] : [])])
      if (!def.columns.some((x) => x.name === c)) throw new Error(`Read model ${def.name}: calendar uses unknown column ${c}`);
    if (!def.filters?.some((f) => f.name === cal.week && f.hidden)) throw new Error(`Read model ${def.name}: calendar needs a hidden filter ${cal.week}`);
  }
  return def;
}

/** The columns a caller of this tenant does not read (ReadColumn.tenants): none for most read models. */
export const unseenColumns = (def: ReadModelDef, tenant: Tenant): readonly string[] => keptFrom(def.columns, tenant);

/** A select filter's options: the states of the badge column it filters (without their tones). */
export const stateOptions = (states: readonly BadgeState[]): Option[] => states.map(({ value, label }) => ({ value, label }));

/** A select filter on a badge column: one of its states; `ref` is the column, or the SQL that works the state out. */
export const stateFilter = (name: string, label: Text, ref: string | RawBuilder<unknown>, states: readonly BadgeState[]): ReadFilter => ({
  name,
  label,
  kind: 'select',
  options: stateOptions(states),
  where: (eb, v) => eb(ref, '=', v),
});

/** A select filter on a uuid column (a job, a client, a worker, …): rows holding the chosen id. */
export const idFilter = (name: string, label: Text, options: ReadFilter['options'], column: string): ReadFilter => ({
  name,
  label,
  kind: 'select',
  options,
  where: (eb, v) => eb(column, '=', uuidOr(v)),
});

/** A date filter (a window of DATE_FILTERS or one day, `dateWindow`) on a date column or an expression that gives a date. */
export const dateFilter = (name: string, label: Text, ref: string | RawBuilder<unknown>): ReadFilter => ({ name, label, kind: 'date', where: (_, v) => dateWindow(ref, v) });

/** A badge of a yes/no condition in SQL: the first of `states` where `cond` holds, else the second. */
export const flagColumn = (name: string, label: Text, cond: RawBuilder<unknown>, states: readonly [yes: BadgeState, no: BadgeState]): ReadColumn => ({
  name,
  label,
  type: 'badge',
  sql: () => sql`case when ${cond} then ${sql.lit(states[0].value)} else ${sql.lit(states[1].value)} end`,
  states,
});

/** The person a row is about (`users as u`) by name, searched and sorted by it; `more` adds a download or links. */
export const personColumn = (name: string, label: Text, more: Pick<ReadColumn, 'download' | 'links'> = {}): ReadColumn => ({
  name,
  label,
  type: 'person',
  sql: 'u.name',
  sortable: true,
  search: true,
  notNull: true,
  ...more,
});

/** An id a filter compares with a uuid column: a value that is no uuid matches nothing (never an SQL error). */
export const uuidOr = (value: string): string => (isUuid(value) ? value : '00000000-0000-0000-0000-000000000000');

/**
 * A record's text in the caller's language, the other language when it is blank: `ref` names the
 * column pair without its suffix (`'j.title'` reads `j.title_ja` and `j.title_en`). SQL's own
 * pickLang (shared/i18n.ts), for a column's `sql`.
 */
export const langText =
  (ref: string) =>
  (lang: Lang): RawBuilder<unknown> => {
    return pickLangSql(lang, `${ref}_ja`, `${ref}_en`);
  };

/** A badge column's states for the caller (fixed, or read for the tenant). */
export async function statesOf(c: ReadColumn, ctx: OptionContext): Promise<readonly BadgeState[]> {
  return typeof c.states === 'function' ? c.states(ctx) : (c.states ?? []);
}

/** The declared moves for the caller (fixed, or read for the tenant). */
export async function movesOf(t: Transitions, ctx: OptionContext): Promise<readonly Transition[]> {
  return typeof t.moves === 'function' ? t.moves(ctx) : t.moves;
}

/** What is asked before a row moves into `state` (by the first move into it that asks), in `lang`; null when nothing is. */
export function confirmInto(moves: readonly Transition[], state: { value: string; label: Text }, lang: Lang): string | null {
  const key = moves.find((m) => m.to === state.value && m.confirm)?.confirm;
  return key ? msg(lang, key, { state: state.label[lang] }) : null;
}

// The table a transition writes is named by the definition at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const anyDb = (db: DB) => db as unknown as Kysely<any>;
const expr = (c: ReadColumn, lang: Lang): RawBuilder<unknown> => (typeof c.sql === 'string' ? sql.ref(c.sql) : c.sql(lang));
/**
 * The condition of a date filter (DATE_FILTERS' windows relative to today in Japan, or one exact
 * day) on a date column, or on an expression that gives a date (an instant's day in Japan).
 */
export function dateWindow(ref: string | RawBuilder<unknown>, value: string): RawBuilder<SqlBool> {
  const w = DATE_FILTERS[value];
  const col = typeof ref === 'string' ? sql.ref(ref) : ref;
  const today = sql`(now() at time zone 'Asia/Tokyo')::date`;
  if (!w) return z.iso.date().safeParse(value).success ? sql<SqlBool>`${col} = ${value}::date` : sql<SqlBool>`false`;
  const from = w.from === null ? sql`true` : sql`${col} >= ${today} + ${w.from}::int`;
  const to = w.to === null ? sql`true` : sql`${col} <= ${today} + ${w.to}::int`;
  return sql<SqlBool>`(${from} and ${to})`;
}

/**
 * A source's condition: the person whose user id is in `person` (a column of the source) applied
 * to the tenant — a company: to it; a client user: to its jobs; the platform: anywhere.
 */
export const appliedToTenant =
  (tenant: Tenant, person: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source: the subquery reads only its own alias
  (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const { exists, selectFrom } = eb as ExpressionBuilder<Database, never>;
    return exists(
      selectFrom('applications as a')
        .select('a.id')
        .where('a.candidate_id', '=', sql.ref<string>(person))
        .$call((s) => tenantScopedQuery(s, tenant, { company: 'a.company_id', client: 'a.client_id' }) ?? s.where(sql<boolean>`false`)),
    );
  };

/** Select filter values outside a filter's fixed options are dropped (a list never errs on a stale link). */
function knownValue(f: ReadFilter, value: string): boolean {
  return !(f.kind === 'select' && Array.isArray(f.options) && !f.options.some((o) => o.value === value));
}

/**
 * The rows visible to the tenant under `fixed` (the union of what the caller's screens show:
 * `[]` = no screen restriction; each entry is one screen's fixed filter values).
 */
function scoped(db: DB, def: ReadModelDef, tenant: Tenant, fixed: readonly Record<string, string>[] | null) {
  if (fixed === null) return null;
  let q = def.source(db, tenant);
  if (!q) return null;
  if (fixed.length) {
    q = q.where((eb) =>
      eb.or(
        fixed.map((values) =>
          eb.and(
            Object.entries(values).map(([name, value]) => {
              const f = def.filters!.find((x) => x.name === name)!;
              return f.where(eb, value);
            }),
          ),
        ),
      ),
    );
  }
  return q;
}

/**
 * The tenant as a list statement sees it: its ids as the statement's values (`value(i)`), so one
 * statement serves every company and client of the same kind.
 */
function tenantValues(tenant: Tenant, slot: (x: string) => number): (value: (i: number) => unknown) => Tenant {
  switch (tenant.kind) {
    case 'company': {
      const c = slot(tenant.companyId);
      return (v) => ({ kind: 'company', companyId: v(c) as string });
    }
    case 'client': {
      const c = slot(tenant.companyId);
      const k = slot(tenant.clientId);
      return (v) => ({ kind: 'client', companyId: v(c) as string, clientId: v(k) as string });
    }
    default:
      return () => tenant;
  }
}

const readModelLists = new WeakMap<ReadModelDef, ListDef>();

/**
 * A read model as the engine's one list definition (list.ts), made once per definition: its source
 * with the tenant's ids in slots (one statement serves every company of a kind), its typed columns,
 * its filters' own conditions (their values in the shape: a condition may depend on one), cursors,
 * and a total counted beside the page on every view (docs/lists.md "Counting" says why it is not kept).
 */
export function listOfReadModel(def: ReadModelDef): ListDef {
  const known = readModelLists.get(def);
  if (known) return known;
  const list: ListDef = {
    name: `read:${def.name}`,
    rows(tenant, slot) {
      const tenantOfView = tenantValues(tenant, slot);
      return { shape: tenant.kind, counted: tenant, from: (db, v) => def.source(db, tenantOfView(v)) };
    },
    id: def.id,
    columns: def.columns.map((c) => ({
      name: c.name,
      kind: c.type,
      sql: (lang: Lang) => expr(c, lang),
      sortable: c.sortable,
      search: c.search,
      notNull: c.notNull,
      ...(c.type === 'choice' ? { options: c.options } : {}),
    })),
    filters: (def.filters ?? []).map((f) => ({ name: f.name, condition: (value: string) => (knownValue(f, value) ? { shape: [f.name, value], where: (eb) => f.where(eb, value) } : null) })),
    defaultSort: def.defaultSort,
    paging: def.paging,
    cursors: true,
    count: 'beside',
    output: serializeRow,
  };
  readModelLists.set(def, list);
  return list;
}

/** A page of a read model for the tenant, limited to the screens' `fixed` filters (null: no screen, no row); the params checked (list.ts `checkListView`). */
export async function listReadModel(db: DB, def: ReadModelDef, tenant: Tenant, lang: Lang, fixed: readonly Record<string, string>[] | null, p: ReadListParams): Promise<ListPage> {
  if (fixed === null) return { rows: [], total: 0, page: p.page, size: p.size, next: null };
  return readList(db, listOfReadModel(def), tenant, { ...p, fixed, lang });
}

/** Dates as ISO strings (a date column as its YYYY-MM-DD), bigint counts as numbers. */
function serializeRow(r: ReadRow): ReadRow {
  const out: ReadRow = { ...r };
  for (const [k, v] of Object.entries(out)) {
    if (v instanceof Date) out[k] = v.toISOString();
    else if (typeof v === 'bigint') out[k] = Number(v);
  }
  return out;
}

/** The rows among `ids` that the caller sees, with their read-model values (for actions and moves). */
export async function visibleRows(db: DB, def: ReadModelDef, tenant: Tenant, lang: Lang, fixed: readonly Record<string, string>[] | null, ids: readonly string[]): Promise<ReadRow[]> {
  const valid = ids.filter((id) => isUuid(id));
  const q = scoped(db, def, tenant, fixed);
  if (!q || !valid.length) return [];
  const rows = (await q
    .select([sql.ref(def.id).as('id'), ...def.columns.map((c) => expr(c, lang).as(c.name))])
    .where(sql.ref(def.id), 'in', valid)
    .execute()) as ReadRow[];
  return rows.map(serializeRow);
}

export interface MoveOutcome {
  moved: string[];
  /** Rows not moved and why: not in this state any more, or a move the caller may not make. */
  refused: { id: string; reason: string; message?: string }[];
}

/**
 * Moves the rows to `to` where a declared transition allows it from their state and `mayUse` says
 * the caller holds its codes. The state is checked again in the UPDATE, so two people moving
 * the same row at once cannot both win; each move is audited.
 */
export async function moveRows(def: ReadModelDef, rows: readonly ReadRow[], ids: readonly string[], to: string, ctx: HookContext, mayUse: (t: Transition) => boolean): Promise<MoveOutcome> {
  const t = def.transitions!;
  const moves = await movesOf(t, ctx);
  const out: MoveOutcome = { moved: [], refused: [] };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const db = anyDb(ctx.db);
  const movedRows: { row: ReadRow; from: string }[] = [];
  await db.transaction().execute(async (trx) => {
    for (const id of new Set(ids)) {
      const row = byId.get(id);
      if (!row) {
        out.refused.push({ id, reason: 'missing' });
        continue;
      }
      const from = String(row[t.column]);
      const move = moves.find((m) => m.to === to && m.from.includes(from));
      if (!move) {
        out.refused.push({ id, reason: 'state' });
        continue;
      }
      if (!mayUse(move)) {
        out.refused.push({ id, reason: 'forbidden' });
        continue;
      }
      const refusal = await t.check?.(trx as unknown as import('../db/connect.ts').DB, row, to, ctx);
      if (refusal) {
        out.refused.push({ id, reason: refusal.reason, message: refusal.message });
        continue;
      }
      const updated = await trx
        .updateTable(t.table)
        .set({ [t.stateColumn]: to, updated_at: sql`now()` })
        .where('id', '=', id)
        .where(t.stateColumn, '=', from)
        .returning(['id', t.companyColumn])
        .executeTakeFirst();
      if (!updated) {
        out.refused.push({ id, reason: 'state' });
        continue;
      }
      await audit(trx as DB, ctx.user, t.entity ?? def.name, id, ((updated as Record<string, unknown>)[t.companyColumn] as string | null | undefined) ?? null, { [t.column]: { from, to } });
      out.moved.push(id);
      movedRows.push({ row, from });
    }
  });
  if (movedRows.length) await t.afterMove?.(movedRows, to, ctx);
  return out;
}

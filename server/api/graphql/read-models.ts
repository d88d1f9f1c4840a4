import type { ApiContext } from '../context.ts';
import { apiError, badInput, forbidden } from '../errors.ts';
import { tenantIn } from '../../access/tenancy.ts';
import { canEnter } from '../../access/guard.ts';
import { routeByPath } from '../../access/routes.ts';
import type { RoleMaps } from '../../auth/default-roles.ts';
import { tr } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import type { HookContext } from '../../resources/define.ts';
import { optionsFor } from '../../resources/repo.ts';
import { confirmInto, listOfReadModel, moveRows, movesOf, statesOf, unseenColumns, visibleRows, type ReadModelDef, type ReadRow, type Transition } from '../../resources/read-model.ts';
import { isUuid } from '../../../shared/ids.ts';
import { blanked, listResolver, listTypeDefs, scalarOfKind } from './lists.ts';

/**
 * The GraphQL face of a read model (server/resources/read-model.ts): `<plural>(page, size, after, sort, dir, q,
 * filter)`, `<name>Options(filter)`, and when declared `move<Name>(ids, to)` and
 * `<name>Action(ids, action)`. Authorization: the route table's codes of the read model's
 * screens, and rows narrowed to what the caller's screens show (ReadScreen.fixed).
 */
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export const readModelSharedTypeDefs = /* GraphQL */ `
  "A row a move or an action did not reach, and why: state (not in a state the move starts from), forbidden, missing."
  type RefusedRow {
    id: ID!
    "state, forbidden, missing, or the reason of a check that refused it (a working-limits code: card_expired, age, status_activity, …)."
    reason: String!
    "Why, in the caller's language, when a check refused it."
    message: String
  }
  "A state of a read model's rows for the caller: its label and tone, and the states the caller may move a row in it to."
  type StateChoice {
    value: String!
    ja: String!
    en: String!
    tone: String!
    "What the state belongs to, when states fall in groups (an applicant status: its list)."
    group: String
    next: [String!]!
    "Asked before a row is moved into this state, in the caller's language (the move tells someone what cannot be taken back); null when nothing is asked."
    confirm: String
  }
  "The result of moving rows from state to state."
  type MoveResult {
    moved: [ID!]!
    refused: [RefusedRow!]!
  }
`;

export function readModelTypeDefs(def: ReadModelDef): string {
  const T = cap(def.name);
  const filters = def.filters ?? [];
  return listTypeDefs({
    type: T,
    plural: def.plural,
    about: `${def.titlePlural.en}: page by number, or by cursor with after (sorts on a never-null column).`,
    fields: def.columns.map((c) => ({ name: c.name, type: scalarOfKind(c.type), about: c.label.en })),
    filters: filters.map((f) => f.name),
    cursor: true,
    queries: [
      filters.some((f) => f.options) ? `"Choices of a filter for the caller."\n    ${def.name}Options(filter: String!): [ResourceOption!]!` : '',
      def.transitions ? `"The states of ${def.titlePlural.en.toLowerCase()} the caller sees, and the moves the caller may make from each."\n    ${def.name}States: [StateChoice!]!` : '',
    ],
    mutations: [
      def.transitions ? `"Moves rows to a state where a declared transition allows it (${def.name}States lists them)."\n    move${T}(ids: [ID!]!, to: String!): MoveResult!` : '',
      def.actions?.length
        ? `"Runs one of the actions (${def.actions.map((a) => a.name).join(', ')}) on rows; returns the notice to show."\n    ${def.name}Action(ids: [ID!]!, action: String!): String!`
        : '',
    ],
  });
}

/** The codes of the read model's screens (one source of truth: the route table). */
export function readModelCodes(def: ReadModelDef): number[] {
  const codes = def.screens.map((s) => routeByPath(s.path)?.code).filter((c): c is number => typeof c === 'number');
  if (!codes.length) throw new Error(`Read model ${def.name}: no screen with a code`);
  return [...new Set(codes)];
}

/**
 * What the caller's screens show: `[]` when one of them shows every row, else each screen's fixed
 * filter values (rows matching any), null when it may open none.
 */
export function fixedFor(def: ReadModelDef, maps: RoleMaps, role: string): Record<string, string>[] | null {
  const open = def.screens.filter((s) => canEnter(maps, role, routeByPath(s.path)?.code));
  if (!open.length) return null;
  if (open.some((s) => !s.fixed || !Object.keys(s.fixed).length)) return [];
  return open.map((s) => s.fixed!);
}

/**
 * The rows of `ids` the caller's screens of the read model show: its tenant rule and the screens'
 * fixed filters, as the list itself applies them (`maps` when the caller's role maps were read already).
 */
export async function rowsCallerSees(ctx: ApiContext, def: ReadModelDef, ids: readonly string[], maps?: RoleMaps): Promise<ReadRow[]> {
  return visibleRows(ctx.services.db, def, ctx.tenant, ctx.lang, fixedFor(def, maps ?? (await ctx.services.roleMaps.get()), ctx.user!.role), ids);
}

/** Whether the read model's list shows the row `id` to the caller (a record opened by id is seen where its list row is). */
export async function callerSees(ctx: ApiContext, def: ReadModelDef, id: string, maps?: RoleMaps): Promise<boolean> {
  return isUuid(id) && (await rowsCallerSees(ctx, def, [id], maps)).length > 0;
}

/** The rules of its operations (authz.ts's Rule, by shape: authz.ts imports this module). */
export function readModelRules(def: ReadModelDef): Record<string, { codes: readonly number[] }> {
  const T = cap(def.name);
  const codes = readModelCodes(def);
  const rules: Record<string, { codes: readonly number[] }> = { [`Query.${def.plural}`]: { codes } };
  if (def.filters?.some((f) => f.options)) rules[`Query.${def.name}Options`] = { codes };
  if (def.transitions) {
    rules[`Query.${def.name}States`] = { codes };
    // Who may move is checked per move in the resolver; the operation is open to the screens' users.
    rules[`Mutation.move${T}`] = { codes: [...new Set([...codes, ...(Array.isArray(def.transitions.moves) ? def.transitions.moves.flatMap((m) => m.codes ?? []) : [])])] };
  }
  if (def.actions?.length) rules[`Mutation.${def.name}Action`] = { codes: [...new Set([...codes, ...def.actions.flatMap((a) => a.codes ?? [])])] };
  return rules;
}

const hookContextOf = (ctx: ApiContext): HookContext => ({ user: ctx.user!, tenant: ctx.tenant, lang: ctx.lang, db: ctx.services.db, services: ctx.services });

export function readModelResolvers(def: ReadModelDef): { Query: Record<string, unknown>; Mutation?: Record<string, unknown> } {
  const T = cap(def.name);
  const scope = async (ctx: ApiContext) => ({ tenant: ctx.tenant, maps: await ctx.services.roleMaps.get() });
  const Query: Record<string, unknown> = {
    [def.plural]: listResolver(listOfReadModel(def), {
      fixed: async (ctx) => fixedFor(def, await ctx.services.roleMaps.get(), ctx.user!.role),
      row: (row, ctx) => blanked(row, unseenColumns(def, ctx.tenant)),
    }),
  };
  if (def.filters?.some((f) => f.options)) {
    Query[`${def.name}Options`] = async (_: unknown, a: { filter: string }, ctx: ApiContext) => {
      const f = def.filters!.find((x) => x.name === a.filter && x.options);
      if (!f) throw badInput(ctx.lang, { filter: msg(ctx.lang, 'list.noChoices') });
      return (await optionsFor({ options: f.options } as Parameters<typeof optionsFor>[0], ctx.tenant, ctx.services.db)).map((o) => ({ value: o.value, ja: o.label.ja, en: o.label.en }));
    };
  }
  const Mutation: Record<string, unknown> = {};
  const idsOf = (ids: readonly string[], ctx: ApiContext) => {
    if (!ids.length || ids.length > 500) throw badInput(ctx.lang, { ids: msg(ctx.lang, 'list.badSelection') });
    return ids;
  };
  if (def.transitions) {
    const t = def.transitions;
    const stateColumn = def.columns.find((c) => c.name === t.column)!;
    const screenCodes = readModelCodes(def);
    const mayUseFor = (maps: RoleMaps, role: string) => (m: Transition) => (m.codes ?? screenCodes).some((code) => canEnter(maps, role, code));
    Query[`${def.name}States`] = async (_: unknown, __: unknown, ctx: ApiContext) => {
      const { tenant, maps } = await scope(ctx);
      const octx = { tenant, db: ctx.services.db };
      const [states, moves] = await Promise.all([statesOf(stateColumn, octx), movesOf(t, octx)]);
      const mayUse = mayUseFor(maps, ctx.user!.role);
      return states.map((st) => ({
        value: st.value,
        ja: st.label.ja,
        en: st.label.en,
        tone: st.tone,
        group: st.group ?? null,
        next: moves.filter((m) => m.from.includes(st.value) && mayUse(m)).map((m) => m.to),
        confirm: confirmInto(moves, st, ctx.lang),
      }));
    };
    Mutation[`move${T}`] = async (_: unknown, a: { ids: string[]; to: string }, ctx: ApiContext) => {
      const ids = idsOf(a.ids, ctx);
      const { tenant, maps } = await scope(ctx);
      if (!(await movesOf(t, { tenant, db: ctx.services.db })).some((m) => m.to === a.to)) throw badInput(ctx.lang, { to: msg(ctx.lang, 'list.unknownState') });
      const rows = await rowsCallerSees(ctx, def, ids, maps);
      return moveRows(def, rows, ids, a.to, hookContextOf(ctx), mayUseFor(maps, ctx.user!.role));
    };
  }
  if (def.actions?.length) {
    Mutation[`${def.name}Action`] = async (_: unknown, a: { ids: string[]; action: string }, ctx: ApiContext) => {
      const ids = idsOf(a.ids, ctx);
      const action = def.actions!.find((x) => x.name === a.action);
      if (!action) throw badInput(ctx.lang, { action: msg(ctx.lang, 'list.unknownAction') });
      const { tenant, maps } = await scope(ctx);
      if (!(action.codes ?? readModelCodes(def)).some((code) => canEnter(maps, ctx.user!.role, code))) throw forbidden(ctx.lang);
      if (action.tenants && !tenantIn(tenant, ...action.tenants)) throw forbidden(ctx.lang);
      if (!action.bulk && ids.length > 1) throw badInput(ctx.lang, { ids: msg(ctx.lang, 'list.badSelection') });
      const rows = await rowsCallerSees(ctx, def, ids, maps);
      if (rows.length !== new Set(ids).size) throw apiError('NOT_FOUND', msg(ctx.lang, 'list.rowsGone'));
      const refused = await action.run(rows, hookContextOf(ctx));
      if (refused) throw apiError('BAD_USER_INPUT', tr(ctx.lang, refused), { fields: { _: tr(ctx.lang, refused) } });
      return tr(ctx.lang, action.done);
    };
  }
  const out: { Query: Record<string, unknown>; Mutation?: Record<string, unknown> } = { Query };
  if (Object.keys(Mutation).length) out.Mutation = Mutation;
  return out;
}

/** The operation documents the web tier sends for a read model (validated against the schema in a test). */
export function readModelDocuments(def: ReadModelDef) {
  const T = cap(def.name);
  const hasFilter = !!def.filters?.length;
  const cols = ['id', ...def.columns.map((c) => c.name)].join(' ');
  return {
    list: `query ${T}List($page: Int, $size: Int, $after: String, $sort: String, $dir: String, $q: String${hasFilter ? `, $filter: ${T}Filter` : ''}) {
      ${def.plural}(page: $page, size: $size, after: $after, sort: $sort, dir: $dir, q: $q${hasFilter ? ', filter: $filter' : ''}) { total page size next rows { ${cols} } }
    }`,
    options: def.filters?.some((f) => f.options) ? `query ${T}Options($filter: String!) { ${def.name}Options(filter: $filter) { value ja en } }` : null,
    states: def.transitions ? `query ${T}States { ${def.name}States { value ja en tone group next confirm } }` : null,
    move: def.transitions ? `mutation Move${T}($ids: [ID!]!, $to: String!) { move${T}(ids: $ids, to: $to) { moved refused { id reason message } } }` : null,
    action: def.actions?.length ? `mutation ${T}Action($ids: [ID!]!, $action: String!) { ${def.name}Action(ids: $ids, action: $action) }` : null,
  };
}

import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { CellKind } from '../../../shared/list-kinds.ts';
import { msg } from '../../../shared/messages.ts';
import { checkListView, readList, type ListDef, type ListPage, type ListQuery, type ListRow } from '../../resources/list.ts';
import type { ApiContext } from '../context.ts';
import { badInput } from '../errors.ts';

/**
 * The one GraphQL generator of a list (docs/lists.md), whichever definition it comes from: its row
 * type, page type, filter input and query with its arguments (`listTypeDefs`), and the query's
 * resolver over the one planner (`listResolver`). A resource (resources.ts) and a read model
 * (read-models.ts) each say their row's fields and add the operations of their own: a record's
 * get, history, choices and writes; a read model's choices, states, moves and actions.
 */

/** The GraphQL scalar of a cell kind: money and numbers are Int, booleans Boolean, the rest String. */
export const scalarOfKind = (kind: CellKind): 'String' | 'Int' | 'Boolean' => (kind === 'number' || kind === 'money' ? 'Int' : kind === 'boolean' ? 'Boolean' : 'String');

export interface ListApi {
  /** The row's type name (`Job`): the page is `JobPage`, the filter input `JobFilter`. */
  type: string;
  /** The list query's name. */
  plural: string;
  /** The list query's description. */
  about?: string;
  /** The row type's fields after `id`, with their GraphQL types. */
  fields: readonly { name: string; type: string; about?: string }[];
  /** The filters' names: each a String of the filter input. */
  filters: readonly string[];
  /** Pages by cursor too (`after` in, `next` out). */
  cursor: boolean;
  /** The definition's own types, written between the page and the filter input (a resource's input). */
  inputs?: string;
  /** The definition's own queries and mutations, after the list's. */
  queries: readonly string[];
  mutations: readonly string[];
  /** What follows (a resource's children). */
  more?: string;
}

const described = (about: string | undefined, line: string) => (about ? `"${about}"\n    ${line}` : line);

/** The arguments of a list's query: `(page, size[, after], sort, dir, q[, filter])`. */
function listArgs(l: ListApi): string {
  return `(page: Int = 1, size: Int = 20${l.cursor ? ', after: String' : ''}, sort: String, dir: String, q: String${l.filters.length ? `, filter: ${l.type}Filter` : ''})`;
}

/** The GraphQL of one list and its definition's own operations. */
export function listTypeDefs(l: ListApi): string {
  const T = l.type;
  const next = l.cursor ? `\n    "The cursor of the next page (the list's after argument), null on the last page."\n    next: String` : '';
  const mutations = l.mutations.filter(Boolean);
  return /* GraphQL */ `
  type ${T} {
    id: ID!
${l.fields.map((f) => `    ${described(f.about, `${f.name}: ${f.type}`)}`).join('\n')}
  }
  type ${T}Page {
    rows: [${T}!]!
    total: Int!
    page: Int!
    size: Int!${next}
  }
${l.inputs ?? ''}${l.filters.length ? `\n  input ${T}Filter {\n${l.filters.map((f) => `    ${f}: String`).join('\n')}\n  }\n` : ''}
  extend type Query {
    ${described(l.about, `${l.plural}${listArgs(l)}: ${T}Page!`)}
    ${l.queries.filter(Boolean).join('\n    ')}
  }
  ${mutations.length ? `extend type Mutation {\n    ${mutations.join('\n    ')}\n  }` : ''}
${l.more ?? ''}`;
}

/**
 * The field names selected under `child` of the resolver's field (through fragments too), or
 * undefined when `child` is not selected at all.
 */
function selectedFields(info: GraphQLResolveInfo, child: string): Set<string> | undefined {
  let found: Set<string> | undefined;
  const walk = (set: SelectionSetNode | undefined, into: (name: string, node: FieldNode) => void) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FIELD) into(sel.name.value, sel);
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, into);
      else walk(info.fragments[sel.name.value]?.selectionSet, into);
    }
  };
  for (const node of info.fieldNodes) {
    walk(node.selectionSet, (name, f) => {
      if (name !== child) return;
      found ??= new Set();
      walk(f.selectionSet, (n) => found!.add(n));
    });
  }
  return found;
}

/** The row with the `hidden` keys null (what the caller's tenant does not read: FieldDef.tenants, ReadColumn.tenants); the row itself when there is nothing to hide. */
export function blanked<R extends Record<string, unknown>>(row: R, hidden: readonly string[]): R {
  if (!hidden.some((k) => row[k] != null)) return row;
  const out: Record<string, unknown> = { ...row };
  for (const k of hidden) if (k in out) out[k] = null;
  return out as R;
}

/**
 * The resolver of a list's query: the view checked (a bad size, page or cursor is the caller's
 * error), the rows the caller's screens show (`fixed`: [] all, null none), only the columns asked
 * for under `rows` when `selected`, and each row as the API gives it (`row`).
 */
export function listResolver(def: ListDef, how: { fixed?(ctx: ApiContext): Promise<readonly Record<string, string>[] | null>; selected?: boolean; row?(row: ListRow, ctx: ApiContext): ListRow }) {
  return async (_: unknown, a: ListQuery, ctx: ApiContext, info: GraphQLResolveInfo): Promise<ListPage> => {
    const checked = checkListView(a);
    if (!checked.ok) {
      const text = { size: msg(ctx.lang, 'list.badSize'), page: msg(ctx.lang, 'list.badPage'), after: msg(ctx.lang, 'list.badCursor') }[checked.field];
      throw badInput(ctx.lang, { [checked.field]: text });
    }
    const fixed = how.fixed ? await how.fixed(ctx) : [];
    if (fixed === null) return { rows: [], total: 0, page: a.page, size: a.size, next: null };
    const columns = how.selected ? selectedFields(info, 'rows') : undefined;
    const r = await readList(ctx.services.db, def, ctx.tenant, { ...a, fixed, columns, lang: ctx.lang });
    const row = how.row;
    return row ? { ...r, rows: r.rows.map((x) => row(x, ctx)) } : r;
  };
}

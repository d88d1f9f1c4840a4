import type { CellKind } from '../../../shared/list-kinds.ts';

/**
 * The GraphQL of a list, whichever definition it comes from (docs/lists.md): its page type, its
 * filter input and its query's arguments are written here once for the resource engine
 * (resources.ts) and the read models (read-models.ts).
 */

/** The GraphQL scalar of a cell kind: money and numbers are Int, booleans Boolean, the rest String. */
export const scalarOfKind = (kind: CellKind): 'String' | 'Int' | 'Boolean' => (kind === 'number' || kind === 'money' ? 'Int' : kind === 'boolean' ? 'Boolean' : 'String');

export interface ListShape {
  /** The row's type name (`Job`): the page is `JobPage`, the filter input `JobFilter`. */
  type: string;
  /** The filters' names: each a String of the filter input. */
  filters: readonly string[];
  /** Pages by cursor too (`after` in, `next` out). */
  cursor: boolean;
}

/** The page type of a list. */
export function listPageTypeDef(l: ListShape): string {
  const next = l.cursor ? `\n    "The cursor of the next page (the list's after argument), null on the last page."\n    next: String` : '';
  return /* GraphQL */ `
  type ${l.type}Page {
    rows: [${l.type}!]!
    total: Int!
    page: Int!
    size: Int!${next}
  }
`;
}

/** The filter input of a list, when it has filters: each filter a String. */
export function listFilterInput(l: ListShape): string {
  return l.filters.length ? `\n  input ${l.type}Filter {\n${l.filters.map((f) => `    ${f}: String`).join('\n')}\n  }\n` : '';
}

/** The arguments of a list's query: `(page, size[, after], sort, dir, q[, filter])`. */
export function listArgs(l: ListShape): string {
  return `(page: Int = 1, size: Int = 20${l.cursor ? ', after: String' : ''}, sort: String, dir: String, q: String${l.filters.length ? `, filter: ${l.type}Filter` : ''})`;
}

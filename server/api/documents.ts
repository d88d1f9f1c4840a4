/**
 * The operation documents of server/api/operations.ts, typed from the schema by gql.tada
 * (`graphql-env.d.ts`, written by `npm run schema`): a screen that calls
 * `ctx.call(DOCS.PublicJobs, vars)` gets `data.publicJobs.jobs[0].title` typed, and a renamed
 * field fails the type check where it is read. OPS stays the plain text the browser bundles and
 * the remote ApiClient send; DOCS is made from it, so the two cannot differ.
 */
import { initGraphQLTada, type ResultOf, type TadaDocumentNode, type VariablesOf } from 'gql.tada';
import { print } from 'graphql';
import type { introspection } from './graphql-env.d.ts';
import { OPS } from './operations.ts';

export const graphql = initGraphQLTada<{ introspection: introspection; scalars: { ID: string } }>();

type Ops = typeof OPS;
/** One document, its result and variables typed from its text (a single signature, so it can be instantiated per key below). */
const typed = <const S extends string>(source: S) => graphql(source);
/** Every operation of OPS as a typed document, by the same name: a new operation needs no second list. */
type Docs = { readonly [K in keyof Ops]: ReturnType<typeof typed<Ops[K]>> };

export const DOCS = Object.fromEntries(Object.entries(OPS).map(([name, source]) => [name, typed(source)])) as unknown as Docs;

const declared = new Map<string, string>();

/**
 * An operation declared beside the one screen that sends it (`const SHEET = operation(\`query
 * ApplicantSheet(…) {…}\`)` in its screen module), typed from its text as DOCS's are. OPS keeps
 * the documents the browser bundles and those several modules send. Every operation declared so
 * is kept by its name, so the operations test validates the found screens' documents against the
 * schema; a name declared twice, or also in OPS, stops the start.
 */
export function operation<const S extends string>(source: S): ReturnType<typeof typed<S>> {
  const name = /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(source)?.[1];
  if (!name) throw new Error(`an operation needs a name: ${source.slice(0, 60)}`);
  if (Object.hasOwn(OPS, name) || (declared.has(name) && declared.get(name) !== source)) throw new Error(`operation ${name} is declared twice`);
  declared.set(name, source);
  return typed(source);
}

/** The operations declared beside their screens so far, by name (the found screen modules declare theirs when loaded). */
export const declaredOperations = (): ReadonlyMap<string, string> => declared;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any typed document
export type AnyDocument = TadaDocumentNode<any, any>;
export type { ResultOf, VariablesOf };

const sources = new WeakMap<object, string>();
/** The text of a typed document, as the API takes it (printed once per document). */
export function sourceOf(doc: AnyDocument): string {
  let s = sources.get(doc);
  if (s === undefined) sources.set(doc, (s = print(doc)));
  return s;
}

import type { ApiContext } from '../context.ts';
import { apiError, badInput } from '../errors.ts';
import { pickLang, tr, type Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import type { FieldErrors } from '../../validation.ts';
import { routeByPath } from '../../access/routes.ts';
import { unseenFields, type ChildResource, type FieldDef, type HookContext, type ResourceDef } from '../../resources/define.ts';
import { blanked, listResolver, listTypeDefs } from './lists.ts';
import { auditOf, createChild, createRow, deleteChild, deleteRow, getRow, listChildren, listOfResource, optionsFor, updateRow, type Actor, type Row, type WriteResult } from '../../resources/repo.ts';

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const gqlType = (f: FieldDef) => (f.multiple ? '[String!]' : (f.graphqlType ?? (f.kind === 'number' ? 'Int' : f.kind === 'boolean' ? 'Boolean' : 'String')));

/** A computed value with both languages (a `{ ja, en }` object, ComputedColumn `bilingual`). */
const isPair = (v: unknown): v is { ja: string | null; en: string | null } => typeof v === 'object' && v !== null && !(v instanceof Date) && 'ja' in v && 'en' in v;

/**
 * Dates become ISO strings, a value with both languages the reader's side, a `hidden` field (one
 * the caller's tenant does not see, FieldDef.tenants) null; everything else as stored. A row with
 * none of these is the row itself (a list of 50 is not copied).
 */
export function serialize(row: Row, lang: Lang, hidden: readonly string[] = []): Row {
  const seen = blanked(row, hidden);
  let out: Row | undefined;
  for (const k in seen) {
    const v = seen[k];
    if (v instanceof Date) (out ??= { ...seen })[k] = v.toISOString();
    else if (isPair(v)) (out ??= { ...seen })[k] = pickLang(lang, v.ja, v.en) || null;
  }
  return out ?? seen;
}

export const sharedTypeDefs = /* GraphQL */ `
  "A choice for a select field, with its label in both languages."
  type ResourceOption {
    value: String!
    ja: String!
    en: String!
  }

  "One change of a record: who, when, and each field's old and new value (JSON)."
  type AuditEntry {
    id: Int!
    action: String!
    actor_name: String!
    at: String!
    changes: String!
  }
`;

function childTypeDefs(def: ResourceDef, c: ChildResource): string {
  const C = cap(c.name);
  const fields = c.fields.map((f) => `    ${f.name}: ${gqlType(f)}`).join('\n');
  return /* GraphQL */ `
  type ${C} {
    id: ID!
    ${c.parentColumn}: ID!
${fields}
    created_at: String!
    updated_at: String!
  }
  input ${C}Input {
${fields}
  }
  extend type Query {
    "The ${c.plural} of one ${def.name} (null when the caller may not see it)."
    ${c.plural}(parentId: ID!): [${C}!]
  }
  extend type Mutation {
    create${C}(parentId: ID!, input: ${C}Input!): ${C}!
    delete${C}(id: ID!): Boolean!
  }
`;
}

export function resourceTypeDefs(def: ResourceDef): string {
  const T = cap(def.name);
  return listTypeDefs({
    type: T,
    plural: def.plural,
    fields: [
      ...def.fields.map((f) => ({ name: f.name, type: gqlType(f) })),
      // Computed values (ResourceDef.computed) are read-only: on the type, never on the input.
      ...(def.computed ?? []).map((c) => ({ name: c.name, type: 'String', about: `Computed: ${c.label.en}` })),
      { name: 'created_at', type: 'String!' },
      { name: 'updated_at', type: 'String!' },
    ],
    filters: def.fields.filter((f) => f.filter).map((f) => f.name),
    cursor: false,
    inputs: `\n  input ${T}Input {\n${def.fields.map((f) => `    ${f.name}: ${gqlType(f)}`).join('\n')}\n  }\n`,
    queries: [
      `${def.name}(id: ID!): ${T}`,
      `${def.name}Audit(id: ID!): [AuditEntry!]!`,
      `"Choices of a select field for the caller (a reference only offers rows of the caller's tenant; a field that says which values a new record may still take, only those); a child's field as child.field."\n    ${def.name}Options(field: String!): [ResourceOption!]!`,
    ],
    mutations: [
      def.noCreate ? '' : `create${T}(input: ${T}Input!): ${T}!`,
      `update${T}(id: ID!, input: ${T}Input!): ${T}!`,
      def.noDelete ? '' : `delete${T}(id: ID!): Boolean!`,
      def.actions?.length
        ? `"Runs one of the record's actions (${def.actions.map((a) => a.name).join(', ')}); returns the notice to show."\n    ${def.name}Action(id: ID!, action: String!): String!`
        : '',
    ],
    more: (def.children ?? []).map((c) => childTypeDefs(def, c)).join(''),
  });
}

const notFound = (ctx: ApiContext) => apiError('NOT_FOUND', msg(ctx.lang, 'error.notFound'));

/** Rows of these fields as the caller reads them (serialize, with the fields its tenant does not see). */
const readerOf = (fields: readonly FieldDef[], ctx: ApiContext) => {
  const hidden = unseenFields(fields, ctx.tenant);
  return (row: Row) => serialize(row, ctx.lang, hidden);
};

/** The caller for the repository: who (for the audit log) and the whole context (for the definition's hooks). */
function actorOf(ctx: ApiContext): Actor {
  return { id: ctx.user!.id, name: ctx.user!.name, context: hookContextOf(ctx) };
}

function hookContextOf(ctx: ApiContext): HookContext {
  return { user: ctx.user!, tenant: ctx.tenant, lang: ctx.lang, db: ctx.services.db, services: ctx.services };
}

/**
 * A write that broke a unique index (e.g. an e-mail address already registered, whatever its case)
 * becomes an error beside the field the index covers, not an internal error.
 */
export function uniqueViolation(fields: FieldDef[], err: unknown, lang: 'ja' | 'en'): FieldErrors | null {
  if (!err || typeof err !== 'object' || (err as { code?: unknown }).code !== '23505') return null;
  const detail = String((err as { detail?: unknown }).detail ?? '');
  // "Key (lower(email))=(a@b.test) already exists.": the columns are before ")=(".
  const key = detail.slice(0, Math.max(0, detail.indexOf(')=(')));
  const field = fields.find((f) => new RegExp(`\\b${f.name}\\b`).test(key));
  const message = msg(lang, 'error.alreadyRegistered');
  return { [field?.name ?? '_']: message };
}

/** Runs a write; a unique-index violation comes back as field errors. */
async function guarded(fields: FieldDef[], lang: 'ja' | 'en', write: () => Promise<WriteResult>): Promise<WriteResult> {
  try {
    return await write();
  } catch (err) {
    const errors = uniqueViolation(fields, err, lang);
    if (errors) return { ok: false, errors };
    throw err;
  }
}

function childResolvers(def: ResourceDef, c: ChildResource, Query: Record<string, unknown>, Mutation: Record<string, unknown>) {
  const C = cap(c.name);
  Query[c.plural] = async (_: unknown, a: { parentId: string }, ctx: ApiContext) => {
    const rows = await listChildren(ctx.services.db, def, c, ctx.tenant, a.parentId);
    return rows ? rows.map(readerOf(c.fields, ctx)) : null;
  };
  Mutation[`create${C}`] = async (_: unknown, a: { parentId: string; input: Record<string, unknown> }, ctx: ApiContext) => {
    const r = await guarded(c.fields, ctx.lang, () => createChild(ctx.services.db, def, c, ctx.tenant, actorOf(ctx), a.parentId, a.input, ctx.lang));
    if (!r.ok) throw 'notFound' in r ? notFound(ctx) : badInput(ctx.lang, r.errors);
    return readerOf(c.fields, ctx)(r.row);
  };
  Mutation[`delete${C}`] = async (_: unknown, a: { id: string }, ctx: ApiContext) => {
    if (!(await deleteChild(ctx.services.db, def, c, ctx.tenant, actorOf(ctx), a.id))) throw notFound(ctx);
    return true;
  };
}

export function resourceResolvers(def: ResourceDef) {
  const T = cap(def.name);
  const Query: Record<string, unknown> = {
    // Only the columns the caller asked for under `rows` are read (a list page asks for what it shows).
    [def.plural]: listResolver(listOfResource(def), { selected: true, row: (row, ctx) => readerOf(def.fields, ctx)(row) }),
    [def.name]: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      const row = await getRow(ctx.services.db, def, ctx.tenant, a.id, ctx.lang);
      return row ? readerOf(def.fields, ctx)(row) : null;
    },
    [`${def.name}Options`]: async (_: unknown, a: { field: string }, ctx: ApiContext) => {
      const [childName, childField] = a.field.includes('.') ? a.field.split('.', 2) : [null, null];
      const fields = childName ? (def.children?.find((c) => c.name === childName)?.fields ?? []) : def.fields;
      const field = fields.find((x) => x.name === (childField ?? a.field) && x.options);
      if (!field) throw badInput(ctx.lang, { field: msg(ctx.lang, 'error.noChoices') });
      return (await optionsFor(field, ctx.tenant, ctx.services.db)).map((o) => ({ value: o.value, ja: o.label.ja, en: o.label.en }));
    },
    [`${def.name}Audit`]: async (_: unknown, a: { id: string }, ctx: ApiContext) => (await auditOf(ctx.services.db, def, ctx.tenant, a.id)).map((e) => ({ ...e, changes: JSON.stringify(e.changes) })),
  };
  const Mutation: Record<string, unknown> = {
    [`update${T}`]: async (_: unknown, a: { id: string; input: Record<string, unknown> }, ctx: ApiContext) => {
      const tenant = ctx.tenant;
      // afterWrite is told what the row was; only read when a hook wants it.
      const before = def.afterWrite ? await getRow(ctx.services.db, def, tenant, a.id) : null;
      const r = await guarded(def.fields, ctx.lang, () => updateRow(ctx.services.db, def, tenant, actorOf(ctx), a.id, a.input, ctx.lang));
      if (!r.ok) throw 'notFound' in r ? notFound(ctx) : badInput(ctx.lang, r.errors);
      await def.afterWrite?.(r.row, hookContextOf(ctx), { mode: 'update', before: before ?? null });
      return readerOf(def.fields, ctx)(r.row);
    },
  };
  if (!def.noCreate) {
    Mutation[`create${T}`] = async (_: unknown, a: { input: Record<string, unknown> }, ctx: ApiContext) => {
      const r = await guarded(def.fields, ctx.lang, () => createRow(ctx.services.db, def, ctx.tenant, actorOf(ctx), a.input, ctx.lang));
      if (!r.ok) throw 'notFound' in r ? notFound(ctx) : badInput(ctx.lang, r.errors);
      await def.afterWrite?.(r.row, hookContextOf(ctx), { mode: 'create', before: null });
      return readerOf(def.fields, ctx)(r.row);
    };
  }
  if (!def.noDelete) {
    Mutation[`delete${T}`] = async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      try {
        const r = await deleteRow(ctx.services.db, def, ctx.tenant, actorOf(ctx), a.id);
        if (!r) throw notFound(ctx);
        if (r !== true) throw badInput(ctx.lang, { _: msg(ctx.lang, 'error.keptBy', { what: r.keptBy.map((w) => tr(ctx.lang, w)).join(msg(ctx.lang, 'list.separator')) }) });
      } catch (err) {
        // A row others still refer to (a candidate status that applications are in): say so.
        if (err && typeof err === 'object' && (err as { code?: unknown }).code === '23503') throw badInput(ctx.lang, { _: msg(ctx.lang, 'error.inUse') });
        throw err;
      }
      return true;
    };
  }
  if (def.actions?.length) {
    Mutation[`${def.name}Action`] = async (_: unknown, a: { id: string; action: string }, ctx: ApiContext) => {
      const action = def.actions!.find((x) => x.name === a.action);
      if (!action) throw badInput(ctx.lang, { action: msg(ctx.lang, 'list.unknownAction') });
      const row = await getRow(ctx.services.db, def, ctx.tenant, a.id);
      if (!row) throw notFound(ctx);
      const refused = await action.run(row, hookContextOf(ctx));
      if (refused) throw apiError('BAD_USER_INPUT', tr(ctx.lang, refused), { fields: { _: tr(ctx.lang, refused) } });
      return tr(ctx.lang, action.done);
    };
  }
  for (const c of def.children ?? []) childResolvers(def, c, Query, Mutation);
  return { Query, Mutation };
}

/** The codes of a resource's screens, from the route table (one source of truth for codes). */
function codesOf(def: ResourceDef, modes: string[]): number[] {
  const codes = def.screens
    .filter((s) => modes.includes(s.mode) || s.mode === 'single')
    .map((s) => routeByPath(s.path)?.code)
    .filter((c): c is number => typeof c === 'number');
  return [...new Set(codes)];
}

/**
 * Authorization rules of a resource's operations: read by any of its screens' codes, write by the
 * form screens'. Record actions and child rows follow the record: whoever may edit it.
 */
export function resourceRules(def: ResourceDef): Record<string, { codes: readonly number[] }> {
  const T = cap(def.name);
  const read = { codes: codesOf(def, ['list', 'create', 'edit', 'detail']) };
  const editCodes = codesOf(def, ['edit', 'detail']);
  const rules: Record<string, { codes: readonly number[] }> = {
    [`Query.${def.plural}`]: read,
    [`Query.${def.name}`]: read,
    [`Query.${def.name}Audit`]: read,
    [`Query.${def.name}Options`]: read,
    [`Mutation.update${T}`]: { codes: editCodes },
  };
  if (!def.noCreate) rules[`Mutation.create${T}`] = { codes: codesOf(def, ['create']) };
  if (!def.noDelete) rules[`Mutation.delete${T}`] = { codes: editCodes };
  if (def.actions?.length) rules[`Mutation.${def.name}Action`] = { codes: editCodes };
  for (const c of def.children ?? []) {
    rules[`Query.${c.plural}`] = read;
    rules[`Mutation.create${cap(c.name)}`] = { codes: editCodes };
    rules[`Mutation.delete${cap(c.name)}`] = { codes: editCodes };
  }
  for (const [k, r] of Object.entries(rules)) if ('codes' in r && r.codes.length === 0) throw new Error(`Resource ${def.name}: ${k} has no screen code`);
  return rules;
}

/** The documents of one resource: the fixed ones, plus `<child>List`, `<child>Create` and `<child>Delete` per child. */
export type ResourceDocuments = { [doc: string]: string | null } & {
  list: string;
  get: string;
  audit: string;
  options: string;
  create: string | null;
  update: string;
  delete: string | null;
  action: string | null;
};

/** The operation documents the web tier sends for a resource (validated against the schema in a test). */
/** Every field of a resource's GraphQL type, and of a child's. */
const typeFields = (def: ResourceDef) => ['id', ...def.fields.map((x) => x.name), ...(def.computed ?? []).map((c) => c.name), 'created_at', 'updated_at'];
const childTypeFields = (c: ChildResource) => ['id', c.parentColumn, ...c.fields.map((x) => x.name), 'created_at', 'updated_at'];
const AUDIT_FIELDS = 'id action actor_name at changes';

export function resourceDocuments(def: ResourceDef): ResourceDocuments {
  const T = cap(def.name);
  const cols = typeFields(def).join(' ');
  const hasFilter = def.fields.some((x) => x.filter);
  const children: Record<string, string> = {};
  for (const c of def.children ?? []) {
    const C = cap(c.name);
    children[`${c.name}List`] = `query ${C}List($parentId: ID!) { ${c.plural}(parentId: $parentId) { ${childTypeFields(c).join(' ')} } }`;
    children[`${c.name}Create`] = `mutation Create${C}($parentId: ID!, $input: ${C}Input!) { create${C}(parentId: $parentId, input: $input) { id } }`;
    children[`${c.name}Delete`] = `mutation Delete${C}($id: ID!) { delete${C}(id: $id) }`;
  }
  return {
    list: `query ${T}List($page: Int, $size: Int, $sort: String, $dir: String, $q: String${hasFilter ? `, $filter: ${T}Filter` : ''}) {
      ${def.plural}(page: $page, size: $size, sort: $sort, dir: $dir, q: $q${hasFilter ? ', filter: $filter' : ''}) { total page size rows { ${cols} } }
    }`,
    get: `query ${T}Get($id: ID!) { ${def.name}(id: $id) { ${cols} } }`,
    audit: `query ${T}Audit($id: ID!) { ${def.name}Audit(id: $id) { ${AUDIT_FIELDS} } }`,
    options: `query ${T}Options($field: String!) { ${def.name}Options(field: $field) { value ja en } }`,
    create: def.noCreate ? null : `mutation Create${T}($input: ${T}Input!) { create${T}(input: $input) { id } }`,
    update: `mutation Update${T}($id: ID!, $input: ${T}Input!) { update${T}(id: $id, input: $input) { id } }`,
    delete: def.noDelete ? null : `mutation Delete${T}($id: ID!) { delete${T}(id: $id) }`,
    action: def.actions?.length ? `mutation ${T}Action($id: ID!, $action: String!) { ${def.name}Action(id: $id, action: $action) }` : null,
    /** Per child: `<name>List`, `<name>Create`, `<name>Delete`. */
    ...children,
  };
}

/** What one page of a resource asks for in its one call (resourcePageDocument). */
export interface ResourcePageParts {
  /** A page of the list ($page, $size, $sort, $dir, $q, $filter) with these row fields; `id` is always asked for. */
  list?: readonly string[];
  /** The record ($id) with all its fields. */
  record?: boolean;
  /** The record's history ($id). */
  audit?: boolean;
  /** The rows of the record's children (parent $id). */
  children?: boolean;
  /** The choices of these fields (a child's as `child.field`), answered as o0, o1, … in this order. */
  options?: readonly string[];
}

const NAME = /^[a-z][a-zA-Z0-9_]*(\.[a-z][a-zA-Z0-9_]*)?$/;

/**
 * One document for everything a resource page shows (one fetch per page): the list or
 * the record, the children, and the choices of the fields on the page, so a page costs one
 * session check and one operation, and the list reads only the columns it shows.
 */
export function resourcePageDocument(def: ResourceDef, parts: ResourcePageParts): string {
  const T = cap(def.name);
  const vars: string[] = [];
  const selections: string[] = [];
  const cols = typeFields(def);
  if (parts.list) {
    const unknown = parts.list.filter((c) => !cols.includes(c));
    if (unknown.length) throw new Error(`${def.name}: no field ${unknown.join(', ')}`);
    const hasFilter = def.fields.some((x) => x.filter);
    vars.push('$page: Int', '$size: Int', '$sort: String', '$dir: String', '$q: String', ...(hasFilter ? [`$filter: ${T}Filter`] : []));
    const rows = [...new Set(['id', ...parts.list])].join(' ');
    selections.push(`${def.plural}(page: $page, size: $size, sort: $sort, dir: $dir, q: $q${hasFilter ? ', filter: $filter' : ''}) { total page size rows { ${rows} } }`);
  }
  if (parts.record || parts.audit || parts.children) vars.push('$id: ID!');
  if (parts.record) selections.push(`${def.name}(id: $id) { ${cols.join(' ')} }`);
  if (parts.audit) selections.push(`${def.name}Audit(id: $id) { ${AUDIT_FIELDS} }`);
  if (parts.children) for (const c of def.children ?? []) selections.push(`${c.plural}(parentId: $id) { ${childTypeFields(c).join(' ')} }`);
  (parts.options ?? []).forEach((field, i) => {
    if (!NAME.test(field)) throw new Error(`${def.name}: bad field name ${field}`);
    selections.push(`o${i}: ${def.name}Options(field: "${field}") { value ja en }`);
  });
  return `query ${T}Page${vars.length ? `(${vars.join(', ')})` : ''} { ${selections.join(' ')} }`;
}

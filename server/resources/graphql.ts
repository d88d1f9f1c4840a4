import type { ApiContext } from '../api/context.ts';
import { apiError, badInput } from '../api/errors.ts';
import { tenantOf } from '../api/tenancy.ts';
import type { Rule } from '../api/authz.ts';
import { routeByPath } from '../web/routes.ts';
import type { FieldDef, ResourceDef } from './define.ts';
import { auditOf, createRow, deleteRow, getRow, listRows, optionsFor, updateRow, type Row } from './repo.ts';

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const gqlType = (f: FieldDef) => f.graphqlType ?? (f.kind === 'number' ? 'Int' : f.kind === 'boolean' ? 'Boolean' : 'String');

/** Dates become ISO strings; everything else as stored. */
export function serialize(row: Row): Row {
  const out: Row = { ...row };
  for (const [k, v] of Object.entries(out)) if (v instanceof Date) out[k] = v.toISOString();
  return out;
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

export function resourceTypeDefs(def: ResourceDef): string {
  const T = cap(def.name);
  const fields = def.fields.map((f) => `    ${f.name}: ${gqlType(f)}`).join('\n');
  const filters = def.fields.filter((f) => f.filter);
  return /* GraphQL */ `
  type ${T} {
    id: ID!
${fields}
    created_at: String!
    updated_at: String!
  }
  type ${T}Page {
    rows: [${T}!]!
    total: Int!
    page: Int!
    size: Int!
  }
  input ${T}Input {
${def.fields.map((f) => `    ${f.name}: ${gqlType(f)}`).join('\n')}
  }
  ${filters.length ? `input ${T}Filter {\n${filters.map((f) => `    ${f.name}: String`).join('\n')}\n  }` : ''}
  extend type Query {
    ${def.plural}(page: Int = 1, size: Int = 20, sort: String, dir: String, q: String${filters.length ? `, filter: ${T}Filter` : ''}): ${T}Page!
    ${def.name}(id: ID!): ${T}
    ${def.name}Audit(id: ID!): [AuditEntry!]!
    "Choices of a select field for the caller (a reference only offers rows of the caller's tenant)."
    ${def.name}Options(field: String!): [ResourceOption!]!
  }
  extend type Mutation {
    ${def.noCreate ? '' : `create${T}(input: ${T}Input!): ${T}!`}
    update${T}(id: ID!, input: ${T}Input!): ${T}!
    ${def.noDelete ? '' : `delete${T}(id: ID!): Boolean!`}
  }
`;
}

const notFound = (ctx: ApiContext) => apiError('NOT_FOUND', ctx.lang === 'ja' ? '見つかりません。' : 'Not found.');
const actorOf = (ctx: ApiContext) => ({ id: ctx.user!.id, name: ctx.user!.name });

export function resourceResolvers(def: ResourceDef) {
  const T = cap(def.name);
  const Query = {
    [def.plural]: async (_: unknown, a: { page: number; size: number; sort?: string; dir?: 'asc' | 'desc'; q?: string; filter?: Record<string, string> }, ctx: ApiContext) => {
      if (a.size < 1 || a.size > 200 || a.page < 1) {
        throw badInput(ctx.lang, { size: ctx.lang === 'ja' ? '件数は1〜200で指定してください。' : 'Use a page size from 1 to 200.' });
      }
      const r = await listRows(ctx.services.db, def, tenantOf(ctx.user!), { page: a.page, size: a.size, sort: a.sort, dir: a.dir, q: a.q, filters: a.filter });
      return { ...r, rows: r.rows.map(serialize) };
    },
    [def.name]: async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      const row = await getRow(ctx.services.db, def, tenantOf(ctx.user!), a.id);
      return row ? serialize(row) : null;
    },
    [`${def.name}Options`]: async (_: unknown, a: { field: string }, ctx: ApiContext) => {
      const field = def.fields.find((x) => x.name === a.field && x.options);
      if (!field) throw badInput(ctx.lang, { field: ctx.lang === 'ja' ? '選択肢のない項目です。' : 'This field has no choices.' });
      return (await optionsFor(field, tenantOf(ctx.user!), ctx.services.db)).map((o) => ({ value: o.value, ja: o.label.ja, en: o.label.en }));
    },
    [`${def.name}Audit`]: async (_: unknown, a: { id: string }, ctx: ApiContext) =>
      (await auditOf(ctx.services.db, def, tenantOf(ctx.user!), a.id)).map((e) => ({ ...e, changes: JSON.stringify(e.changes) })),
  };
  const Mutation: Record<string, unknown> = {
    [`update${T}`]: async (_: unknown, a: { id: string; input: Record<string, unknown> }, ctx: ApiContext) => {
      const r = await updateRow(ctx.services.db, def, tenantOf(ctx.user!), actorOf(ctx), a.id, a.input, ctx.lang);
      if (!r.ok) throw 'notFound' in r ? notFound(ctx) : badInput(ctx.lang, r.errors);
      return serialize(r.row);
    },
  };
  if (!def.noCreate) {
    Mutation[`create${T}`] = async (_: unknown, a: { input: Record<string, unknown> }, ctx: ApiContext) => {
      const r = await createRow(ctx.services.db, def, tenantOf(ctx.user!), actorOf(ctx), a.input, ctx.lang);
      if (!r.ok) throw 'notFound' in r ? notFound(ctx) : badInput(ctx.lang, r.errors);
      return serialize(r.row);
    };
  }
  if (!def.noDelete) {
    Mutation[`delete${T}`] = async (_: unknown, a: { id: string }, ctx: ApiContext) => {
      if (!(await deleteRow(ctx.services.db, def, tenantOf(ctx.user!), actorOf(ctx), a.id))) throw notFound(ctx);
      return true;
    };
  }
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

/** Authorization rules of a resource's operations: read by any of its screens' codes, write by the form screens'. */
export function resourceRules(def: ResourceDef): Record<string, Rule> {
  const T = cap(def.name);
  const read = { codes: codesOf(def, ['list', 'create', 'edit', 'detail']) };
  const editCodes = codesOf(def, ['edit', 'detail']);
  const rules: Record<string, Rule> = {
    [`Query.${def.plural}`]: read,
    [`Query.${def.name}`]: read,
    [`Query.${def.name}Audit`]: read,
    [`Query.${def.name}Options`]: read,
    [`Mutation.update${T}`]: { codes: editCodes },
  };
  if (!def.noCreate) rules[`Mutation.create${T}`] = { codes: codesOf(def, ['create']) };
  if (!def.noDelete) rules[`Mutation.delete${T}`] = { codes: editCodes };
  for (const [k, r] of Object.entries(rules)) if ('codes' in r && r.codes.length === 0) throw new Error(`Resource ${def.name}: ${k} has no screen code`);
  return rules;
}

/** The operation documents the web tier sends for a resource (validated against the schema in a test). */
export function resourceDocuments(def: ResourceDef) {
  const T = cap(def.name);
  const cols = ['id', ...def.fields.map((x) => x.name), 'created_at', 'updated_at'].join(' ');
  const hasFilter = def.fields.some((x) => x.filter);
  return {
    list: `query ${T}List($page: Int, $size: Int, $sort: String, $dir: String, $q: String${hasFilter ? `, $filter: ${T}Filter` : ''}) {
      ${def.plural}(page: $page, size: $size, sort: $sort, dir: $dir, q: $q${hasFilter ? ', filter: $filter' : ''}) { total page size rows { ${cols} } }
    }`,
    get: `query ${T}Get($id: ID!) { ${def.name}(id: $id) { ${cols} } }`,
    audit: `query ${T}Audit($id: ID!) { ${def.name}Audit(id: $id) { id action actor_name at changes } }`,
    options: `query ${T}Options($field: String!) { ${def.name}Options(field: $field) { value ja en } }`,
    create: def.noCreate ? null : `mutation Create${T}($input: ${T}Input!) { create${T}(input: $input) { id } }`,
    update: `mutation Update${T}($id: ID!, $input: ${T}Input!) { update${T}(id: $id, input: $input) { id } }`,
    delete: def.noDelete ? null : `mutation Delete${T}($id: ID!) { delete${T}(id: $id) }`,
  };
}

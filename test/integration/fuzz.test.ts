/**
 * Bad input everywhere (rule 4 of the house): every root operation of the schema gets
 * values of the right GraphQL type that are wrong in every other way (empty, huge, negative,
 * not an id, markup, a NUL byte), as superadmin so authorization lets them through to the
 * resolvers; every screen that takes form posts gets fields of junk. Nothing may answer an
 * internal error: a person must always get a clear 4xx and keep what they typed.
 */
import { describe, expect, it } from 'vitest';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLArgument, type GraphQLField, type GraphQLInputType } from 'graphql';
import { buildSchema } from '../../server/api/graphql/schema.ts';
import { SCREENS } from '../../server/web/screens/index.ts';
import { postForm } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';

const t = appForFile();

const schema = buildSchema();
const JUNK = {
  String: ['', 'x'.repeat(20_000), '<script>alert(1)</script>', '../../etc/passwd', 'a\u0000b', '   '],
  ID: ['', 'not-an-id', '00000000-0000-0000-0000-000000000000', "1' or '1'='1", '9'.repeat(40)],
  Int: [-1, 0, 2_147_483_647, -2_147_483_648],
  Float: [-1, 1e308],
  Boolean: [true, false],
} as const;
const VARIANTS = 6;

/** The `i`-th junk value of a type (a list holds one junk element; an input object junk in every field). */
function junk(type: GraphQLInputType, i: number, depth = 0): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return i % 3 === 0 ? [] : [junk(inner.ofType, i, depth + 1)];
  const named = getNamedType(inner);
  if (isEnumType(named)) return named.getValues()[i % named.getValues().length]!.value;
  if (isInputObjectType(named)) {
    if (depth > 3) return {};
    return Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, junk(f.type, i, depth + 1)]));
  }
  if (isScalarType(named)) {
    const values = (JUNK as Record<string, readonly unknown[]>)[named.name] ?? JUNK.String;
    return values[i % values.length];
  }
  return null;
}

/** A selection that asks for the scalar fields of a result (enough to make the resolver run). */
function selection(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  if (!('getFields' in named)) return '';
  const scalars = Object.values((named as { getFields(): Record<string, GraphQLField<unknown, unknown>> }).getFields()).filter((f) => !('getFields' in getNamedType(f.type)) && f.args.length === 0);
  return scalars.length ? `{ ${scalars.map((f) => f.name).join(' ')} }` : '{ __typename }';
}

function documentOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a: GraphQLArgument) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${kind} Fuzz${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selection(field)} }`;
}

const ROOTS = [
  ['query', schema.getQueryType()!],
  ['mutation', schema.getMutationType()!],
] as const;
// Logging out ends the superadmin's sessions, which every later case needs.
const SKIP = new Set(['logout']);

describe('every operation with junk values of the right type', () => {
  for (const [kind, root] of ROOTS) {
    const fields = Object.values(root.getFields()).filter((f) => f.args.length > 0 && !SKIP.has(f.name));
    it(`${kind}: ${fields.length} operations answer a coded error or data, never INTERNAL`, async () => {
      const internal: string[] = [];
      for (const field of fields) {
        const doc = documentOf(kind, field);
        for (let i = 0; i < VARIANTS; i++) {
          const variables = Object.fromEntries(field.args.map((a) => [a.name, junk(a.type, i)]));
          const r = await t.gql(doc, variables, { as: 'superadmin' });
          for (const e of r.errors ?? []) {
            if (e.extensions?.code === 'INTERNAL' || !e.extensions?.code) internal.push(`${field.name} ${JSON.stringify(variables).slice(0, 200)}: ${e.message}`);
          }
        }
      }
      expect(internal).toEqual([]);
    }, 120_000);
  }
});

describe('every screen that takes posts, with fields of junk', () => {
  const posting = SCREENS.filter((s) => s.post && !s.path.includes('['));
  it(`${posting.length} screens answer a page, never a 500`, async () => {
    const token = await t.tokenOf('superadmin');
    const failures: string[] = [];
    for (const s of posting) {
      for (const action of ['', 'default', 'move', 'apply', 'mail', 'nonsense']) {
        const fields: Record<string, string | string[]> = {
          _action: action,
          q: 'x'.repeat(5_000),
          ids: ['not-an-id', ''],
          to: '<b>',
          row: '|',
          email: 'a\u0000@x',
          password: '',
          page: '-1',
          id: "1' --",
          type: 'NaN',
        };
        const res = await postForm(t, s.path, token, fields);
        if (res.status >= 500) failures.push(`${s.path} _action=${action}: ${res.status}`);
        if (/at .+\.(ts|js):\d+/.test(res.html)) failures.push(`${s.path} _action=${action}: a stack trace in the page`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/**
 * Every resource of the engine (server/resources/registry.ts) over real GraphQL, generically: the
 * loop below reads RESOURCES at run time, so a new definition is covered without a line here.
 *
 * Per resource: authentication and authorization of its list (who holds which code is computed
 * from DESIGN §5's code lists, not from the server's guard), create / read / update / audit /
 * delete with the definition's `sample`, tenancy against the other demo company, localized field
 * errors, and the list's paging and sort arguments.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rule } from '../../server/api/authz.ts';
import type { FieldDef, ResourceDef } from '../../server/resources/define.ts';
import { resourceDocuments, resourceRules } from '../../server/api/graphql/resources.ts';
import { RESOURCES } from '../../server/resources/registry.ts';
import { CODES_OF, LEAST_FIRST, type RoleLogin } from '../helpers/codes.ts';
import { DEMO, startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';

let t: TestApp;
let c1: string;
let c2: string;
let client1: string;
let superadminName: string;

// ---------------------------------------------------------------------------------------------
// Who holds which code (DESIGN §5 alone)

const codesOfRule = (rule: Rule | undefined): readonly number[] => (rule && 'codes' in rule ? rule.codes : []);
const holds = (login: RoleLogin, codes: readonly number[]) => codes.some((c) => CODES_OF[login].includes(c));
/** company2@ is a company_admin of the other demo company. */
const company2Holds = (codes: readonly number[]) => holds('company_admin', codes);
const deniedLogin = (codes: readonly number[]) => LEAST_FIRST.find((l) => !holds(l, codes));

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;
const anyDb = () => t.database.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// ---------------------------------------------------------------------------------------------
// GraphQL over HTTP

/** POST /graphql as a demo account, or anonymously. */
const gql = (query: string, variables: Record<string, unknown>, who?: DemoLogin, headers: Record<string, string> = {}) => t.gql(query, variables, { ...(who ? { as: who } : {}), headers });

// ---------------------------------------------------------------------------------------------
// Sample values

/** The sample with its placeholders filled: the first demo company and one of its clients. */
function resolvedSample(def: ResourceDef): Record<string, unknown> {
  return Object.fromEntries(Object.entries(def.sample).map(([k, v]) => [k, v === '$company' ? c1 : v === '$client' ? client1 : v]));
}

/**
 * Fields a platform caller may set on create that the sample leaves out although they are optional
 * (they take null): the API wrongly requires them to be present (see the BUG note below).
 */
function omittedOptional(def: ResourceDef): FieldDef[] {
  if (def.noCreate) return [];
  return def.fields.filter((f) => !(f.name in def.sample) && !f.schema.safeParse(undefined).success && f.schema.safeParse(null).success);
}

/** The sample, with an explicit null for each optional field it leaves out. */
function createInput(def: ResourceDef): Record<string, unknown> {
  return { ...resolvedSample(def), ...Object.fromEntries(omittedOptional(def).map((f) => [f.name, null])) };
}

/**
 * Makes room for the sample where it replaces a row every company holds (ResourceDef.sampleReplaces:
 * a mail template of a mail, one per company): the superadmin deletes that row through the API first,
 * as a person deletes a mail's template to write it anew.
 */
async function makeRoomForSample(def: ResourceDef, deleteDoc: string | null) {
  if (!def.sampleReplaces?.length) return;
  const sample = resolvedSample(def);
  let q = anyDb().selectFrom(def.table).select('id');
  for (const [column, value] of Object.entries(def.fixed ?? {})) q = q.where(column, '=', value);
  for (const column of def.sampleReplaces) q = sample[column] === null || sample[column] === undefined ? q.where(column, 'is', null) : q.where(column, '=', sample[column]);
  for (const row of await q.execute()) dataOf(await gql(deleteDoc!, { id: row.id }, 'superadmin'), `${def.name}: delete the row the sample replaces`);
}

/** Equal as the API gives it back; a decimal kept as the database prints it ("4.50" for "4.5") counts as equal. */
function expectSame(actual: unknown, expected: unknown, what: string) {
  if (typeof actual === 'string' && typeof expected === 'string' && /^-?\d+(\.\d+)?$/.test(actual) && /^-?\d+(\.\d+)?$/.test(expected)) {
    expect(Number(actual), what).toBe(Number(expected));
    return;
  }
  expect(actual, what).toEqual(expected);
}

/** A field to change in the update test and a valid new value for it (a text field, else a number). */
function pickChange(def: ResourceDef, row: Record<string, unknown>): { field: FieldDef; send: unknown; stored: unknown } {
  const editable = def.fields.filter((f) => !f.createOnly && !f.multiple);
  for (const f of editable.filter((x) => x.kind === 'text' || x.kind === 'textarea')) {
    const old = row[f.name];
    if (typeof old !== 'string' || !old) continue;
    for (const candidate of [`${old}（更新）`, `${old}-updated`, 'updated.value', '09:45']) {
      const parsed = f.schema.safeParse(candidate);
      if (parsed.success && parsed.data !== old) return { field: f, send: candidate, stored: parsed.data };
    }
  }
  for (const f of editable.filter((x) => x.kind === 'number')) {
    const old = row[f.name];
    if (typeof old !== 'number') continue;
    for (const candidate of [old + 1, old - 1]) if (f.schema.safeParse(candidate).success) return { field: f, send: candidate, stored: candidate };
  }
  throw new Error(`${def.name}: no text or number field to change`);
}

/** A text field that must not be blank, for the localized-error test. */
function requiredTextField(def: ResourceDef): FieldDef | undefined {
  return def.fields.find((f) => ['text', 'textarea', 'email'].includes(f.kind) && !f.schema.safeParse('').success && (!def.noCreate || !f.createOnly));
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await startTestApp();
  const needed = new Set<DemoLogin>(['superadmin', 'company2']);
  for (const def of RESOURCES) {
    const d = deniedLogin(codesOfRule(resourceRules(def)[`Query.${def.plural}`]));
    if (d) needed.add(d);
  }
  const who = [...needed];
  for (let i = 0; i < who.length; i += 3) {
    const batch = who.slice(i, i + 3);
    await Promise.all(batch.map((w) => t.tokenOf(w)));
  }
  const users = await t.database.db.selectFrom('users').select(['email', 'name', 'company_id']).where('email', 'in', [DEMO.superadmin, DEMO.company_admin, DEMO.company2]).execute();
  c1 = users.find((u) => u.email === DEMO.company_admin)!.company_id!;
  c2 = users.find((u) => u.email === DEMO.company2)!.company_id!;
  superadminName = users.find((u) => u.email === DEMO.superadmin)!.name;
  client1 = (await t.database.db.selectFrom('clients').select('id').where('company_id', '=', c1).orderBy('name').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

it('covers every registered resource', () => {
  expect(RESOURCES.length).toBeGreaterThan(0);
  expect(new Set(RESOURCES.map((d) => d.name)).size).toBe(RESOURCES.length);
});

for (const def of RESOURCES) {
  const T = cap(def.name);
  const docs = resourceDocuments(def);
  const rules = resourceRules(def);
  const listCodes = codesOfRule(rules[`Query.${def.plural}`]);
  const denied = deniedLogin(listCodes);
  const key = def.plural;

  describe(`resource ${def.name} (${def.table})`, () => {
    /** The row the tests work on: created from the sample, or the existing one of a noCreate resource. */
    let id: string;
    let expected: Record<string, unknown>;

    const get = (who: DemoLogin, rowId = id) => gql(docs.get, { id: rowId }, who);
    const list = (vars: Record<string, unknown>, who: DemoLogin = 'superadmin') => gql(docs.list, vars, who);

    it(`anonymous: ${def.plural} is UNAUTHENTICATED`, async () => {
      const body = await gql(docs.list, { page: 1, size: 5 });
      expect(firstCode(body)).toBe('UNAUTHENTICATED');
      expect(body.data?.[key] ?? null).toBeNull();
    });

    if (denied) {
      it(`${denied} (holds none of ${listCodes.join(', ')}) is FORBIDDEN on ${def.plural}`, async () => {
        const body = await gql(docs.list, { page: 1, size: 5 }, denied);
        expect(firstCode(body)).toBe('FORBIDDEN');
        expect(body.data?.[key] ?? null).toBeNull();
      });
    } else {
      it(`every demo role holds one of ${listCodes.join(', ')}: superadmin lists ${def.plural}`, async () => {
        const data = dataOf(await list({ page: 1, size: 5 }), 'list');
        expect(data[key].total).toBeGreaterThanOrEqual(0);
      });
    }

    if (def.noCreate) {
      it('superadmin writes the sample over the existing row and reads every field back', async () => {
        const data = dataOf(await list({ page: 1, size: 1 }), 'list');
        expect(data[key].rows.length, `${def.plural} has no row to work on`).toBe(1);
        id = data[key].rows[0].id;
        expected = resolvedSample(def);
        const updated = dataOf(await gql(docs.update, { id, input: expected }, 'superadmin'), `update${T}`);
        expect(updated[`update${T}`].id).toBe(id);
        const row = dataOf(await get('superadmin'), 'get')[def.name];
        for (const [k, v] of Object.entries(expected)) expectSame(row[k], v, `${def.name}.${k}`);
      });
    } else {
      const omitted = omittedOptional(def);
      if (omitted.length) {
        // A create through the API may simply leave an optional field out.
        it(`the API accepts the sample as given, leaving out the optional ${omitted.map((f) => f.name).join(', ')}`, async () => {
          await makeRoomForSample(def, docs.delete);
          const body = await gql(docs.create!, { input: resolvedSample(def) }, 'superadmin');
          const created = body.data?.[`create${T}`]?.id as string | undefined;
          if (created && docs.delete) await gql(docs.delete, { id: created }, 'superadmin');
          dataOf(body, `create${T} with the sample as given`);
        });
      }

      it('superadmin creates with the sample and reads every field back by id', async () => {
        await makeRoomForSample(def, docs.delete);
        expected = createInput(def);
        const created = dataOf(await gql(docs.create!, { input: expected }, 'superadmin'), `create${T}`);
        id = created[`create${T}`].id;
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        const row = dataOf(await get('superadmin'), 'get')[def.name];
        expect(row.id).toBe(id);
        for (const [k, v] of Object.entries(expected)) expectSame(row[k], v, `${def.name}.${k}`);
      });
    }

    const tenancyName = company2Holds(listCodes)
      ? 'tenancy: company2@ (other company) never sees a row of company 1; its update and delete are refused, the row unchanged'
      : `tenancy: company2@ holds none of ${listCodes.join(', ')}, so FORBIDDEN; the row of company 1 unchanged`;
    const companyTenantWhere = def.scope.where({ kind: 'company', companyId: '00000000-0000-0000-0000-000000000002' });
    const maybeCompanyScoped = !!companyTenantWhere?.some((w) => w.value === '00000000-0000-0000-0000-000000000002');
    // Only a company-scoped resource has another company's rows to hide; the others have nothing to check here.
    if (maybeCompanyScoped)
      it(tenancyName, async () => {
        // Company-based: the scope filters a company tenant by its company, and the row belongs to one.
        expect(def.scope.where({ kind: 'company', companyId: c2 })?.some((w) => w.value === c2)).toBe(true);
        const stored = await anyDb().selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const owner = def.scope.companyOf(stored);
        // A row of no company (a platform user) is as foreign to company2 as one of company 1.
        expect(owner).not.toBe(c2);
        const before = dataOf(await get('superadmin'), 'get')[def.name];
        const change = pickChange(def, before);

        if (company2Holds(listCodes)) {
          const listed = dataOf(await list({ page: 1, size: 200 }, 'company2'), 'company2 list')[key];
          expect(listed.rows.map((r: { id: string }) => r.id)).not.toContain(id);
          const searched = dataOf(await list({ page: 1, size: 200, q: String(before[def.labelField] ?? '') }, 'company2'), 'company2 search')[key];
          expect(searched.rows.map((r: { id: string }) => r.id)).not.toContain(id);
          expect(dataOf(await get('company2'), 'company2 get')[def.name]).toBeNull();
          expect(dataOf(await gql(docs.audit, { id }, 'company2'), 'company2 audit')[`${def.name}Audit`]).toEqual([]);
        } else {
          expect(firstCode(await list({ page: 1, size: 5 }, 'company2'))).toBe('FORBIDDEN');
          expect(firstCode(await get('company2'))).toBe('FORBIDDEN');
        }

        const updateCode = company2Holds(codesOfRule(rules[`Mutation.update${T}`])) ? 'NOT_FOUND' : 'FORBIDDEN';
        const upd = await gql(docs.update, { id, input: { [change.field.name]: change.send } }, 'company2');
        expect(firstCode(upd), JSON.stringify(upd)).toBe(updateCode);
        if (docs.delete) {
          const deleteCode = company2Holds(codesOfRule(rules[`Mutation.delete${T}`])) ? 'NOT_FOUND' : 'FORBIDDEN';
          const del = await gql(docs.delete, { id }, 'company2');
          expect(firstCode(del), JSON.stringify(del)).toBe(deleteCode);
        }
        // Untouched, timestamps included.
        expect(dataOf(await get('superadmin'), 'get')[def.name]).toEqual(before);
      });

    it(`superadmin updates one field; ${def.name}Audit lists the create and the update by the superadmin`, async () => {
      const before = dataOf(await get('superadmin'), 'get')[def.name];
      const change = pickChange(def, before);
      const upd = dataOf(await gql(docs.update, { id, input: { [change.field.name]: change.send } }, 'superadmin'), `update${T}`);
      expect(upd[`update${T}`].id).toBe(id);
      const after = dataOf(await get('superadmin'), 'get')[def.name];
      expect(after[change.field.name]).toEqual(change.stored);
      // Only that field changed.
      for (const f of def.fields) if (f.name !== change.field.name) expect(after[f.name], f.name).toEqual(before[f.name]);

      const audit = dataOf(await gql(docs.audit, { id }, 'superadmin'), 'audit')[`${def.name}Audit`] as { action: string; actor_name: string; at: string; changes: string }[];
      const entries = audit.map((e) => ({ ...e, changes: JSON.parse(e.changes) as Record<string, { from: unknown; to: unknown }> }));
      const update = entries.find((e) => e.action === 'update' && change.field.name in e.changes);
      expect(update, JSON.stringify(entries)).toBeDefined();
      expect(update!.actor_name).toBe(superadminName);
      expect(update!.changes[change.field.name]).toEqual({ from: before[change.field.name], to: change.stored });
      expect(Number.isNaN(Date.parse(update!.at))).toBe(false);
      // Newest first: this update is the first entry.
      expect(entries[0]).toEqual(update);
      if (!def.noCreate) {
        const create = entries.find((e) => e.action === 'create');
        expect(create, JSON.stringify(entries)).toBeDefined();
        expect(create!.actor_name).toBe(superadminName);
        expect(create!.changes[change.field.name]).toEqual({ from: null, to: before[change.field.name] });
      }
    });

    const required = requiredTextField(def);
    if (required) {
      it(`an empty ${required.name} is BAD_USER_INPUT with fields.${required.name} in Japanese, and in English with Accept-Language: en`, async () => {
        const totalBefore = dataOf(await list({ page: 1, size: 1 }), 'list')[key].total;
        const call = (headers: Record<string, string>) =>
          def.noCreate
            ? gql(docs.update, { id, input: { [required.name]: '' } }, 'superadmin', headers)
            : gql(docs.create!, { input: { ...createInput(def), [required.name]: '' } }, 'superadmin', headers);
        const [ja, en] = await Promise.all([call({}), call({ 'accept-language': 'en' })]);
        expect(firstCode(ja), JSON.stringify(ja)).toBe('BAD_USER_INPUT');
        expect(firstCode(en), JSON.stringify(en)).toBe('BAD_USER_INPUT');
        const jaMsg = ja.errors![0]!.extensions!.fields?.[required.name];
        const enMsg = en.errors![0]!.extensions!.fields?.[required.name];
        expect(jaMsg, JSON.stringify(ja.errors)).toMatch(CJK);
        expect(enMsg, JSON.stringify(en.errors)).toMatch(/[A-Za-z]{3,}/);
        expect(enMsg).not.toMatch(CJK);
        // Nothing was written.
        expect(dataOf(await list({ page: 1, size: 1 }), 'list')[key].total).toBe(totalBefore);
        expect(dataOf(await get('superadmin'), 'get')[def.name][required.name]).not.toBe('');
      });
    }

    it('list paging: size 1 gives one row and the total; size 500 is BAD_USER_INPUT', async () => {
      const [one, tooBig] = await Promise.all([list({ page: 1, size: 1 }), list({ page: 1, size: 500 })]);
      const page = dataOf(one, 'size 1')[key];
      expect(page.rows).toHaveLength(1);
      expect(page.total).toBeGreaterThanOrEqual(1);
      expect(page.size).toBe(1);
      expect(page.page).toBe(1);
      expect(firstCode(tooBig)).toBe('BAD_USER_INPUT');
      expect(tooBig.errors![0]!.extensions!.fields).toHaveProperty('size');
    });

    it('an unknown sort field is no error and lists the same rows', async () => {
      const [plain, unknown] = await Promise.all([list({ page: 1, size: 200 }), list({ page: 1, size: 200, sort: 'no_such_field' })]);
      const a = dataOf(plain, 'default sort')[key];
      const b = dataOf(unknown, 'unknown sort')[key];
      expect(b.total).toBe(a.total);
      expect(b.rows.map((r: { id: string }) => r.id).sort()).toEqual(a.rows.map((r: { id: string }) => r.id).sort());
    });

    // An unknown sort column is ignored: the list keeps the definition's order, direction included.
    it(`an unknown sort field falls back to the default order (${def.defaultSort.field} ${def.defaultSort.dir})`, async () => {
      const [plain, unknown] = await Promise.all([list({ page: 1, size: 200 }), list({ page: 1, size: 200, sort: 'no_such_field' })]);
      const a = dataOf(plain, 'default sort')[key].rows as Record<string, unknown>[];
      const b = dataOf(unknown, 'unknown sort')[key].rows as Record<string, unknown>[];
      // Meaningful only when the default order is not also its reverse.
      if (def.defaultSort.dir === 'desc') expect(new Set(a.map((r) => String(r[def.defaultSort.field]))).size).toBeGreaterThan(1);
      expect(b.map((r) => r.id)).toEqual(a.map((r) => r.id));
    });

    if (!def.noDelete) {
      it(`superadmin deletes it: the get is null and audit_log has a 'delete' entry`, async () => {
        expect(dataOf(await gql(docs.delete!, { id }, 'superadmin'), `delete${T}`)[`delete${T}`]).toBe(true);
        expect(dataOf(await get('superadmin'), 'get')[def.name]).toBeNull();
        const entry = await t.database.db
          .selectFrom('audit_log')
          .select(['action', 'actor_name', 'changes'])
          .where('entity', '=', def.name)
          .where('entity_id', '=', id)
          .where('action', '=', 'delete')
          .executeTakeFirst();
        expect(entry).toBeDefined();
        expect(entry!.actor_name).toBe(superadminName);
        // A second delete finds nothing.
        expect(firstCode(await gql(docs.delete!, { id }, 'superadmin'))).toBe('NOT_FOUND');
      });
    }
  });
}

/**
 * A list view's statements are planned by the one planner (list.ts, `planList`), compiled by Kysely
 * once per shape and reused with each view's own values (`listStatements`). They must be exactly
 * what Kysely compiles for that view: for every list of the engine (the resources' and the read
 * models', through their adapters `listOfResource` and `listOfReadModel`), each tenant, search,
 * filter, sort, column set, page and cursor, one view after another of the same shape with other
 * values (another company, another search) included.
 */
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../shared/i18n.ts';
import type { Tenant } from '../access/tenancy.ts';
import type { DB } from '../db/connect.ts';
import { DATE_FILTERS, type ResourceDef } from './define.ts';
import { listStatements, planList, type ListDef, type ListPlan, type ListQuery, type ListView } from './list.ts';
import { listOfReadModel, type ReadListParams, type ReadModelDef } from './read-model.ts';
import { READ_MODELS, RESOURCES } from './registry.ts';
import { listOfResource } from './repo.ts';

// Compiling needs no connection: the pool is never asked for one.
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
const db = new Kysely({ dialect: new PostgresDialect({ pool }) }) as unknown as DB;
afterAll(() => pool.end());

const TENANTS: Tenant[] = [
  { kind: 'platform' },
  { kind: 'company', companyId: '11111111-1111-4111-8111-111111111111' },
  { kind: 'company', companyId: '22222222-2222-4222-8222-222222222222' },
  { kind: 'client', companyId: '11111111-1111-4111-8111-111111111111', clientId: '33333333-3333-4333-8333-333333333333' },
  { kind: 'client', companyId: '22222222-2222-4222-8222-222222222222', clientId: '44444444-4444-4444-8444-444444444444' },
];

/** The plan's statements compiled once per shape, against Kysely's own compilation of the same view. */
function expectOwn(plan: ListPlan, withCount: boolean) {
  const built = plan.build(db, (i) => plan.values[i], withCount);
  const reused = listStatements(db, plan, withCount);
  const text = (c: CompiledQuery | null | undefined) => (c ? { sql: c.sql, parameters: c.parameters } : null);
  expect(text(reused.page)).toEqual(text(built?.page.compile()));
  expect(text(reused.count)).toEqual(text(built?.count.compile()));
}

/**
 * Plans each view of a list for each tenant and each set of fixed filters (`undefined`: the view
 * as it is), and checks each plan's statements, with and without the count as `withCounts` says:
 * how many were checked.
 */
function checkViews(list: ListDef, views: readonly Omit<ListView, 'lang'>[], o: { lang: Lang; fixeds: readonly ListView['fixed'][]; withCounts: readonly boolean[] }): number {
  let checked = 0;
  for (const view of views) {
    for (const tenant of TENANTS) {
      for (const fixed of o.fixeds) {
        const plan = planList(list, tenant, { ...view, ...(fixed ? { fixed } : {}), lang: o.lang });
        if (!plan) continue;
        for (const withCount of o.withCounts) {
          expectOwn(plan, withCount);
          checked++;
        }
      }
    }
  }
  return checked;
}

/**
 * The views every list is tried with: pages, a search and one of LIKE's wildcards, then each filter
 * with each of its values (alone, and with a search on another page), then each sort both ways and
 * unset.
 */
function pagedFilteredSorted(filters: { name: string; values: readonly string[] }[], sorts: string[]): ListQuery[] {
  const out: ListQuery[] = [
    { page: 1, size: 20 },
    { page: 3, size: 50 },
    { page: 1, size: 20, q: 'abc' },
    { page: 2, size: 20, q: '100%_\\' },
  ];
  for (const f of filters) for (const v of f.values) out.push({ page: 1, size: 20, filter: { [f.name]: v } }, { page: 2, size: 10, q: 'q', filter: { [f.name]: v } });
  for (const name of sorts) for (const dir of ['asc', 'desc', null] as const) out.push({ page: 1, size: 20, sort: name, dir });
  return out;
}

/** Views of one definition: every filter with two values of each kind, searches, sorts, columns, pages. */
function views(def: ResourceDef): Omit<ListView, 'lang'>[] {
  const filters = def.fields
    .filter((x) => x.filter)
    .map((f) => ({
      name: f.name,
      values: f.kind === 'date' ? [...Object.keys(DATE_FILTERS), '2026-11-26', '2026-12-01', 'not-a-day'] : f.kind === 'boolean' ? ['true', 'false'] : f.multiple ? ['ja', 'en'] : ['1', 'x%y'],
    }));
  const out: Omit<ListView, 'lang'>[] = pagedFilteredSorted(
    filters,
    def.fields.filter((x) => x.sortable).map((f) => f.name),
  );
  out.push({ page: 1, size: 20, sort: 'created_at' }, { page: 1, size: 20, sort: 'no_such_field', dir: 'desc' });
  const shown = def.fields.slice(0, 2).map((f) => f.name);
  out.push({ page: 1, size: 50, columns: new Set(shown) }, { page: 1, size: 50, columns: new Set([...shown].reverse()) });
  return out;
}

describe('list statements compiled once per shape', () => {
  for (const def of RESOURCES) {
    it(`${def.name}: every view's statement and values are Kysely's own`, () => {
      expect(checkViews(listOfResource(def), views(def), { lang: 'ja', fixeds: [undefined], withCounts: [true, false] })).toBeGreaterThan(0);
    });
  }

  it('gives one shape to views that differ only in their values, and another when a filter is added', () => {
    const def = RESOURCES.find((d) => d.table === 'jobs')!;
    const [a, b] = TENANTS.slice(1, 3).map((t) => planList(listOfResource(def), t, { page: 1, size: 20, lang: 'ja' })!);
    expect(a!.shape).toBe(b!.shape);
    expect(a!.values).not.toEqual(b!.values);
    const filtered = planList(listOfResource(def), TENANTS[1]!, { page: 1, size: 20, filter: { status: 'open' }, lang: 'ja' })!;
    expect(filtered.shape).not.toBe(a!.shape);
  });
});

/** Views of one read model: searches, each filter with a value, each sort both ways, pages and a cursor. */
function readViews(def: ReadModelDef): ReadListParams[] {
  const filters = (def.filters ?? []).map((f) => {
    const first = Array.isArray(f.options) ? f.options[0]?.value : undefined;
    return { name: f.name, values: f.kind === 'date' ? ['today', '2026-11-26'] : [first ?? '11111111-1111-4111-8111-111111111111', 'x%y'] };
  });
  const out = pagedFilteredSorted(
    filters,
    def.columns.filter((x) => x.sortable).map((c) => c.name),
  );
  const cursor = (v: string, id: string) => Buffer.from(JSON.stringify([v, id])).toString('base64url');
  out.push({ page: 1, size: 20, after: cursor('2026-11-26', '55555555-5555-4555-8555-555555555555') }, { page: 1, size: 20, after: cursor('x', '66666666-6666-4666-8666-666666666666'), q: 'q' });
  return out;
}

describe('read-model list statements compiled once per shape', () => {
  for (const def of READ_MODELS) {
    it(`${def.name}: every view's statements and values are Kysely's own`, () => {
      const fixeds = [
        [],
        ...def.screens
          .filter((s) => s.fixed)
          .slice(0, 1)
          .map((s) => [s.fixed!]),
      ];
      expect(checkViews(listOfReadModel(def), readViews(def), { lang: 'en', fixeds, withCounts: [false] })).toBeGreaterThan(0);
      // Many views of a large definition, compiled twice each: more than the default 5 s on a busy machine.
    }, 30_000);
  }

  it('gives two companies one shape with their own values', () => {
    const def = READ_MODELS.find((d) => d.name === 'applicant')!;
    const [a, b] = TENANTS.slice(1, 3).map((t) => planList(listOfReadModel(def), t, { page: 1, size: 20, lang: 'ja' }));
    expect(a!.shape).toBe(b!.shape);
    expect(a!.values).not.toEqual(b!.values);
  });
});

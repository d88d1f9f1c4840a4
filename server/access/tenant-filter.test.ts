import { describe, expect, it } from 'vitest';
import { tenantAssignedValues, tenantCacheKey, tenantFilterFor, tenantScopedQuery, type Tenant } from './tenancy.ts';

const platform: Tenant = { kind: 'platform' };
const company: Tenant = { kind: 'company', companyId: 'c1' };
const client: Tenant = { kind: 'client', companyId: 'c1', clientId: 'k1' };
const none: Tenant = { kind: 'none' };

describe('tenantFilterFor', () => {
  it('keeps every row for the platform and none for a caller without a tenant', () => {
    expect(tenantFilterFor(platform, { company: 'a.company_id', client: 'a.client_id' })).toEqual([]);
    expect(tenantFilterFor(none, { company: 'a.company_id' })).toBeNull();
  });

  it("keeps a company's rows, and a client's own where the rows have a client column", () => {
    const cols = { company: 'a.company_id', client: 'a.client_id' };
    expect(tenantFilterFor(company, cols)).toEqual([{ column: 'a.company_id', value: 'c1' }]);
    expect(tenantFilterFor(client, cols)).toEqual([
      { column: 'a.company_id', value: 'c1' },
      { column: 'a.client_id', value: 'k1' },
    ]);
  });

  it('shows a client user its company rows when the rows have no client, and none when clients may not see them', () => {
    expect(tenantFilterFor(client, { company: 'company_id' })).toEqual([{ column: 'company_id', value: 'c1' }]);
    expect(tenantFilterFor(client, { company: 'company_id', client: false })).toBeNull();
    expect(tenantFilterFor(company, { company: 'company_id', client: false })).toEqual([{ column: 'company_id', value: 'c1' }]);
  });

  it('keeps platform data to the platform', () => {
    expect(tenantFilterFor(platform, { company: false })).toEqual([]);
    expect(tenantFilterFor(company, { company: false })).toBeNull();
  });
});

describe('tenantScopedQuery', () => {
  /** A stand-in for a query builder: records its conditions. */
  class Q {
    constructor(readonly wheres: string[] = []) {}
    where(column: string, op: '=', value: string): Q {
      return new Q([...this.wheres, `${column} ${op} ${value}`]);
    }
  }

  it('adds one condition per column, none for the platform, and gives null for no rows', () => {
    const cols = { company: 'j.company_id', client: 'j.client_id' };
    expect(tenantScopedQuery(new Q(), client, cols)?.wheres).toEqual(['j.company_id = c1', 'j.client_id = k1']);
    expect(tenantScopedQuery(new Q(), platform, cols)?.wheres).toEqual([]);
    expect(tenantScopedQuery(new Q(), none, cols)).toBeNull();
  });
});

describe('tenantAssignedValues and tenantCacheKey', () => {
  it("gives a new row the tenant's columns", () => {
    expect(tenantAssignedValues(tenantFilterFor(client, { company: 'company_id', client: 'client_id' }))).toEqual({ company_id: 'c1', client_id: 'k1' });
    expect(tenantAssignedValues(tenantFilterFor(platform, { company: 'company_id' }))).toEqual({});
    expect(tenantAssignedValues(null)).toEqual({});
  });

  it('names each tenant apart', () => {
    expect(new Set([platform, company, client, none].map(tenantCacheKey)).size).toBe(4);
  });
});

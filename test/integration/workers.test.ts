/**
 * Workers (/admin/worker 160001): the people who applied to the tenant, with residence
 * status, card expiry and whether they can be paid; a client user sees the people of its own jobs,
 * another company none of them.
 */
import { describe, expect, it } from 'vitest';
import { dataOf } from '../helpers/graphql.ts';
import { getPage } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';

const t = appForFile();

const LIST = '{ workers(size: 100) { total rows { id name visaType bank } } }';
type Row = { id: string; name: string; visaType: string | null; bank: string };
const names = async (as: 'company_admin' | 'company2' | 'client_admin') => dataOf(await t.gql(LIST, {}, { as })).workers.rows as Row[];

describe('the workers list', () => {
  it('shows the company the people who applied to it, with residence status and whether a pay account is registered', async () => {
    const rows = await names('company_admin');
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('Tran Thi Mai')).toMatchObject({ visaType: '特定技能1号', bank: 'yes' });
    expect(byName.get('Bikash Thapa')).toMatchObject({ bank: 'no' });
    const page = await getPage(t, '/admin/worker', await t.tokenOf('company_admin'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Jose Reyes');
    expect(page.html).toContain('未登録');
  });

  it('a client sees the people of its own jobs only; another company sees none of them', async () => {
    const client = (await names('client_admin')).map((r) => r.name);
    expect(client).toContain('Tran Thi Mai');
    expect(client).not.toContain('Jose Reyes');
    const other = (await names('company2')).map((r) => r.name);
    for (const n of ['Tran Thi Mai', 'Jose Reyes', 'Bikash Thapa']) expect(other).not.toContain(n);
  });
});

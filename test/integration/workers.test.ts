/**
 * Workers (/admin/worker 160001): the people who applied to the tenant, with residence
 * status, card expiry and whether they can be paid; a client user sees the people of its own jobs,
 * another company none of them.
 */
import { describe, expect, it } from 'vitest';
import { dataOf } from '../helpers/graphql.ts';
import { getPage } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';
import { parseCsv } from '../helpers/csv.ts';
import * as cheerio from 'cheerio';

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

  it("names a worker's nationality, stored as a country code, in the reader's language; the filter is a choice of countries", async () => {
    const rows = dataOf(await t.gql('{ workers(size: 100) { rows { id name nationality } } }', {}, { as: 'company_admin' })).workers.rows as { id: string; name: string; nationality: string }[];
    const tran = rows.find((r) => r.name === 'Tran Thi Mai')!;
    // The API keeps the code; the page and its CSV name the country.
    expect(tran.nationality).toBe('VN');
    const token = await t.tokenOf('company_admin');
    for (const [lang, vietnam] of [
      ['ja', 'ベトナム'],
      ['en', 'Vietnam'],
    ] as const) {
      const page = await getPage(t, '/admin/worker', token, lang);
      const row = page.html.match(new RegExp(`<tr data-row-id="${tran.id}">.*?</tr>`))?.[0] ?? '';
      expect(row, lang).toContain(`<td data-col="nationality">${vietnam}</td>`);
      expect(page.html, lang).toMatch(new RegExp(`<select name="f_nationality">.*<option value="VN">${vietnam}</option>`));
      expect((await getPage(t, '/admin/worker?format=csv', token, lang)).html, lang).toMatch(new RegExp(`Tran Thi Mai,[^\\n]*,${vietnam},`));
    }
    const filtered = await getPage(t, '/admin/worker?f_nationality=VN', token, 'en');
    expect(filtered.html).toContain('Tran Thi Mai');
    expect(filtered.html).not.toContain('Jose Reyes');
    // The search box finds the country by the name people read, in either language, whatever the page's.
    for (const [lang, words] of [
      ['en', 'ベトナム'],
      ['ja', 'vietnam'],
    ] as const) {
      const found = await getPage(t, `/admin/worker?q=${encodeURIComponent(words)}`, token, lang);
      expect(found.html, words).toContain('Tran Thi Mai');
      expect(found.html, words).not.toContain('Jose Reyes');
    }
  });

  it('a client sees the people of its own jobs only; another company sees none of them', async () => {
    const client = (await names('client_admin')).map((r) => r.name);
    expect(client).toContain('Tran Thi Mai');
    expect(client).not.toContain('Jose Reyes');
    const other = (await names('company2')).map((r) => r.name);
    for (const n of ['Tran Thi Mai', 'Jose Reyes', 'Bikash Thapa']) expect(other).not.toContain(n);
  });

  it('a client user is not told whether a worker has a pay account nor whether the company keeps them in its staff registry: not by the API, the page, its CSV nor the record', async () => {
    const FLAGS = '{ workers(size: 100) { rows { name bank registry } } }';
    const company = dataOf(await t.gql(FLAGS, {}, { as: 'company_admin' })).workers.rows as { name: string; bank: string; registry: string }[];
    expect(company.find((r) => r.name === 'Tran Thi Mai')).toMatchObject({ bank: 'yes', registry: expect.any(String) });
    for (const who of ['client_admin', 'client_staff'] as const) {
      const rows = dataOf(await t.gql(FLAGS, {}, { as: who })).workers.rows as { name: string; bank: string | null; registry: string | null }[];
      expect(rows.map((r) => r.name)).toContain('Tran Thi Mai');
      expect(rows.every((r) => r.bank === null && r.registry === null)).toBe(true);
      const token = await t.tokenOf(who);
      const page = cheerio.load((await getPage(t, '/admin/worker', token, 'en')).html);
      const heads = page('main th')
        .map((_, th) => page(th).text())
        .get();
      expect(heads).toContain('Residence status');
      expect(heads).not.toContain('Pay account');
      expect(heads).not.toContain('Staff registry');
      expect(page('main').text()).toContain('Press a name to see that worker’s residence status, shifts and attendance.');
      // The CSV the page links to has neither column.
      const csv = parseCsv((await getPage(t, page('main a[href*="format=csv"]').attr('href')!, token, 'en')).html);
      expect(csv[0]).toContain('Residence status');
      expect(csv[0]).not.toContain('Pay account');
      expect(csv[0]).not.toContain('Staff registry');
      // The record a name opens has no documents of the company's registry either.
      const tran = page('main a')
        .filter((_, a) => page(a).text() === 'Tran Thi Mai')
        .attr('href')!;
      const record = await getPage(t, tran, token, 'en');
      expect(record.status).toBe(200);
      expect(record.html).toContain('Upcoming shifts');
      expect(record.html).not.toContain('staff registry');
    }
    // The company still reads both, on the page and in its CSV.
    const token = await t.tokenOf('company_admin');
    const page = await getPage(t, '/admin/worker', token, 'en');
    expect(page.html).toContain('Pay account');
    expect(page.html).toContain('Press a name to see that worker’s shifts, attendance, pay, documents and employment contract.');
    expect(parseCsv((await getPage(t, '/admin/worker?format=csv', token, 'en')).html)[0]).toEqual(expect.arrayContaining(['Pay account', 'Staff registry']));
  });
});

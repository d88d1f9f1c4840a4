/**
 * Invoices as a client's accounts department would check them (docs/payroll.md "Invoices"):
 * numbers never repeat in a company, even when two people make invoices at once and clients close
 * on different days; periods of one client never overlap, so no shift is billed twice when a
 * closing day changes; an invoice cannot be issued before its period ends; a shift recorded after
 * the issue goes onto the next invoice; premiums are billed on the premium minutes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf.ts';
import { appForFile } from '../helpers/app.ts';
import { dataOf } from '../helpers/graphql.ts';
import { getPage, postForm, text } from '../helpers/pages.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import * as cheerio from 'cheerio';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { COMPANY_SETTINGS_FORM, companyOf, insertTemplate } from '../helpers/demo-data.ts';

const t = appForFile();
let companyId: string;
const db = () => t.database.db;

beforeAll(async () => (companyId = await companyOf(t, 'company@demo.test')));

const make = (month: string) => t.gql('mutation($m: String!) { createInvoices(month: $m) { created updated skipped } }', { m: month }, { as: 'company_admin' });
/** The company's clients with finished attendance, and the first day each was worked (Japan). */
async function workedClients() {
  const rows = await db()
    .selectFrom('attendance as t')
    .innerJoin('applications as a', 'a.id', 't.application_id')
    .select(['a.client_id', (eb) => eb.fn.min<Date>('t.clock_in').as('first')])
    .where('a.company_id', '=', companyId)
    .where('t.clock_out', 'is not', null)
    .groupBy('a.client_id')
    .orderBy('a.client_id')
    .execute();
  return rows.map((r) => ({ id: r.client_id!, first: new Date(r.first.getTime() + 9 * 3600_000).toISOString().slice(0, 10) }));
}

/** The PDF's text on one line, runs of white space as one space. */
const pdfLine = async (buf: Buffer): Promise<string> => (await pdfText(buf)).replace(/\s+/g, ' ');

describe('the PDFs', () => {
  it('a draft invoice says so, wraps a long job name whole, greets before the table and says where to pay', async () => {
    const line = await db()
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .select(['i.id', 'l.attendance_id'])
      .where('i.company_id', '=', companyId)
      .where('i.status', '=', 'draft')
      .executeTakeFirstOrThrow();
    const job = await db()
      .selectFrom('attendance as t')
      .innerJoin('applications as a', 'a.id', 't.application_id')
      .select('a.job_id')
      .where('t.id', '=', line.attendance_id!)
      .executeTakeFirstOrThrow();
    const long = 'Warehouse picking and packing assistant for the overnight logistics centre';
    await db().updateTable('jobs').set({ title_en: long }).where('id', '=', job.job_id).execute();
    expect(
      dataOf(await make((await db().selectFrom('invoices').select('period_end').where('id', '=', line.id).executeTakeFirstOrThrow()).period_end.slice(0, 7))).createInvoices.updated,
    ).toBeGreaterThanOrEqual(1);
    const res = await fetch(`${t.url}/admin/billing?invoice=${line.id}`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}; lang=en`, 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const pdf = await pdfLine(Buffer.from(await res.arrayBuffer()));
    expect(pdf).toContain('下書き / DRAFT');
    expect(pdf).toContain(long);
    const doc = dataOf(await t.gql('query($id: ID!) { invoiceDocument(id: $id) { note } }', { id: line.id }, { as: 'company_admin', headers: { 'accept-language': 'en' } })).invoiceDocument;
    const greeting = doc.note
      .split('\n')
      .find((x: string) => x.trim())!
      .trim();
    expect(pdf.indexOf(greeting)).toBeGreaterThan(-1);
    expect(pdf.indexOf(greeting)).toBeLessThan(pdf.indexOf('Description'));
    // The demo company's account (company settings): bank, branch, type, number and holder.
    expect(pdf).toContain('Bank: ﾐｽﾞﾎ (0001)');
    expect(pdf).toContain('Branch: ﾄｳｷﾖｳ (001)');
    expect(pdf).toContain('Account type: Ordinary Account number: 1234567');
    expect(pdf).toContain('Account holder: ｻｸﾗｽﾀﾂﾌｲﾝｸﾞ(ｶ');
  });

  it('fills the company’s own invoice greeting, placeholders written with spaces as the template editor’s preview allows', async () => {
    const invoice = await db().selectFrom('invoices').select('id').where('company_id', '=', companyId).where('status', '=', 'draft').executeTakeFirstOrThrow();
    const own = await db().selectFrom('document_templates').select('id').where('kind', '=', 'billing').where('company_id', '=', companyId).orderBy('created_at').executeTakeFirstOrThrow();
    const session = { who: 'company_admin', cookie: `token=${await t.tokenOf('company_admin')}` };
    const saved = await pressButton(t, session, `/admin/templates/billing?id=${own.id}`, 'save', {
      body_ja: '{{ client }} 御中（{{ invoice_no }}）',
      body_en: 'Dear {{ client }}, invoice {{ invoice_no }}',
    });
    expect(saved.status).toBe(303);
    const doc = dataOf(
      await t.gql('query($id: ID!) { invoiceDocument(id: $id) { number clientEn note } }', { id: invoice.id }, { as: 'company_admin', headers: { 'accept-language': 'en' } }),
    ).invoiceDocument;
    expect(doc.note).toBe(`Dear ${doc.clientEn}, invoice ${doc.number}`);
  });

  it('the month’s invoices are made with the billing template chosen on the form; another company’s or a contract template is refused', async () => {
    const draft = await db().selectFrom('invoices').select(['id', 'period_end']).where('company_id', '=', companyId).where('status', '=', 'draft').executeTakeFirstOrThrow();
    const month = draft.period_end.slice(0, 7);
    // A second billing template of Sakura's, newer than its usual one (so not the one used by default).
    const spot = await insertTemplate(t, {
      company_id: companyId,
      kind: 'billing',
      key: 'spot_invoice',
      subject_ja: 'スポット請求書',
      subject_en: 'Spot invoice',
      body_ja: '{{client}} 御中（スポット）',
      body_en: 'Spot work for {{client}}',
    });
    const session = await sessionOf(t, 'company_admin');
    const noteOf = async () =>
      dataOf(await t.gql('query($id: ID!) { invoiceDocument(id: $id) { clientEn note } }', { id: draft.id }, { as: 'company_admin', headers: { 'accept-language': 'en' } })).invoiceDocument;
    const pdf = async () => {
      const res = await fetch(`${t.url}/admin/billing?invoice=${draft.id}`, { headers: { cookie: `${session.cookie}; lang=en`, 'accept-language': 'en' } });
      expect(res.status).toBe(200);
      return pdfLine(Buffer.from(await res.arrayBuffer()));
    };
    const usual = (await noteOf()).note;
    expect(usual).not.toContain('Spot work');

    // The form offers the company's templates and the platform's, none of another company's.
    const company2 = await companyOf(t, 'company2@demo.test');
    const others = await db().selectFrom('document_templates').select('id').where('kind', '=', 'billing').where('company_id', '=', company2).executeTakeFirstOrThrow();
    const contract = await db().selectFrom('document_templates').select('id').where('kind', '=', 'contract').where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const $ = cheerio.load((await getPage(t, '/admin/billing', await t.tokenOf('company_admin'))).html);
    const offered = $('select[name="template"] option')
      .toArray()
      .map((o) => o.attribs.value);
    expect(offered[0]).toBe('');
    expect(offered).toContain(spot);
    expect(offered).not.toContain(others.id);
    expect(offered).not.toContain(contract.id);
    // The API's list is the caller's: the other company does not see Sakura's, a client user (who makes no invoices) sees none.
    const choices = async (as: 'company2' | 'client_admin') =>
      dataOf(await t.gql('query { invoiceTemplateChoices { value } }', {}, { as })).invoiceTemplateChoices.map((o: { value: string }) => o.value);
    expect(await choices('company2')).toContain(others.id);
    expect(await choices('company2')).not.toContain(spot);
    expect(await choices('client_admin')).toEqual([]);

    const made = await pressButton(t, session, '/admin/billing', 'invoices', { month, template: spot });
    expect(made.status).toBe(303);
    const { clientEn } = await noteOf();
    expect((await noteOf()).note).toBe(`Spot work for ${clientEn}`);
    expect(await pdf()).toContain(`Spot work for ${clientEn}`);

    // Another company's billing template, or a contract template: not there; the drafts keep theirs.
    for (const refused of [others.id, contract.id]) {
      const r = await pressButton(t, session, '/admin/billing', 'invoices', { month, template: refused });
      expect(r.status).toBe(404);
      expect(text(r.html)).toContain('そのテンプレートは見つかりません。');
      expect((await noteOf()).note).toBe(`Spot work for ${clientEn}`);
    }

    // Made again with the form as drawn: the usual template, as before any choice.
    expect((await pressButton(t, session, '/admin/billing', 'invoices', { month })).status).toBe(303);
    expect((await noteOf()).note).toBe(usual);
  });

  it('a draft payslip says so', async () => {
    const run = await db().selectFrom('pay_runs').select('id').where('company_id', '=', companyId).where('status', '=', 'draft').executeTakeFirstOrThrow();
    const res = await fetch(`${t.url}/admin/salary/monthly?payslip=${run.id}`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}` } });
    expect(await pdfLine(Buffer.from(await res.arrayBuffer()))).toContain('下書き / DRAFT');
  });
});

describe('invoices', () => {
  it('the status filter offers a client user no "draft" (a client never sees one) and the company its drafts', async () => {
    const statuses = async (who: 'client_admin' | 'company_admin') =>
      cheerio
        .load((await getPage(t, '/admin/billing', await t.tokenOf(who), 'en')).html)('select[name="f_status"] option')
        .toArray()
        .map((o) => cheerio.load(o).text());
    expect(await statuses('client_admin')).toEqual(['All', 'Issued', 'Overdue', 'Paid']);
    expect(await statuses('company_admin')).toEqual(['All', 'Draft', 'Issued', 'Overdue', 'Paid']);
  });

  it('pages by cursor with "First" offered only away from the first page', async () => {
    const token = await t.tokenOf('company_admin');
    const pager = (html: string) => cheerio.load(html)('nav.pager');
    const first = pager((await getPage(t, '/admin/billing?size=1', token, 'en')).html);
    expect(first.find('span[aria-disabled="true"]').text()).toBe('First');
    expect(first.find('a').text()).toBe('Next');
    const second = pager((await getPage(t, first.find('a').attr('href')!, token, 'en')).html);
    expect(second.find('a').first().text()).toBe('First');
  });

  it('bills the premiums on their minutes at the bill rate’s percentage, beside the hours', async () => {
    // The demo's draft for the kitchen job (bill rate ¥1,700): Tran's Sunday is 300 statutory-holiday
    // minutes, 300 × 1,700 × 35% / 60 = ¥2,975; her Monday has 60 overtime and 60 late-night
    // minutes, 60 × 1,700 × 25% / 60 = ¥425 each.
    const lines = await db()
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
      .selectAll('l')
      .where('i.company_id', '=', companyId)
      .where('l.description_en', 'like', '%Tran Thi Mai%')
      .orderBy('l.work_date')
      .orderBy('l.kind')
      .execute();
    const premiums = lines.filter((l) => l.kind !== 'work').map((l) => [l.kind, l.minutes, l.unit_price, l.amount]);
    expect(premiums).toEqual([
      ['holiday', 300, 1_700, 2_975],
      ['late_night', 60, 1_700, 425],
      ['overtime', 60, 1_700, 425],
    ]);
    const invoice = await db().selectFrom('invoices').selectAll().where('id', '=', lines[0]!.invoice_id).executeTakeFirstOrThrow();
    const all = await db().selectFrom('invoice_lines').select('amount').where('invoice_id', '=', invoice.id).execute();
    expect(invoice.net).toBe(all.reduce((s, l) => s + l.amount, 0));
  });

  it('numbers stay unique when clients close on different days and two people make invoices at once', async () => {
    await db().deleteFrom('invoices').where('company_id', '=', companyId).execute();
    const [a, b] = await workedClients();
    // Client a closes at the month's end, client b on the day it was first worked: both periods end in that month.
    const month = b!.first.slice(0, 7);
    await db().updateTable('clients').set({ billing_closing_day: 31 }).where('id', '=', a!.id).execute();
    await db()
      .updateTable('clients')
      .set({ billing_closing_day: Number(b!.first.slice(8, 10)) })
      .where('id', '=', b!.id)
      .execute();
    const answers = await Promise.all([make(month), make(month)]);
    for (const r of answers) expect(r.errors).toBeUndefined();
    const invoices = await db().selectFrom('invoices').select(['number', 'client_id']).where('company_id', '=', companyId).orderBy('number').execute();
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(new Set(invoices.map((i) => i.number)).size).toBe(invoices.length);
    expect(invoices.map((i) => i.number)).toEqual(invoices.map((_, k) => `${month.replace('-', '')}-${String(k + 1).padStart(3, '0')}`));
  });

  it('refuses to issue before the period ends, with the number and its closing day as a date in words', async () => {
    const [a] = await workedClients();
    const draft = await db().selectFrom('invoices').selectAll().where('client_id', '=', a!.id).executeTakeFirstOrThrow();
    // Make its period end on a known day that has not passed: shifts may still come.
    const end = addDays(todayInJapan(), 1);
    await db().updateTable('invoices').set({ period_end: end }).where('id', '=', draft.id).execute();
    const [y, m, d] = end.split('-').map(Number) as [number, number, number];
    const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    for (const [lang, said] of [
      ['ja', `請求期間が終わっていない請求書は発行できません（締め日の翌日から発行できます）: ${draft.number}（締め日 ${y}年${m}月${d}日）`],
      ['en', `An invoice cannot be issued before its period ends (from the day after its closing day): ${draft.number} (period ends ${d} ${month} ${y})`],
    ] as const) {
      const res = await pressButton(t, await sessionOf(t, 'company_admin', lang), '/admin/billing', `row:${draft.id}:issue`);
      expect(res.status).not.toBe(303);
      // Said once, in the page's alert; not again in the invoice-making form.
      expect(text(res.html).split(said)).toHaveLength(2);
      expect(text(res.html)).not.toContain(end);
    }
    expect((await db().selectFrom('invoices').select('status').where('id', '=', draft.id).executeTakeFirstOrThrow()).status).toBe('draft');
    await db().updateTable('invoices').set({ period_end: draft.period_end }).where('id', '=', draft.id).execute();
  });

  it('a changed closing day starts the next period after the issued one: no shift billed twice; a shift recorded after the issue goes on the next invoice', async () => {
    const [, b] = await workedClients();
    const first = await db().selectFrom('invoices').selectAll().where('client_id', '=', b!.id).executeTakeFirstOrThrow();
    // One of the period's shifts is "not yet recorded" when the invoice is issued.
    const late = await db()
      .selectFrom('invoice_lines')
      .select(['attendance_id', 'amount'])
      .where('invoice_id', '=', first.id)
      .where('kind', '=', 'work')
      .orderBy('work_date')
      .executeTakeFirstOrThrow();
    await db().updateTable('attendance').set({ status: 'absent' }).where('id', '=', late.attendance_id!).execute();
    expect(dataOf(await make(first.period_end.slice(0, 7))).createInvoices.updated).toBeGreaterThanOrEqual(1);
    const res = await postForm(t, '/admin/billing', await t.tokenOf('company_admin'), { _action: `row:${first.id}:issue` });
    expect(res.status).toBe(303);
    const issued = await db().selectFrom('invoices').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(issued.status).toBe('issued');
    await db().updateTable('attendance').set({ status: 'present' }).where('id', '=', late.attendance_id!).execute();

    // The client now closes at the month's end: the next invoice starts the day after the issued one.
    await db().updateTable('clients').set({ billing_closing_day: 31 }).where('id', '=', b!.id).execute();
    expect(dataOf(await make(issued.period_end.slice(0, 7))).createInvoices.created).toBeGreaterThanOrEqual(1);
    const next = await db().selectFrom('invoices').selectAll().where('client_id', '=', b!.id).where('status', '=', 'draft').executeTakeFirstOrThrow();
    expect(next.period_start).toBe(addDays(issued.period_end, 1));
    const lines = await db().selectFrom('invoice_lines').selectAll().where('invoice_id', 'in', [issued.id, next.id]).execute();
    const keys = lines.filter((l) => l.attendance_id).map((l) => `${l.attendance_id}:${l.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    const carried = lines.find((l) => l.invoice_id === next.id && l.attendance_id === late.attendance_id && l.kind === 'work');
    expect(carried).toMatchObject({ amount: late.amount });
    expect(carried!.description_en).toContain('added from an earlier period');
    const page = text((await getPage(t, '/admin/billing', await t.tokenOf('company_admin'))).html);
    expect(page).toContain(next.number);
  });

  it('the registration number is checked digit by digit at entry (National Tax Agency check digit)', async () => {
    const token = await t.tokenOf('superadmin');
    const path = `/admin/company/${companyId}/settings`;
    const base = {
      ...COMPANY_SETTINGS_FORM,
      transfer_requester_code: '1234567890',
      transfer_account_type: '1',
      transfer_account_number: '1234567',
    };
    // T1234567890123: the 12 digits 234567890123 give 9 − (Σ mod 9) = 9, not 1.
    const bad = await postForm(t, path, token, { ...base, registration_number: 'T1234567890123' });
    expect(bad.status).toBe(422);
    expect(text(bad.html)).toContain('登録番号のチェックデジット（Tの次の数字）が合いません。');
    const good = await postForm(t, path, token, { ...base, registration_number: 'T7000012050002' });
    expect(good.status).toBe(303);
  });
});

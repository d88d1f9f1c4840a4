/**
 * Money: the demo week becomes daily pay lines and a monthly run whose amounts match the
 * hand-worked figures below; daily pay is approved and batched into a 全銀 file; the run's payslip
 * is a PDF in the worker's language; quick pay is quoted, requested and approved within the cap;
 * invoices per client with tax once per rate, a client user seeing its own issued invoices only;
 * another company and a role without the code see none of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import iconv from 'iconv-lite';
import { pdfText } from '../helpers/pdf.ts';
import { appForFile, DEMO } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import { candidateLogin, getPage, postForm } from '../helpers/pages.ts';
import { parseCsv } from '../helpers/csv.ts';
import { dailyWithholdingHei } from '../../server/modules/payroll/withholding.ts';
import { businessDayOnOrAfter } from '../../server/modules/payroll/payday.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { dateText, yen } from '../../shared/format.ts';
import { COMPANY_SETTINGS_FORM, clientOf, companyOf, payLinesOf, userId } from '../helpers/demo-data.ts';

const t = appForFile();
let companyId: string;
const db = () => t.database.db;

beforeAll(async () => (companyId = await companyOf(t, 'company@demo.test')));

const linesOf = (email: string) => payLinesOf(t, email);
/** The monthly pay run of the account with this e-mail. */
const runOf = async (email: string) =>
  db()
    .selectFrom('pay_runs')
    .selectAll()
    .where('user_id', '=', await userId(t, email))
    .executeTakeFirstOrThrow();

const yenText = (n: number) => `¥${n.toLocaleString('en-US')}`;

describe('the demo week as pay (hand-worked)', () => {
  it('Jose Reyes, daily: a night shift across midnight with its late-night premium, withholding above ¥9,300 only', async () => {
    const [sorting, intoSunday, night, morning] = await linesOf('worker2@demo.test');
    const batch = await db().selectFrom('transfer_batches').select('transfer_date').where('company_id', '=', companyId).executeTakeFirstOrThrow();
    // The week before: a 日給 ¥9,800 day (parcel sorting 05:00–10:00, all 300 scheduled minutes): base
    // 9,800, basis 1,960 an hour; 丙欄 (a recorded day hire) on 9,800 is 1 yen.
    expect(sorting).toMatchObject({ mode: 'daily', worked_minutes: 300, base: 9_800, total: 9_800, hourly_wage: 1_960, tax_column: 'hei', withholding: 1 });
    // Saturday 22:00 → Sunday 06:00 at ¥1,300, 60 min break from 01:30: 420 worked, Sunday's 300 are
    // holiday work; late night 22:00–05:00 less the break = 360. Base 9,100; holiday 300 × 1,300 ×
    // 35% / 60 = 2,275; late night 360 × 1,300 × 25% / 60 = 1,950; total 13,325; 丙欄 126.
    expect(intoSunday).toMatchObject({
      worked_minutes: 420,
      holiday_minutes: 300,
      late_night_minutes: 360,
      overtime_minutes: 0,
      base: 9_100,
      holiday_premium: 2_275,
      late_night_premium: 1_950,
      total: 13_325,
      statutory_holiday: true,
      withholding: 126,
    });
    // 22:00–06:00, 60 min break from 01:30: 420 min worked, 360 of them between 22:00 and 05:00, wage ¥1,300.
    expect(night).toMatchObject({ mode: 'daily', worked_minutes: 420, late_night_minutes: 360, overtime_minutes: 0, base: 9_100, late_night_premium: 1_950, total: 11_050 });
    // The 日額表 of the day the pay is paid (the batch's transfer date), not of the work date.
    expect(night!.withholding).toBe(dailyWithholdingHei(11_050, batch.transfer_date));
    expect(night!.tax_column).toBe('hei');
    expect(night!.withholding).toBeGreaterThan(0);
    expect(morning).toMatchObject({ worked_minutes: 240, total: 5_200, withholding: 0 });
    // Batched: one transfer, the ¥165 fee once, on the first line.
    expect(sorting).toMatchObject({ status: 'transferred', transfer_fee: 165, net: 9_800 - 1 - 165 });
    expect(night).toMatchObject({ status: 'transferred', transfer_fee: 0, net: 11_050 - night!.withholding });
    expect(morning).toMatchObject({ status: 'transferred', transfer_fee: 0, net: 5_200 });
  });

  it('Tran Thi Mai, monthly: the Sunday at +35%, a 9-hour day with an hour of overtime in the late night, the advance recovered', async () => {
    const [sunday, monday, tuesday] = await linesOf('worker1@demo.test');
    // Wage ¥1,350. Sunday 10:00–16:00 less 60: 300 min, all holiday work: 6,750 + 300×1,350×0.35/60 = 2,362.5 → 2,363.
    expect(sunday).toMatchObject({ mode: 'monthly', worked_minutes: 300, holiday_minutes: 300, base: 6_750, holiday_premium: 2_363, total: 9_113 });
    // Monday 13:00–23:00 less 60: 540 min; the last 60 (22:00–23:00) are overtime and late night: 337.5 → 338 each.
    expect(monday).toMatchObject({ worked_minutes: 540, overtime_minutes: 60, late_night_minutes: 60, base: 12_150, overtime_premium: 338, late_night_premium: 338, total: 12_826 });
    expect(tuesday).toMatchObject({ worked_minutes: 300, overtime_minutes: 0, total: 6_750 });
    const run = await runOf('worker1@demo.test');
    // No 扶養控除等申告書 recorded: 乙欄, below its first row 3.063% of 28,689 = 878 (15 hours a week: no insurance).
    expect(run).toMatchObject({ status: 'draft', shifts: 3, gross: 28_689, income_tax: 878, tax_column: 'otsu', advances: 5_000, transfer_fee: 165, net: 28_689 - 878 - 165 - 5_000 });
  });
});

describe('daily pay screen', () => {
  it('lists the company’s lines; another company and a role without the code see none', async () => {
    const page = await getPage(t, '/admin/salary/daily', await t.tokenOf('company_admin'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Jose Reyes');
    expect(page.html).toContain('Bikash Thapa');
    const other = dataOf(await t.gql('{ payLines(size: 50) { total } }', {}, { as: 'company2' }));
    expect(other.payLines.total).toBe(0);
    expect(firstCode(await t.gql('{ payLines(size: 50) { total } }', {}, { as: 'client_admin' }))).toBe('FORBIDDEN');
    expect((await getPage(t, '/admin/salary/daily', await t.tokenOf('company_staff'))).status).toBe(302);
  });

  it('platform staff, who see every company’s pay, are told whose each row is; a company’s own users see no such column', async () => {
    for (const path of ['/admin/salary/daily', '/admin/salary/monthly', '/admin/salary/quickpay']) {
      const platform = cheerio.load((await getPage(t, path, await t.tokenOf('admin'), 'en')).html);
      const names = platform('td[data-col=company]')
        .toArray()
        .map((el) => platform(el).text());
      expect(names.length, path).toBeGreaterThan(0);
      expect(new Set(names), path).toEqual(new Set(['Sakura Staffing Co., Ltd.']));
      const own = cheerio.load((await getPage(t, path, await t.tokenOf('company_admin'), 'en')).html);
      expect(own('td[data-col=company]'), path).toHaveLength(0);
    }
  });

  it('a row says why a night into Sunday pays more than the same night on a weekday: its statutory-holiday hours', async () => {
    const $ = cheerio.load((await getPage(t, '/admin/salary/daily', await t.tokenOf('company_admin'), 'en')).html);
    expect($('th').text()).toContain('Statutory holiday');
    const row = (gross: string) => {
      const tr = $('tr').filter((_, el) => $(el).find('td[data-col=total]').text() === gross);
      return ['worked', 'lateNight', 'holiday'].map((c) => tr.find(`td[data-col=${c}]`).text());
    };
    // Saturday 22:00 → Sunday 06:00 and Wednesday 22:00 → Thursday 06:00, both 7 h worked, 6 h at
    // night, ¥1,300: 9,100 + 1,950 = 11,050, and Sunday's 5 h add 5 × 1,300 × 35% = 2,275 → 13,325.
    expect(row('¥13,325')).toEqual(['7:00', '6:00', '5:00']);
    expect(row('¥11,050')).toEqual(['7:00', '6:00', '0:00']);
  });

  it('the batch’s 全銀 file: Shift_JIS, 120-byte records, the trailer’s count and total', async () => {
    const batch = await db().selectFrom('transfer_batches').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const res = await fetch(`${t.url}/admin/salary/daily?batch=${batch.id}`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    const records = bytes.toString('latin1').split('\r\n').filter(Boolean);
    expect(records.map((r) => r.length)).toEqual([120, 120, 120, 120]);
    expect(records.map((r) => r[0])).toEqual(['1', '2', '8', '9']);
    const decoded = iconv.decode(bytes, 'Shift_JIS').split('\r\n');
    // The demo's payee (Jose) has his bank and branch names filled in kana: bank 6–20, branch 24–38, payee 51–80.
    expect(decoded[1]!.slice(5, 20)).toBe('ﾐﾂｲｽﾐﾄﾓ'.padEnd(15));
    expect(decoded[1]!.slice(23, 38)).toBe('ｶﾜｸﾞﾁ'.padEnd(15));
    expect(decoded[1]!.slice(50, 80)).toBe('ﾚｲｴｽ ﾎｾ'.padEnd(30));
    const trailer = decoded[2]!;
    expect(Number(trailer.slice(1, 7))).toBe(1);
    expect(Number(trailer.slice(7, 19))).toBe(batch.total);
    // Another company cannot fetch it.
    const theirs = await fetch(`${t.url}/admin/salary/daily?batch=${batch.id}`, { redirect: 'manual', headers: { cookie: `token=${await t.tokenOf('company2')}` } });
    expect(theirs.status).toBe(404);
  });

  it('batching a worker without a bank account fails their lines with the reason', async () => {
    const bikash = await linesOf('worker3@demo.test');
    expect(bikash.map((l) => l.status)).toEqual(['approved', 'approved']);
    const res = await postForm(t, '/admin/salary/daily', await t.tokenOf('company_admin'), { _action: 'batch', transferDate: businessDayOnOrAfter(addDays(todayInJapan(), 1)) });
    expect(res.status).toBe(303);
    const after = await linesOf('worker3@demo.test');
    expect(after.map((l) => [l.status, l.failure_reason])).toEqual([
      ['failed', 'no_bank_account'],
      ['failed', 'no_bank_account'],
    ]);
    const page = await getPage(t, '/admin/salary/daily?f_status=failed', await t.tokenOf('company_admin'));
    expect(page.html).toContain('口座が登録されていません');
  });
});

describe('monthly pay and the payslip', () => {
  it('approving recovers the advance; the payslip is a PDF in the worker’s language with the figures', async () => {
    const run = await runOf('worker1@demo.test');
    // Where the month's pay stands, as the payroll clerk's list and the worker's own page say it: in the same words.
    const worker = `candidate_token=${(await candidateLogin(t, 'worker1@demo.test')).token}`;
    const admin = `token=${await t.tokenOf('company_admin')}`;
    const stateOn = async (path: string, cookie: string) => {
      const $ = cheerio.load(await (await fetch(`${t.url}${path}`, { headers: { cookie, 'accept-language': 'en' } })).text());
      return $(`tr:has(a[href*="payslip=${run.id}"]) .badge`).text();
    };
    const states = async () => [await stateOn('/admin/salary/monthly', admin), await stateOn('/staff/pay', worker)];
    expect(await states()).toEqual(['Awaiting approval', 'Awaiting approval']);
    const res = await postForm(t, '/admin/salary/monthly', await t.tokenOf('company_admin'), { _action: `row:${run.id}:approve` });
    expect(res.status).toBe(303);
    expect(await states()).toEqual(['Approved', 'Approved']);
    expect(await db().selectFrom('advances').select(['status', 'recovered_run_id']).where('user_id', '=', run.user_id).executeTakeFirstOrThrow()).toEqual({
      status: 'recovered',
      recovered_run_id: run.id,
    });
    const pdf = await fetch(`${t.url}/admin/salary/monthly?payslip=${run.id}`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Payslip');
    expect(text).toContain('Tran Thi Mai');
    expect(text).toContain(yenText(28_689).replace('¥', '¥'));
    expect(text).toContain('Income tax (monthly table, column 乙 (otsu))');
    expect(text).toContain('¥878');
    expect(text).toContain('¥22,646');
    // Each shift's day as the pages write it ("Sun 22 Nov"), not as the database keeps it.
    const days = await db().selectFrom('pay_lines').select('work_date').where('run_id', '=', run.id).orderBy('work_date').execute();
    for (const d of days) expect(text).toContain(dateText(d.work_date, 'en'));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The Sunday's row says why 5 hours at ¥1,350 (6,750) pay ¥9,113: its 5 holiday hours (+2,363).
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Worked Overtime Night Holiday Pay');
    expect(flat).toContain(`${dateText(days[0]!.work_date, 'en')} Kitchen assistant (evening) 5:00 0:00 0:00 5:00 ¥9,113`);
    expect(flat).toContain(`${dateText(days[1]!.work_date, 'en')} Kitchen assistant (evening) 9:00 1:00 1:00 0:00 ¥12,826`);
    // Another company: no such payslip.
    expect(dataOf(await t.gql('query($id: ID!) { payslip(id: $id) { id } }', { id: run.id }, { as: 'company2' })).payslip).toBeNull();
  });
});

describe('quick pay', () => {
  it('the worker asks within what is available; above it is refused with the amount; the company approves', async () => {
    const { token } = await candidateLogin(t, 'worker2@demo.test');
    const pay = dataOf(await t.gql('{ myPay { companies { companyId available earnedUnpaid } } }', {}, token)).myPay;
    const mine = pay.companies.find((c: { companyId: string }) => c.companyId === companyId);
    expect(mine).toBeDefined();
    // Jose's approved pay is all transferred: nothing earned and unpaid, so nothing to draw.
    expect(mine.available).toBe(0);
    const refused = await t.gql('mutation($c: ID!, $a: Int!) { requestQuickPay(companyId: $c, amount: $a) { id } }', { c: companyId, a: 1000 }, token);
    expect(firstCode(refused)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(refused.errors)).toMatch(/¥0/);
    // Another company's ledger: refused outright.
    const c2 = await companyOf(t, 'company2@demo.test');
    expect(firstCode(await t.gql('mutation($c: ID!, $a: Int!) { requestQuickPay(companyId: $c, amount: $a) { id } }', { c: c2, a: 1000 }, token))).toBe('FORBIDDEN');
  });
});

describe('a row offers only the buttons its state allows', () => {
  it('quick pay, monthly pay and invoices: a settled row has no approve, reject or issue to press', async () => {
    const buttons = async (path: string) => {
      const $ = cheerio.load((await getPage(t, path, await t.tokenOf('company_admin'), 'en')).html);
      return $('tbody tr')
        .toArray()
        .map(
          (tr) =>
            `${$(tr).find('[data-col=status]').text()}: ${$(tr)
              .find('.row-actions button')
              .toArray()
              .map((b) => $(b).text())
              .join(', ')}`,
        );
    };
    const quickPay = await buttons('/admin/salary/quickpay');
    expect(quickPay).toContain('Requested: Approve, Reject');
    for (const row of quickPay) expect(['Requested: Approve, Reject', 'Approved: Mark transferred', 'Transferred: ', 'Recovered from pay: ', 'Rejected: ']).toContain(row);
    const monthly = await buttons('/admin/salary/monthly');
    expect(monthly.length).toBeGreaterThan(0);
    for (const row of monthly) expect(['Awaiting approval: Approve', 'Approved: Mark paid', 'Paid: ']).toContain(row);
    const billing = await buttons('/admin/billing');
    expect(billing).toContain('Draft: Issue');
    for (const row of billing) expect(['Draft: Issue', 'Issued: Mark paid', 'Overdue: Mark paid', 'Paid: ']).toContain(row);
  });
});

describe('a mark that cannot be undone asks first', () => {
  it("an invoice's Mark paid and an advance's Mark transferred ask before they are sent, in the page's language", async () => {
    for (const [path, action, asked] of [
      ['/admin/billing', 'bulk:paid', { ja: '選んだ請求書を入金済みにしますか？元に戻せません。', en: 'Mark the selected invoices as paid? This cannot be undone.' }],
      ['/admin/salary/quickpay', 'bulk:transferred', { ja: '選んだ前払いを振込済みにしますか？元に戻せません。', en: 'Mark the selected advances as transferred? This cannot be undone.' }],
    ] as const) {
      for (const lang of ['ja', 'en'] as const) {
        const $ = cheerio.load((await getPage(t, path, await t.tokenOf('company_admin'), lang)).html);
        const button = $(`button[value="${action}"]`);
        expect(button.attr('name'), `${path} ${lang}`).toBe('_asking');
        expect(button.attr('data-confirm'), `${path} ${lang}`).toBe(asked[lang]);
      }
    }
  });
});

describe('billing', () => {
  it('one invoice per client, tax once per rate, issued then seen by its client only; PDF and CSV', async () => {
    const invoices = await db().selectFrom('invoices').selectAll().where('company_id', '=', companyId).execute();
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    for (const inv of invoices) {
      const lines = await db().selectFrom('invoice_lines').selectAll().where('invoice_id', '=', inv.id).execute();
      const net = lines.reduce((s, l) => s + l.amount, 0);
      expect(inv).toMatchObject({ net, tax: Math.floor(net / 10), total: net + Math.floor(net / 10), status: 'draft' });
      // 1,700 or 1,850 an hour, each line rounded half up (premium lines: test/integration/invoices.test.ts).
      for (const l of lines.filter((x) => x.kind === 'work')) expect(l.amount).toBe(Math.round((l.minutes * l.unit_price) / 60));
    }
    const client = await clientOf(t, 'client@demo.test');
    const own = invoices.find((i) => i.client_id === client)!;
    const others = invoices.filter((i) => i.client_id !== client);
    // Drafts are the company's: the client sees nothing until issued.
    expect(dataOf(await t.gql('{ invoices(size: 50) { total } }', {}, { as: 'client_admin' })).invoices.total).toBe(0);
    const res = await postForm(t, '/admin/billing', await t.tokenOf('company_admin'), { _action: 'bulk:issue', ids: invoices.map((i) => i.id) });
    expect(res.status).toBe(303);
    const seen = dataOf(await t.gql('{ invoices(size: 50) { total rows { id } } }', {}, { as: 'client_admin' })).invoices;
    expect(seen.rows.map((r: { id: string }) => r.id)).toEqual([own.id]);
    expect(dataOf(await t.gql('query($id: ID!) { invoiceDocument(id: $id) { id } }', { id: others[0]!.id }, { as: 'client_admin' })).invoiceDocument).toBeNull();
    // The client may not make or issue invoices.
    expect(firstCode(await t.gql('mutation { createInvoices(month: "2026-11") { created } }', {}, { as: 'client_admin' }))).toBe('FORBIDDEN');
    // Nor mark one paid: no such button on its page, and the API refuses the action itself.
    const page = await getPage(t, '/admin/billing', await t.tokenOf('client_admin'));
    expect(page.html).not.toMatch(/value="(bulk:issue|bulk:paid|row:[^"]*:(issue|paid))"/);
    expect(firstCode(await t.gql('mutation($ids: [ID!]!) { invoiceAction(ids: $ids, action: "paid") }', { ids: [own.id] }, { as: 'client_admin' }))).toBe('FORBIDDEN');
    const pdf = await fetch(`${t.url}/admin/billing?invoice=${own.id}`, { headers: { cookie: `token=${await t.tokenOf('client_admin')}`, 'accept-language': 'ja' } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('請求書');
    expect(text).toContain(own.number);
    expect(text).toContain(`¥${own.total.toLocaleString('en-US')}`);
    expect(text).toContain('T9234567890123');
    // Each line's day as the pages write it (11月22日(日)), not as the database keeps it.
    const lineDays = await db().selectFrom('invoice_lines').select('work_date').distinct().where('invoice_id', '=', own.id).execute();
    for (const d of lineDays) expect(text).toContain(dateText(d.work_date, 'ja'));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Tran Thi Mai's week at ¥1,700, shift by shift, the hours before their premiums: Sunday 5 h
    // (8,500) and its holiday premium (300 min × 1,700 × 35% / 60 = 2,975); Monday 9 h (15,300), one
    // hour of overtime and one of late night (60 × 1,700 × 25% / 60 = 425 each); Tuesday 5 h (8,500).
    expect([...text.matchAll(/¥1,700\s+(¥[\d,]+)/g)].map((m) => m[1])).toEqual(['¥8,500', '¥2,975', '¥15,300', '¥425', '¥425', '¥8,500']);
    const csv = await getPage(t, '/admin/billing?format=csv', await t.tokenOf('client_admin'));
    expect(csv.html).toContain(own.number);
    expect(csv.html).not.toContain(others[0]!.number);
    // Another company: none; company staff (no 290001): refused.
    expect(dataOf(await t.gql('{ invoices(size: 50) { total } }', {}, { as: 'company2' })).invoices.total).toBe(0);
    expect(firstCode(await t.gql('{ invoices(size: 50) { total } }', {}, { as: 'company_staff' }))).toBe('FORBIDDEN');
  });

  it('making the month’s invoices again updates drafts and leaves issued ones alone; a bad month is a field error', async () => {
    const month = (await db().selectFrom('invoices').select('period_end').where('company_id', '=', companyId).executeTakeFirstOrThrow()).period_end.slice(0, 7);
    const r = dataOf(await t.gql('mutation($m: String!) { createInvoices(month: $m) { created updated skipped } }', { m: month }, { as: 'company_admin' })).createInvoices;
    expect(r.skipped).toBeGreaterThanOrEqual(2);
    const bad = await postForm(t, '/admin/billing', await t.tokenOf('company_admin'), { _action: 'invoices', month: 'November' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('2026-11');
  });
});

describe('the settings money needs', () => {
  it('the company’s invoice number and paying account are set on its settings page, checked field by field in both languages', async () => {
    // The company settings page is platform staff's (180005, DESIGN §5).
    const token = await t.tokenOf('superadmin');
    const path = `/admin/company/${companyId}/settings`;
    const form = (await getPage(t, path, token)).html;
    expect(form).toContain('name="transfer_requester_code"');
    expect(form).toContain('value="1234567890"');
    const bad = await postForm(t, path, token, {
      ...COMPANY_SETTINGS_FORM,
      registration_number: '1234',
      transfer_bank_code: '12',
      transfer_account_number: '123',
    });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('「T」と13桁の数字で入力してください。');
    expect(bad.html).toContain('4桁の数字で入力してください。');
    expect(bad.html).toContain('7桁の数字で入力してください');
    const before = await db().selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(before.transfer_bank_code).not.toBe('12');
    const good = await postForm(t, path, token, {
      ...COMPANY_SETTINGS_FORM,
      points_per_shift: '15',
      points_valid_days: '180',
      registration_number: 'T2876543210987',
      transfer_requester_code: '1234567890',
      transfer_account_type: '2',
      transfer_account_number: '7654321',
      scout_monthly_quota: '30',
    });
    expect(good.status).toBe(303);
    const after = await db().selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      registration_number: 'T2876543210987',
      transfer_account_type: 2,
      transfer_account_number: '7654321',
      points_per_shift: 15,
      points_valid_days: 180,
      scout_monthly_quota: 30,
      transfer_requester_code: before.transfer_requester_code,
    });
    // A company user cannot open or write the settings.
    expect((await getPage(t, path, await t.tokenOf('company2'))).status).not.toBe(200);
    expect((await postForm(t, path, await t.tokenOf('company2'), { _action: 'save', transfer_account_number: '1111111' })).status).not.toBe(303);
  });

  it('a job’s bill rate and pay mode are on its form; a form without them keeps what the job had', async () => {
    const job = await db()
      .selectFrom('jobs')
      .select(['id', 'bill_rate', 'pay_mode', 'kind'])
      .where('company_id', '=', companyId)
      .where('title_en', '=', 'Kitchen assistant (evening)')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ bill_rate: 1_700, pay_mode: 'monthly' });
    const api = await t.gql(
      'mutation($id: ID!, $input: DailyJobInput!) { updateDailyJob(id: $id, input: $input) { id bill_rate pay_mode } }',
      { id: job.id, input: { bill_rate: 1_750 } },
      { as: 'company_admin' },
    );
    expect(dataOf(api).updateDailyJob).toMatchObject({ bill_rate: 1_750, pay_mode: 'monthly' });
    const bad = await t.gql('mutation($id: ID!, $input: DailyJobInput!) { updateDailyJob(id: $id, input: $input) { id } }', { id: job.id, input: { pay_mode: 'weekly' } }, { as: 'company_admin' });
    expect(firstCode(bad)).toBe('BAD_USER_INPUT');
    expect(
      firstCode(await t.gql('mutation($id: ID!, $input: DailyJobInput!) { updateDailyJob(id: $id, input: $input) { id } }', { id: job.id, input: { bill_rate: 1 } }, { as: 'company2' })),
    ).not.toBeUndefined();
    expect((await db().selectFrom('jobs').select('bill_rate').where('id', '=', job.id).executeTakeFirstOrThrow()).bill_rate).toBe(1_750);
  });

  it('the client a job bills does not set its bill rate: its form does not draw it, and neither the form nor an API call changes it', async () => {
    const clientId = await clientOf(t, DEMO.client_admin);
    const job = await db().selectFrom('jobs').select(['id', 'bill_rate']).where('client_id', '=', clientId).where('kind', '=', 'daily').where('bill_rate', 'is not', null).executeTakeFirstOrThrow();
    const path = `/v3/admin/jobs/${job.id}`;
    const client = await sessionOf(t, 'client_admin', 'en');
    const form = await getPage(t, path, await t.tokenOf('client_admin'));
    expect(form.status).toBe(200);
    expect(form.html).toContain('name="wage"');
    expect(form.html).not.toContain('name="bill_rate"');

    // Saved as drawn, with a rate typed in as a hand-made post would: the rate stays the company's.
    const saved = await pressButton(t, client, path, 'save', { bill_rate: '1' });
    expect(saved.status).toBe(303);
    const api = await t.gql('mutation($id: ID!, $input: DailyJobInput!) { updateDailyJob(id: $id, input: $input) { id } }', { id: job.id, input: { bill_rate: 2 } }, { as: 'client_admin' });
    expect(firstCode(api)).toBeUndefined();
    expect((await db().selectFrom('jobs').select('bill_rate').where('id', '=', job.id).executeTakeFirstOrThrow()).bill_rate).toBe(job.bill_rate);

    // The staffing company still sets it on the same page.
    expect(await pressButton(t, await sessionOf(t, 'company_admin'), path, 'save', { bill_rate: String(job.bill_rate! + 100) })).toMatchObject({ status: 303 });
    expect((await db().selectFrom('jobs').select('bill_rate').where('id', '=', job.id).executeTakeFirstOrThrow()).bill_rate).toBe(job.bill_rate! + 100);
  });

  it('the client a job bills is not told its bill rate beside the wage: not by the API, the CSV the list draws, nor the change history', async () => {
    const clientId = await clientOf(t, DEMO.client_admin);
    const job = await db().selectFrom('jobs').select(['id', 'bill_rate']).where('client_id', '=', clientId).where('kind', '=', 'daily').where('bill_rate', 'is not', null).executeTakeFirstOrThrow();
    const path = `/v3/admin/jobs/${job.id}`;
    // The staffing company changes the rate: its history says so, and it reads the rate everywhere.
    const rate = job.bill_rate! + 7;
    expect(await pressButton(t, await sessionOf(t, 'company_admin', 'en'), path, 'save', { bill_rate: String(rate) })).toMatchObject({ status: 303 });
    const JOB = 'query($id: ID!) { dailyJob(id: $id) { bill_rate wage } dailyJobs(size: 100) { rows { id bill_rate } } dailyJobAudit(id: $id) { changes } }';
    const seen = dataOf(await t.gql(JOB, { id: job.id }, { as: 'company_admin' }));
    expect(seen.dailyJob.bill_rate).toBe(rate);
    expect(seen.dailyJobs.rows.find((r: { id: string }) => r.id === job.id).bill_rate).toBe(rate);
    expect(seen.dailyJobAudit.some((e: { changes: string }) => 'bill_rate' in JSON.parse(e.changes))).toBe(true);
    const csvOf = async (who: 'company_admin' | 'client_admin' | 'client_staff') => {
      const token = await t.tokenOf(who);
      const href = cheerio
        .load((await getPage(t, '/v3/admin/jobs/list', token, 'en')).html)('main a[href*="format=csv"]')
        .attr('href')!;
      return parseCsv((await getPage(t, href, token, 'en')).html);
    };
    expect((await csvOf('company_admin'))[0]).toContain('Bill rate (yen per hour)');

    for (const who of ['client_admin', 'client_staff'] as const) {
      const read = dataOf(await t.gql(JOB, { id: job.id }, { as: who }));
      expect(read.dailyJob).toEqual({ bill_rate: null, wage: expect.any(Number) });
      expect(read.dailyJobs.rows.length).toBeGreaterThan(0);
      expect(read.dailyJobs.rows.every((r: { bill_rate: number | null }) => r.bill_rate === null)).toBe(true);
      expect(read.dailyJobAudit.every((e: { changes: string }) => !('bill_rate' in JSON.parse(e.changes)))).toBe(true);
      const csv = await csvOf(who);
      expect(csv[0]).toContain('Pay (yen)');
      expect(csv[0]).not.toContain('Bill rate (yen per hour)');
      expect(csv.flat()).not.toContain(yen(rate));
    }
    // The record page the client opens draws neither the field nor the change.
    const page = await getPage(t, path, await t.tokenOf('client_admin'), 'en');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('Bill rate');
    expect(page.html).not.toContain(yen(rate));
  });
});

describe('the demo’s daily lines on the 日額表 甲 and 丙 columns', () => {
  // Picking pays ¥1,300 an hour. Bikash (contract over two months, 申告書 filed, two dependants):
  // Thursday 09:00–18:00 less 60 minutes = 480 minutes = ¥10,400, 甲欄 row 10,400 two dependants 175;
  // Saturday 09:00–14:00 = 300 minutes = ¥6,500, 甲欄 row 6,500 two dependants 30. Jose is a day hire
  // (丙欄). Every 2026 pay day is on the 令和8年分 table; the 乙欄 daily line is payroll-deductions.test.ts's.
  it('stores each line’s column and withholding, and the daily list and the worker’s pay page name the column', async () => {
    const bikash = await linesOf('worker3@demo.test');
    expect(bikash.map((l) => [l.total, l.tax_column, l.dependents, l.withholding])).toEqual([
      [10_400, 'kou', 2, 175],
      [6_500, 'kou', 2, 30],
    ]);

    const list = (await getPage(t, '/admin/salary/daily', await t.tokenOf('company_admin'))).html;
    expect(list).toMatch(/Bikash Thapa[\s\S]*?甲 \(kou\) 2/);
    expect(list).toContain('丙 (hei)');

    for (const [email, column] of [
      ['worker3@demo.test', '甲 (kou) 2'],
      ['worker2@demo.test', '丙 (hei)'],
    ] as const) {
      const { token } = await candidateLogin(t, email);
      const page = await fetch(`${t.url}/staff/pay`, { headers: { cookie: `candidate_token=${token}`, 'accept-language': 'en' } });
      expect(await page.text(), email).toContain(column);
    }
  });
});

describe('the worker’s pay page (/staff/pay)', () => {
  /** The worker's /staff/pay in English: the first row holding `rowText` (or of that id) of the table with a `head` column, cell by column heading. */
  async function myPayRow(token: string, head: string, rowText: string) {
    const $ = cheerio.load(await (await fetch(`${t.url}/staff/pay`, { headers: { cookie: `candidate_token=${token}`, 'accept-language': 'en' } })).text());
    const table = $('table').filter((_, el) => $(el).find('th').text().includes(head));
    const heads = table
      .find('thead th')
      .map((_, th) => $(th).text().trim())
      .get();
    const row = table
      .find('tbody tr')
      .filter((_, tr) => $(tr).attr('data-row-id') === rowText || $(tr).text().includes(rowText))
      .first();
    return { heads, cell: (column: string) => row.find('td, th').eq(heads.indexOf(column)).text().trim() };
  }

  it('with less available than the smallest request, says when quick pay opens instead of drawing a form that can do nothing', async () => {
    const { token } = await candidateLogin(t, 'worker2@demo.test');
    const mine = dataOf(await t.gql('{ myPay { companies { available minAmount } } }', {}, token)).myPay.companies[0];
    expect(mine.available).toBeLessThan(mine.minAmount);
    const $ = cheerio.load(await (await fetch(`${t.url}/staff/pay`, { headers: { cookie: `candidate_token=${token}`, 'accept-language': 'en' } })).text());
    const card = $('section[aria-labelledby=quick] form').first();
    expect(card.find('input[name=amount]')).toHaveLength(0);
    expect(card.find('button')).toHaveLength(0);
    expect(card.text()).toContain(`You cannot request quick pay right now: it opens once at least ${yen(mine.minAmount)} is available`);
  });

  it('says what else came off a transferred day, so gross less the deductions is the net the worker was paid', async () => {
    // José's batch took the bank's transfer fee from his first line.
    const lines = await payLinesOf(t, 'worker2@demo.test');
    const charged = lines.find((l) => l.transfer_fee > 0)!;
    expect(charged.net).toBe(charged.total - charged.withholding - charged.transfer_fee - charged.advance_deducted);
    const { token } = await candidateLogin(t, 'worker2@demo.test');
    const { heads, cell } = await myPayRow(token, 'Withholding', yen(charged.net));
    expect(heads).toEqual(expect.arrayContaining(['Transfer fee', 'Advance recovered', 'Net']));
    expect([cell('Gross'), cell('Withholding'), cell('Transfer fee'), cell('Net')]).toEqual([charged.total, charged.withholding, charged.transfer_fee, charged.net].map((n) => yen(n)));
  });

  it('lists the demo’s transferred advance at what quick pay charges: 5,000 yen at 3% is 150, under the smallest fee of 330, so 4,670 was paid out', async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    // The seed's first advance of hers (later tests of this file recover it from a run).
    const seeded = await db()
      .selectFrom('advances')
      .select('id')
      .where('user_id', '=', await userId(t, 'worker1@demo.test'))
      .where('amount', '=', 5_000)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const { cell } = await myPayRow(token, 'Paid out', seeded.id);
    expect([cell('Amount'), cell('Fee'), cell('Paid out')]).toEqual(['¥5,000', '¥330', '¥4,670']);
  });

  it('shows payslips and quick pay; an advance within what is available is recorded, one above it refused', async () => {
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    const cookie = `candidate_token=${token}`;
    const page = await fetch(`${t.url}/staff/pay`, { headers: { cookie, 'accept-language': 'en' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Payslips (monthly pay)');
    const run = await runOf('worker1@demo.test');
    expect(html).toContain(`/staff/pay?payslip=${run.id}`);
    const pdf = await fetch(`${t.url}/staff/pay?payslip=${run.id}`, { headers: { cookie } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // Someone else's payslip: not theirs to read.
    const other = await candidateLogin(t, 'worker2@demo.test');
    expect((await fetch(`${t.url}/staff/pay?payslip=${run.id}`, { headers: { cookie: `candidate_token=${other.token}` } })).status).toBe(404);

    const mine = dataOf(await t.gql('{ myPay { companies { companyId available earnedUnpaid } } }', {}, token)).myPay.companies[0];
    // Gross less the run's income tax: 28,689 − 878.
    expect(mine.earnedUnpaid).toBe(27_811);
    expect(mine.available).toBeGreaterThan(1_000);
    const res = await fetch(`${t.url}/staff/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: t.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _action: 'quickpay', companyId: mine.companyId, amount: '1000' }),
    });
    expect(res.status).toBe(303);
    const advance = await db()
      .selectFrom('advances')
      .selectAll()
      .where('user_id', '=', await userId(t, 'worker1@demo.test'))
      .where('status', '=', 'requested')
      .where('amount', '=', 1_000)
      .executeTakeFirstOrThrow();
    expect(advance.amount).toBe(1_000);
    expect(advance.net).toBe(1_000 - advance.fee);
    const after = dataOf(await t.gql('{ myPay { companies { available } } }', {}, token)).myPay.companies[0].available;
    expect(after).toBe(mine.available - 1_000);
    const over = await t.gql('mutation($c: ID!, $a: Int!) { requestQuickPay(companyId: $c, amount: $a) { id } }', { c: mine.companyId, a: after + 1 }, token);
    expect(firstCode(over)).toBe('BAD_USER_INPUT');
    // The company approves it on /admin/salary/quickpay.
    const ok = await postForm(t, '/admin/salary/quickpay', await t.tokenOf('company_admin'), { _action: `row:${advance.id}:approve` });
    expect(ok.status).toBe(303);
    expect((await db().selectFrom('advances').select('status').where('id', '=', advance.id).executeTakeFirstOrThrow()).status).toBe('approved');
    expect(dataOf(await t.gql('{ advances(size: 50) { total } }', {}, { as: 'company2' })).advances.total).toBe(0);
  });

  it('the bank account form says what is wrong in the worker’s language and keeps what was typed', async () => {
    const { token } = await candidateLogin(t, 'worker3@demo.test');
    const post = (lang: string, fields: Record<string, string>) =>
      fetch(`${t.url}/staff/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: `candidate_token=${token}; lang=${lang}`, origin: t.url, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
        body: new URLSearchParams({ _action: 'bank', ...fields }),
      });
    const bad = { bankCode: '12', bankName: 'ゆうちょ', branchCode: '019', branchName: '〇一九', accountType: '1', accountNumber: '123', holderKana: 'Bikash' };
    const en = await post('en', bad);
    expect(en.status).toBe(422);
    const enHtml = await en.text();
    expect(enHtml).toContain('The bank code is 4 digits.');
    expect(enHtml).toContain('The account number is 7 digits');
    expect(enHtml).toContain('value="ゆうちょ"');
    const ja = await (await post('ja', bad)).text();
    expect(ja).toContain('口座番号は7桁の数字です');
    const good = await post('en', { ...bad, bankCode: '9900', branchName: 'ゼロイチキユウ', accountNumber: '1234567', holderKana: 'タパ ビカシュ' });
    expect(good.status).toBe(303);
    // Kept as the bank file carries it (half-width kana, small ュ full size).
    expect(
      await db()
        .selectFrom('bank_accounts')
        .select(['bank_name', 'holder_kana'])
        .where('user_id', '=', await userId(t, 'worker3@demo.test'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ bank_name: 'ﾕｳﾁﾖ', holder_kana: 'ﾀﾊﾟ ﾋﾞｶｼﾕ' });
  });
});

/**
 * A monthly run withholds what the law takes, each deduction its own payslip line: the staff set
 * the person's payroll record on the staff registry (扶養控除等申告書 and dependants, hours, the
 * 標準報酬月額, resident tax), and the run deducts health, nursing care, pension and employment
 * insurance, income tax on the 月額表 column the record decides, and resident tax. Hand-worked yen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf.ts';
import { addDays } from '../../shared/time.ts';
import { syncPay } from '../../server/modules/payroll/lines.ts';
import { createTransferBatch } from '../../server/modules/payroll/ledger.ts';
import { dataOf } from '../helpers/graphql.ts';
import { candidateLogin, getPage, postForm } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';
import { grantPageCode } from '../helpers/roles.ts';
import { workedDay, workedShift } from '../helpers/demo-data.ts';

const t = appForFile();
const db = () => t.database.db;
// The staff registry (150001) is platform staff's by default (DESIGN §5); here Sakura's admins hold it too, as a superadmin may grant.
beforeAll(() => grantPageCode(t, '150001', 'company_admin'));

/** Ten weekdays of 09:00–18:00 (or from–to) (60 minutes' break: 8 hours) at ¥3,000 an hour on the monthly kitchen job, 7–18 September 2026: gross 10 × 24,000 = 240,000. */
async function tenDays(email: string, from = '09:00', to = '18:00') {
  const days = ['2026-09-07', '2026-09-14'].flatMap((monday) => [0, 1, 2, 3, 4].map((i) => addDays(monday, i)));
  const worked = [];
  for (const date of days) worked.push(await workedShift(t, { job: 'Kitchen assistant (evening)', email, date, start: from, end: to, breakMinutes: 60, wage: 3_000 }));
  // Pay synced once for the ten days, as the month's run sees them.
  const { companyId, userId } = worked[0]!;
  await syncPay(db(), companyId, userId);
  return db().selectFrom('pay_runs').selectAll().where('user_id', '=', userId).where('period_start', '<=', '2026-09-07').where('period_end', '>=', '2026-09-18').executeTakeFirstOrThrow();
}

const staffId = async (email: string) => (await db().selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
// The record's form posts every field: the e-mail goes with it (a blank one would be cleared).
const saveRecord = async (email: string, fields: Record<string, string>) =>
  postForm(t, `/admin/staff?id=${await staffId(email)}`, await t.tokenOf('company_admin'), { _action: 'save', email, ...fields });
const slipOf = async (id: string) =>
  dataOf(await t.gql('query($id: ID!) { payslip(id: $id) { gross net advances transferFee taxColumn deductions { key labelJa labelEn amount } notes { ja en } } }', { id }, { as: 'company_admin' }))
    .payslip;

describe('a monthly run with its deductions', () => {
  it('甲欄 with two dependants, every insurance, resident tax: the payslip names each deduction and they add up', async () => {
    const res = await saveRecord('worker3@demo.test', {
      name: 'BIKASH THAPA',
      nationality: 'NP',
      birth_date: '1980-05-10',
      tax_form_filed: 'on',
      dependents: '2',
      employment_term: 'longer',
      weekly_hours: '40',
      standard_monthly_remuneration: '240000',
      resident_tax_monthly: '12300',
    });
    expect(res.status, res.html.slice(0, 500)).toBe(303);
    const run = await tenDays('worker3@demo.test');
    // Premium month September 2026 (the month before the October pay day), Tokyo (協会けんぽ 9.85%,
    // nursing care 1.62% at 46 years old), pension 18.3%, on the standard ¥240,000, worker's half:
    // health 240,000 × 9.85% / 2 = 11,820; nursing 240,000 × 1.62% / 2 = 1,944; pension
    // 240,000 × 18.3% / 2 = 21,960. Employment 5/1,000 (FY2026) of the pay: 240,000 × 0.5% = 1,200.
    // Insurance 36,924; income tax on 240,000 − 36,924 = 203,076: 月額表 (令和8年分) 甲欄 row
    // 203,000–205,000, 2 dependants = 1,250. Resident tax 12,300. Fee 165.
    expect(run.pay_date.slice(0, 7)).toBe('2026-10');
    expect(run).toMatchObject({
      gross: 240_000,
      health_insurance: 11_820,
      nursing_insurance: 1_944,
      pension: 21_960,
      employment_insurance: 1_200,
      income_tax: 1_250,
      resident_tax: 12_300,
      tax_column: 'kou',
      dependents: 2,
      transfer_fee: 165,
    });
    expect(run.net).toBe(240_000 - 36_924 - 1_250 - 12_300 - 165 - run.advances);

    const slip = await slipOf(run.id);
    expect(slip.deductions.map((d: { key: string; amount: number }) => [d.key, d.amount])).toEqual([
      ['health', 11_820],
      ['nursing', 1_944],
      ['pension', 21_960],
      ['employment', 1_200],
      ['incomeTax', 1_250],
      ['residentTax', 12_300],
    ]);
    expect(slip.deductions.find((d: { key: string }) => d.key === 'incomeTax').labelJa).toBe('所得税（月額表 甲欄・扶養2人）');
    const total = slip.deductions.reduce((s: number, d: { amount: number }) => s + d.amount, 0);
    expect(slip.gross - total - slip.advances - slip.transferFee).toBe(slip.net);

    const pdf = await fetch(`${t.url}/admin/salary/monthly?payslip=${run.id}`, { headers: { cookie: `token=${await t.tokenOf('company_admin')}` } });
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const amount of ['¥11,820', '¥1,944', '¥21,960', '¥1,200', '¥1,250', '¥12,300']) expect(text).toContain(amount);
    expect(text).toMatch(/Health insurance|健康保険料/);
    expect(text).toMatch(/column 甲 \(kou\), 2 dependants|甲欄・扶養2人/);
  });

  it('乙欄 without the declaration: insurance without nursing care (29 years old), the 乙欄 amount, resident tax', async () => {
    const res = await saveRecord('worker1@demo.test', {
      name: 'TRAN THI MAI',
      nationality: 'VN',
      birth_date: '1997-02-03',
      employment_term: 'longer',
      weekly_hours: '30',
      standard_monthly_remuneration: '240000',
      resident_tax_monthly: '8000',
    });
    expect(res.status, res.html.slice(0, 500)).toBe(303);
    const run = await tenDays('worker1@demo.test', '08:00', '17:00');
    // 11,820 + 21,960 + 1,200 = 34,980; income tax on 205,020: 乙欄 row 205,000–207,000 = 21,700.
    expect(run).toMatchObject({
      gross: 240_000,
      health_insurance: 11_820,
      nursing_insurance: 0,
      pension: 21_960,
      employment_insurance: 1_200,
      income_tax: 21_700,
      resident_tax: 8_000,
      tax_column: 'otsu',
      dependents: 0,
    });
    // The earliest draft run recovers her ¥5,000 advance.
    expect(run).toMatchObject({ advances: 5_000, net: 240_000 - 34_980 - 21_700 - 8_000 - 165 - 5_000 });
    const slip = await slipOf(run.id);
    expect(slip.deductions.find((d: { key: string }) => d.key === 'incomeTax').labelEn).toBe('Income tax (monthly table, column 乙 (otsu))');
    // What is not modelled is said on the payslip.
    expect(slip.notes.map((n: { en: string }) => n.en).join(' ')).toMatch(/child and childcare support levy.*not computed/);
    expect(slip.notes.map((n: { en: string }) => n.en).join(' ')).toMatch(/Not modelled: bonuses/);
    // The monthly list shows the column and each deduction.
    const page = await getPage(t, '/admin/salary/monthly', await t.tokenOf('company_admin'));
    expect(page.html).toContain('乙 (otsu)');
    expect(page.html).toContain('¥21,700');
  });

  it('refuses a standard that is not a grade beside the field, and another company or a client user cannot touch the record', async () => {
    const bad = await saveRecord('worker3@demo.test', { name: 'BIKASH THAPA', nationality: 'NP', standard_monthly_remuneration: '250000' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('標準報酬月額表の等級の額');
    const id = await staffId('worker3@demo.test');
    // Another company's admin (holding the code) finds no such record; a role without the code is refused.
    for (const who of ['company2', 'company_staff', 'client_admin'] as const) {
      const res = await postForm(t, `/admin/staff?id=${id}`, await t.tokenOf(who), { _action: 'save', name: 'BIKASH THAPA', nationality: 'NP', resident_tax_monthly: '1' });
      expect(res.status, who).not.toBe(303);
    }
    expect((await db().selectFrom('staff').select('resident_tax_monthly').where('id', '=', id).executeTakeFirstOrThrow()).resident_tax_monthly).toBe(12_300);
  });
});

describe('daily pay for a worker who is not a day hire', () => {
  /** One shift of Tran's at the ¥1,300-an-hour picking job, daily-paid, and its pay line. */
  async function pickingDay(date: string, from: string, to: string, breakMinutes: number) {
    const line = await workedDay(t, { job: 'Warehouse picking (daily pay)', email: 'worker1@demo.test', date, start: from, end: to, breakMinutes });
    if (!line) throw new Error('no pay line');
    return line;
  }
  const approve = async (id: string) =>
    dataOf(await t.gql('mutation($ids: [ID!]!, $to: String!) { movePayLine(ids: $ids, to: $to) { moved refused { id reason message } } }', { ids: [id], to: 'approved' }, { as: 'company_admin' }))
      .movePayLine;

  it('withholds on the 日額表 乙欄 without the declaration and on the 甲欄 with it, shows the column, and can be approved and paid', async () => {
    // Tran's record: a contract longer than two months, no 扶養控除等申告書 → 乙. 09:00–13:00, no
    // break: 4 × 1,300 = 5,200 yen; 日額表 (令和8年分) 乙欄 row 5,200–5,299 = 310.
    const otsu = await pickingDay('2026-09-26', '09:00', '13:00', 0);
    expect(otsu).toMatchObject({ mode: 'daily', total: 5_200, tax_column: 'otsu', dependents: 0, withholding: 310, net: 4_890, status: 'pending' });
    expect(await approve(otsu.id)).toMatchObject({ moved: [otsu.id], refused: [] });

    // The declaration filed with one dependant → 甲. 09:00–17:00 less an hour: 7 × 1,300 = 9,100;
    // 甲欄 row 9,100–9,199, 1 dependant = 180 (0 dependants would be 235, 乙 1,470).
    const saved = await saveRecord('worker1@demo.test', {
      name: 'TRAN THI MAI',
      nationality: 'VN',
      birth_date: '1997-02-03',
      tax_form_filed: 'on',
      dependents: '1',
      employment_term: 'longer',
      weekly_hours: '30',
      standard_monthly_remuneration: '240000',
      resident_tax_monthly: '8000',
    });
    expect(saved.status, saved.html.slice(0, 500)).toBe(303);
    const kou = await pickingDay('2026-09-29', '09:00', '17:00', 60);
    expect(kou).toMatchObject({ total: 9_100, tax_column: 'kou', dependents: 1, withholding: 180, net: 8_920 });
    // The approved 乙 line keeps its column: the declaration applies from when it is filed.
    expect(await db().selectFrom('pay_lines').select(['tax_column', 'withholding']).where('id', '=', otsu.id).executeTakeFirstOrThrow()).toEqual({ tax_column: 'otsu', withholding: 310 });

    // Staff see each line's column on the daily list; the worker on their pay page.
    const list = await getPage(t, '/admin/salary/daily', await t.tokenOf('company_admin'));
    expect(list.html).toContain('乙 (otsu)');
    expect(list.html).toContain('甲 (kou) 1');
    const { token } = await candidateLogin(t, 'worker1@demo.test');
    const mine = await fetch(`${t.url}/staff/pay`, { headers: { cookie: `candidate_token=${token}`, 'accept-language': 'en' } });
    const html = await mine.text();
    expect(html).toContain('Tax column');
    expect(html).toContain('甲 (kou) 1');
    expect(html).toContain('¥180');

    // Paid: the batch withholds again on the table of its transfer date (2026: the same 180).
    expect(await approve(kou.id)).toMatchObject({ moved: [kou.id] });
    const actor = await db().selectFrom('users').select(['id', 'name']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
    const batch = await createTransferBatch(db(), actor, kou.company_id, [kou.id, otsu.id], '2026-12-01');
    expect(batch).toMatchObject({ transferred: 2, failed: [] });
    const paid = await db().selectFrom('pay_lines').select(['id', 'status', 'withholding']).where('id', 'in', [kou.id, otsu.id]).orderBy('total').execute();
    expect(paid).toEqual([
      { id: otsu.id, status: 'transferred', withholding: 310 },
      { id: kou.id, status: 'transferred', withholding: 180 },
    ]);
  });
});

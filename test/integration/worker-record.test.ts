/**
 * The worker record (/admin/worker?id=<userId>): a row of the workers list opens
 * the person's profile, shifts with attendance and pay to date as the database holds them, and
 * their employment contract as a PDF in Japanese or English from the company's contract template.
 * Another company cannot open a Sakura worker; a client user opens only the people of its jobs; a
 * role without 160001 is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../helpers/pdf.ts';
import { appForFile } from '../helpers/app.ts';
import { clientOf, companyOf, insertTemplate, userId } from '../helpers/demo-data.ts';
import { dataOf, firstCode } from '../helpers/graphql.ts';
import * as cheerio from 'cheerio';
import { getPage } from '../helpers/pages.ts';
import { todayInJapan } from '../../shared/time.ts';
import { withoutCodes } from '../helpers/roles.ts';
import { sessionOf, submitGetForm } from '../helpers/buttons.ts';

const t = appForFile();
const db = () => t.database.db;
let tran: string;
let jose: string;
let sakura: string;

beforeAll(async () => {
  tran = await userId(t, 'worker1@demo.test');
  jose = await userId(t, 'worker2@demo.test');
  sakura = await companyOf(t, 'company@demo.test');
});

const RECORD = `query($id: ID!) { workerRecord(id: $id) {
  id name visaExpiry cardVerified languages
  shifts { applicationId date start end upcoming attendance clockIn clockOut jobEn }
  pay { thisMonth total lines runs { id gross } }
  jobs { id titleJa titleEn }
} }`;
const CONTRACT = 'query($w: ID!, $j: ID!, $l: String!) { workerContract(workerId: $w, jobId: $j, lang: $l) { title job workerName } }';

const pdfOf = async (path: string, as: 'company_admin' | 'company2' | 'client_admin') => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { cookie: `token=${await t.tokenOf(as)}` } });

describe('the worker record', () => {
  it('shows the demo worker’s shifts, attendance and pay to date as the database holds them', async () => {
    const w = dataOf(await t.gql(RECORD, { id: tran }, { as: 'company_admin' })).workerRecord;
    expect(w.name).toBe('Tran Thi Mai');
    const apps = await db()
      .selectFrom('applications as a')
      .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
      .leftJoin('attendance as at', 'at.application_id', 'a.id')
      .select(['a.id', 's.date', 'at.status', 'at.clock_in'])
      .where('a.candidate_id', '=', tran)
      .where('a.company_id', '=', sakura)
      .execute();
    expect(w.shifts.length).toBe(apps.length);
    expect(apps.length).toBeGreaterThanOrEqual(3);
    for (const a of apps) {
      const s = w.shifts.find((x: { applicationId: string }) => x.applicationId === a.id);
      expect(s).toMatchObject({ date: a.date, attendance: a.status ?? null, clockIn: a.clock_in?.toISOString() ?? null, upcoming: a.date >= todayInJapan() });
    }
    const lines = await db().selectFrom('pay_lines').select(['total', 'work_date']).where('user_id', '=', tran).where('company_id', '=', sakura).execute();
    const month = todayInJapan().slice(0, 7);
    expect(w.pay.total).toBe(lines.reduce((s, l) => s + l.total, 0));
    expect(w.pay.total).toBeGreaterThan(0);
    expect(w.pay.thisMonth).toBe(lines.filter((l) => l.work_date.slice(0, 7) === month).reduce((s, l) => s + l.total, 0));
    const runs = await db().selectFrom('pay_runs').select(['id', 'gross']).where('user_id', '=', tran).execute();
    expect(w.pay.runs).toEqual(runs.map((r) => ({ id: r.id, gross: r.gross })));

    // The screen: the row's name opens the record, with the payslip link of the monthly pay screen.
    const list = await getPage(t, '/admin/worker', await t.tokenOf('company_admin'));
    expect(list.html).toContain(`/admin/worker?id=${tran}`);
    const page = await getPage(t, `/admin/worker?id=${tran}`, await t.tokenOf('company_admin'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('過去のシフトと勤怠');
    expect(page.html).toContain('出勤');
    expect(page.html).toContain(`/admin/salary/monthly?payslip=${runs[0]!.id}`);
    expect(page.html).toContain(`¥${w.pay.total.toLocaleString('en-US')}`);
  });

  it("names the worker's nationality (stored as a code) in the reader's language", async () => {
    expect((await db().selectFrom('candidate_profiles').select('nationality').where('user_id', '=', tran).executeTakeFirstOrThrow()).nationality).toBe('VN');
    const token = await t.tokenOf('company_admin');
    for (const [lang, label, vietnam] of [
      ['ja', '国籍', 'ベトナム'],
      ['en', 'Nationality', 'Vietnam'],
    ] as const) {
      const page = await getPage(t, `/admin/worker?id=${tran}`, token, lang);
      expect(page.status).toBe(200);
      expect(page.html, lang).toContain(`<dt>${label}</dt><dd>${vietnam}</dd>`);
    }
  });

  it("names a specified skilled worker's field (stored in Japanese) in the reader's language", async () => {
    expect((await db().selectFrom('candidate_profiles').select('ssw_field').where('user_id', '=', tran).executeTakeFirstOrThrow()).ssw_field).toBe('外食業');
    for (const [who, lang, shown] of [
      ['company_admin', 'ja', '特定技能1号 · 分野: 外食業'],
      ['company_admin', 'en', 'Specified Skilled Worker (i) · field: Food service'],
      ['client_admin', 'en', 'Specified Skilled Worker (i) · field: Food service'],
    ] as const) {
      const page = await getPage(t, `/admin/worker?id=${tran}`, await t.tokenOf(who), lang);
      expect(page.html, `${who} ${lang}`).toContain(shown);
    }
  });

  it('warns of a card expiring soon and links a card waiting for a check to the check screen', async () => {
    const token = await t.tokenOf('company_admin');
    const aung = await db()
      .selectFrom('users as u')
      .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'p.visa_expiry'])
      .where('u.email', '=', 'candidate3@demo.test')
      .executeTakeFirstOrThrow();
    const days = Math.round((Date.parse(`${aung.visa_expiry}T00:00:00Z`) - Date.parse(`${todayInJapan()}T00:00:00Z`)) / 86_400_000);
    expect(days).toBeLessThanOrEqual(90);
    expect((await getPage(t, `/admin/worker?id=${aung.id}`, token)).html).toContain(`期限まであと${days}日`);
    const hoa = await db()
      .selectFrom('users as u')
      .innerJoin('residence_cards as c', 'c.user_id', 'u.id')
      .select(['u.id', 'c.id as card'])
      .where('u.email', '=', 'cardcheck@demo.test')
      .where('c.status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const page = await getPage(t, `/admin/worker?id=${hoa.id}`, token);
    expect(page.html).toContain(`/admin/worker/rcCheckCandidate?card=${hoa.card}`);
    expect(page.html).toContain('確認待ち');
  });

  it('the employment contract is a PDF from the contract template, in Japanese or in English', async () => {
    const w = dataOf(await t.gql(RECORD, { id: tran }, { as: 'company_admin' })).workerRecord;
    const job = w.jobs.find((j: { titleEn: string }) => j.titleEn === 'Kitchen assistant (evening)');
    expect(job).toBeDefined();
    for (const [lang, title, heading] of [
      ['en', job.titleEn, 'Individual worker dispatch contract'],
      ['ja', job.titleJa, '労働者派遣個別契約書'],
    ] as const) {
      const res = await pdfOf(`/admin/worker?id=${tran}&contract=${job.id}&language=${lang}`, 'company_admin');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const buf = Buffer.from(await res.arrayBuffer());
      expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(buf);
      expect(text).toContain('Tran Thi Mai');
      expect(text.replace(/\s+/g, '')).toContain(title.replace(/\s+/g, ''));
      expect(text.replace(/\s+/g, '')).toContain(heading.replace(/\s+/g, ''));
    }
  });

  it('staff choose the contract template on the form: a second one of the company is used, another company’s or an invoice template is refused', async () => {
    const job = dataOf(await t.gql(RECORD, { id: tran }, { as: 'company_admin' })).workerRecord.jobs.find((j: { titleEn: string }) => j.titleEn === 'Kitchen assistant (evening)');
    // A second contract template of Sakura's, newer than its usual one (so not the one used by default).
    const placement = await insertTemplate(t, {
      company_id: sakura,
      kind: 'contract',
      key: 'placement_contract',
      subject_ja: '紹介予定派遣契約書',
      subject_en: 'Temp-to-perm dispatch contract',
      body_ja: '{{worker}} は {{job}} に紹介予定派遣で就業する。',
      body_en: '{{worker}} works as {{job}} on a temp-to-perm dispatch.',
    });
    const session = await sessionOf(t, 'company_admin');
    const record = `/admin/worker?id=${tran}`;
    const pdfLine = async (res: Response) => {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, '');
    };
    // As drawn, the form makes the usual one: nothing changes for a company that picks nothing.
    const usual = await pdfLine(await submitGetForm(t, session, record, '#contract-pdf', { contract: job.id, language: 'en' }));
    expect(usual).toContain('Individualworkerdispatchcontract');
    expect(usual).not.toContain('Temp-to-perm');
    // The second template, chosen on the form.
    for (const [lang, heading, body] of [
      ['en', 'Temp-to-perm dispatch contract', `Tran Thi Mai works as ${job.titleEn} on a temp-to-perm dispatch.`],
      ['ja', '紹介予定派遣契約書', `Tran Thi Mai は ${job.titleJa} に紹介予定派遣で就業する。`],
    ] as const) {
      const chosen = await pdfLine(await submitGetForm(t, session, record, '#contract-pdf', { contract: job.id, language: lang, template: placement }));
      expect(chosen, lang).toContain(heading.replace(/\s+/g, ''));
      expect(chosen, lang).toContain(body.replace(/\s+/g, ''));
    }
    // Another company's contract template, and Sakura's own invoice template, are not there for this contract.
    const company2 = await companyOf(t, 'company2@demo.test');
    const others = await db().selectFrom('document_templates').select('id').where('kind', '=', 'contract').where('company_id', '=', company2).executeTakeFirstOrThrow();
    const billing = await db().selectFrom('document_templates').select('id').where('kind', '=', 'billing').where('company_id', '=', sakura).executeTakeFirstOrThrow();
    const page = await getPage(t, record, await t.tokenOf('company_admin'));
    expect(page.html).toContain(`value="${placement}"`);
    for (const refused of [others.id, billing.id]) {
      expect(page.html).not.toContain(`value="${refused}"`);
      const pdf = await pdfOf(`${record}&contract=${job.id}&language=en&template=${refused}`, 'company_admin');
      expect(pdf.status).toBe(404);
      expect(pdf.headers.get('content-type')).not.toBe('application/pdf');
      const asked = dataOf(
        await t.gql(`query($w: ID!, $j: ID!, $t: ID) { workerContract(workerId: $w, jobId: $j, lang: "en", templateId: $t) { title } }`, { w: tran, j: job.id, t: refused }, { as: 'company_admin' }),
      );
      expect(asked.workerContract).toBeNull();
    }
  });

  it('another company cannot open a Sakura worker’s record or contract', async () => {
    const job = dataOf(await t.gql(RECORD, { id: tran }, { as: 'company_admin' })).workerRecord.jobs[0];
    expect(dataOf(await t.gql(RECORD, { id: tran }, { as: 'company2' })).workerRecord).toBeNull();
    expect(dataOf(await t.gql(CONTRACT, { w: tran, j: job.id, l: 'ja' }, { as: 'company2' })).workerContract).toBeNull();
    expect((await getPage(t, `/admin/worker?id=${tran}`, await t.tokenOf('company2'))).status).toBe(404);
    const pdf = await pdfOf(`/admin/worker?id=${tran}&contract=${job.id}&language=en`, 'company2');
    expect(pdf.status).toBe(404);
    expect(pdf.headers.get('content-type')).not.toBe('application/pdf');
  });

  it('a client user opens only the people of its own jobs, and sees no pay', async () => {
    const own = dataOf(await t.gql(RECORD, { id: tran }, { as: 'client_admin' })).workerRecord;
    expect(own.name).toBe('Tran Thi Mai');
    expect(own.pay).toBeNull();
    const client = await clientOf(t, 'client@demo.test');
    const ofOthers = await db().selectFrom('applications').select('id').where('candidate_id', '=', tran).where('client_id', '!=', client).execute();
    expect(own.shifts.every((s: { applicationId: string }) => !ofOthers.some((o) => o.id === s.applicationId))).toBe(true);
    expect(dataOf(await t.gql(RECORD, { id: jose }, { as: 'client_admin' })).workerRecord).toBeNull();
    expect((await getPage(t, `/admin/worker?id=${jose}`, await t.tokenOf('client_admin'))).status).toBe(404);
  });

  it('a client user is told neither the employment contract nor the worker’s birth date and address, and cannot change them', async () => {
    const page = await getPage(t, `/admin/worker?id=${tran}`, await t.tokenOf('client_admin'), 'en');
    expect(page.status).toBe(200);
    const $ = cheerio.load(page.html);
    expect($('#contract-pdf')).toHaveLength(0);
    expect($('#facts')).toHaveLength(0);
    expect(page.html).not.toContain('Pay to date');
    const profile = await db().selectFrom('candidate_profiles').select(['address', 'birth_date']).where('user_id', '=', tran).executeTakeFirstOrThrow();
    expect(profile.address).toBeTruthy();
    expect(page.html).not.toContain(profile.address!);
    // The company sees them, and its form.
    const company = await getPage(t, `/admin/worker?id=${tran}`, await t.tokenOf('company_admin'), 'en');
    expect(company.html).toContain(profile.address!);
    expect(cheerio.load(company.html)('#contract-pdf')).toHaveLength(1);
    // The API says the same: no contract (it names the wage), no address, no birth date, no change.
    const job = dataOf(await t.gql(RECORD, { id: tran }, { as: 'company_admin' })).workerRecord.jobs[0].id;
    expect(dataOf(await t.gql(CONTRACT, { w: tran, j: job, l: 'en' }, { as: 'company_admin' })).workerContract).not.toBeNull();
    expect(dataOf(await t.gql(CONTRACT, { w: tran, j: job, l: 'en' }, { as: 'client_admin' })).workerContract).toBeNull();
    expect((await pdfOf(`/admin/worker?id=${tran}&contract=${job}&language=en`, 'client_admin')).headers.get('content-type')).not.toBe('application/pdf');
    const facts = dataOf(await t.gql(`query($id: ID!) { workerRecord(id: $id) { employer birthDate address } }`, { id: tran }, { as: 'client_admin' })).workerRecord;
    expect(facts).toEqual({ employer: false, birthDate: null, address: null });
    const edit = await t.gql('mutation($id: ID!) { editWorkerFacts(id: $id, input: { address: "Somewhere else" }) { id } }', { id: tran }, { as: 'client_admin' });
    expect(firstCode(edit)).toBe('FORBIDDEN');
    expect((await db().selectFrom('candidate_profiles').select('address').where('user_id', '=', tran).executeTakeFirstOrThrow()).address).toBe(profile.address);
  });

  it('a role without 160001 is refused', async () => {
    await withoutCodes(t, ['160001'], 'client_staff', async () => {
      expect(firstCode(await t.gql(RECORD, { id: tran }, { as: 'client_staff' }))).toBe('FORBIDDEN');
      expect(firstCode(await t.gql(CONTRACT, { w: tran, j: tran, l: 'en' }, { as: 'client_staff' }))).toBe('FORBIDDEN');
      // The page guard sends a role that may not enter the page to its landing page (SPEC §4).
      const page = await getPage(t, `/admin/worker?id=${tran}`, await t.tokenOf('client_staff'));
      expect(page.status).toBe(302);
      expect(page.html).not.toContain('Tran Thi Mai');
    });
  });
});

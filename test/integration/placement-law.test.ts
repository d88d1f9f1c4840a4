/**
 * The placement rules applied to the records the database holds (docs/workforce.md "The data behind
 * the rules"), through the demo people: a 17-year-old (労働基準法第61条), a technical intern (技能実習法
 * 第2条・第8条・第9条: never by dispatch), a 特定技能 外食業 worker (特定技能運用要領: dispatch only in
 * 農業・漁業, and only in her own field) and an engineer visa holder (入管法別表第一の二: no simple
 * manual work). Each is refused by staff's own assignment and status moves with the sentence staff
 * read, in Japanese and English, and placed where the law allows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appForFile } from '../helpers/app.ts';
import { ASSIGN_SHIFT, dataOf, firstCode, MOVE_APPLICANT } from '../helpers/graphql.ts';
import { formRequest, text } from '../helpers/pages.ts';
import { pressButton } from '../helpers/buttons.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { companyTree } from '../../server/modules/pipeline/statuses.ts';
import { statusMoves, type StatusMove } from '../../server/modules/templates/status-tree.ts';
import { companyOf, newShiftOf, userId, visaId } from '../helpers/demo-data.ts';
import { withoutCodes } from '../helpers/roles.ts';

const t = appForFile();
let companyId: string;
let intoWork: StatusMove;
const db = () => t.database.db;

beforeAll(async () => {
  companyId = await companyOf(t, 'company@demo.test');
  intoWork = statusMoves(await companyTree(db(), companyId)).find((m) => m.list === 'shukkin' && m.kind === 'forward')!;
});

let nth = 0;
/** A new shift of Sakura's job `title` `day` days ahead (minutes varied so no two collide). */
const newShift = (title: string, day: number, start: string, end: string) =>
  newShiftOf(t, companyId, title, { day, start: `${start.slice(0, 3)}${String(1 + (nth++ % 59)).padStart(2, '0')}`, end, capacity: 3 });
const PICKING = 'Warehouse picking (daily pay)';
const LUNCH = 'Restaurant floor staff (lunch)';

/** Staff assign `email` to the shift; the refusal's reason and sentence in both languages, or null when placed. */
async function assign(email: string, shiftId: string): Promise<{ reason: unknown; en: string; ja: string } | null> {
  const en = await t.gql(ASSIGN_SHIFT, { s: shiftId, e: email }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
  if (!en.errors) return null;
  expect(firstCode(en)).toBe('FORBIDDEN');
  const ja = await t.gql(ASSIGN_SHIFT, { s: shiftId, e: email }, { as: 'company_admin', headers: { 'accept-language': 'ja' } });
  return { reason: en.errors[0]!.extensions!.reason, en: en.errors[0]!.message, ja: ja.errors![0]!.message };
}

/** An application in the status just before attendance, placed by dispatch or directly; then staff move it into attendance. */
async function moveIntoWork(email: string, shift: { shiftId: string; jobId: string; clientId: string }, dispatch: boolean) {
  const app = await db()
    .insertInto('applications')
    .values({
      job_id: shift.jobId,
      shift_id: shift.shiftId,
      candidate_id: await userId(t, email),
      company_id: companyId,
      client_id: shift.clientId,
      message: '',
      candidate_status_id: intoWork.from,
      dispatch,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return dataOf(await t.gql(MOVE_APPLICANT, { ids: [app.id], to: intoWork.to }, { as: 'company_admin', headers: { 'accept-language': 'en' } })).moveApplicant as {
    moved: string[];
    refused: { reason: string; message: string }[];
  };
}

describe('the demo people, refused where the law says', () => {
  it('the 17-year-old: no shift past 22:00 (労働基準法第61条), a day shift is fine', async () => {
    const late = await assign('minor@demo.test', (await newShift(PICKING, 3, '18:00', '23:00')).shiftId);
    expect(late).toMatchObject({ reason: 'age' });
    expect(late!.en).toMatch(/^Aged 17 on .*: under 18, no shift may reach into the hours from 22:00 to 05:00 \(Labour Standards Act, Article 61\)\.$/);
    expect(late!.ja).toContain('17歳で18歳未満のため、22時から翌5時までの時間にかかるシフトには入れません（労働基準法第61条）');
    expect(await assign('minor@demo.test', (await newShift(PICKING, 3, '09:00', '13:00')).shiftId)).toBeNull();
  });

  it('the technical intern: never through dispatch (技能実習法)', async () => {
    const r = await assign('intern@demo.test', (await newShift(LUNCH, 4, '10:30', '14:00')).shiftId);
    expect(r).toMatchObject({ reason: 'status_activity' });
    expect(r!.en).toBe(
      'A person with the residence status "Technical Intern Training" works only for the organisation that employs them under the training plan: never through dispatch (Technical Intern Training Act).',
    );
    expect(r!.ja).toBe('在留資格「技能実習」の人は、実習実施者に直接雇用されて働きます。派遣では配置できません（技能実習法）。');
  });

  it('the 特定技能 food-service worker: not by dispatch outside 農業・漁業, directly in 外食業 yes, directly in another field no', async () => {
    const r = await assign('ssw@demo.test', (await newShift(LUNCH, 5, '10:30', '14:00')).shiftId);
    expect(r).toMatchObject({ reason: 'status_activity' });
    expect(r!.en).toBe('A person with the residence status "Specified Skilled Worker (i)" may be placed through dispatch only in agriculture and fisheries (this job\'s field: Food service).');
    expect(r!.ja).toBe('在留資格「特定技能1号」の人を派遣で配置できるのは農業と漁業の分野だけです（この仕事の分野：外食業）。');
    // Employed directly by the restaurant (the application records it): placed.
    expect((await moveIntoWork('ssw@demo.test', await newShift(LUNCH, 6, '10:30', '14:00'), false)).moved).toHaveLength(1);
    // Directly, but on warehouse work, outside her field.
    const picking = await moveIntoWork('ssw@demo.test', await newShift(PICKING, 7, '09:00', '13:00'), false);
    expect(picking.moved).toEqual([]);
    expect(picking.refused[0]).toMatchObject({
      reason: 'status_activity',
      message: 'The residence status "Specified Skilled Worker (i)" allows work only in the person\'s own field (Food service); this job\'s field is none.',
    });
  });

  it('the engineer visa holder: no simple manual work (入管法別表第一の二), unless the job itself says it is not', async () => {
    const shift = await newShift(PICKING, 8, '09:00', '13:00');
    const r = await assign('engineer@demo.test', shift.shiftId);
    expect(r).toMatchObject({ reason: 'status_activity' });
    expect(r!.en).toBe(
      'The residence status "Engineer / Specialist in Humanities / International Services" does not cover simple manual work such as picking, packing, cleaning, line work or serving (Immigration Control Act, Appended Table I (2)).',
    );
    expect(r!.ja).toBe('在留資格「技術・人文知識・国際業務」では、単純作業（ピッキング、梱包、清掃、ライン作業、配膳など）の仕事には就けません（入管法別表第一の二）。');
    // The job form's own answer wins over its type's default; a value the form does not offer is a field error.
    const UPDATE = 'mutation($id: ID!, $input: DailyJobInput!) { updateDailyJob(id: $id, input: $input) { simple_labour ssw_field } }';
    const bad = await t.gql(UPDATE, { id: shift.jobId, input: { simple_labour: 'maybe', ssw_field: '倉庫' } }, { as: 'company_admin' });
    expect(firstCode(bad)).toBe('BAD_USER_INPUT');
    expect(Object.keys(bad.errors![0]!.extensions!.fields as object).sort()).toEqual(['simple_labour', 'ssw_field']);
    expect(dataOf(await t.gql(UPDATE, { id: shift.jobId, input: { simple_labour: 'false' } }, { as: 'company_admin' })).updateDailyJob).toEqual({ simple_labour: 'false', ssw_field: null });
    try {
      expect(await assign('engineer@demo.test', shift.shiftId)).toBeNull();
    } finally {
      await db().updateTable('jobs').set({ simple_labour: null }).where('id', '=', shift.jobId).execute();
    }
  });
});

describe('registration takes the date of birth, the name in katakana, the sex and the address', () => {
  const post = (body: Record<string, string | string[]>, lang: string) => fetch(`${t.url}/staff/register`, formRequest({ _action: 'register', ...body }, { origin: t.url, cookie: `lang=${lang}` }));
  const form = async (email: string, extra: Record<string, string>) => ({
    name: 'Pham Thi Thu',
    email,
    password: 'correct horse',
    nationality: 'VN',
    visa_type_id: await visaId(t, '留学'),
    visa_expiry: '2030-04-01',
    ...extra,
  });

  it('refuses a name not in katakana and a birthday not before today, with the field errors in both languages and the values kept', async () => {
    const bad = await form('thu@example.test', { name_kana: 'Pham Thu', birth_date: addDays(todayInJapan(), 1), sex: 'x', address: '東京都新宿区1-2-3' });
    const en = await post(bad, 'en');
    expect(en.status).toBe(422);
    const html = await en.text();
    expect(html).toContain('Enter the name in full-width katakana (a space between family and given name).');
    expect(html).toContain('Enter the date of birth (a day before today).');
    expect(html).toContain('value="東京都新宿区1-2-3"');
    expect(html).toContain('Choose one of the options.');
    // The form offers the sex the Hello Work report asks for.
    expect(html).toMatch(/<select[^>]*name="sex"/);
    expect(html).toContain('As the employment report to Hello Work asks.');
    const ja = await (await post(bad, 'ja')).text();
    expect(ja).toContain('氏名は全角カタカナで入力してください（姓と名の間に空白）。');
    expect(ja).toContain('生年月日を正しく入力してください（今日より前の日付）。');
    expect(ja).toContain('選択肢から選んでください。');
    expect(ja).toContain('ハローワークへの外国人雇用状況の届出に記載します。');
    expect(await db().selectFrom('users').select('id').where('email', '=', 'thu@example.test').executeTakeFirst()).toBeUndefined();
  });

  it('keeps them on the person’s profile', async () => {
    const born = `${Number(todayInJapan().slice(0, 4)) - 16}-01-01`;
    const ok = await post(await form('thu@example.test', { name_kana: 'ファム ティ トゥ', birth_date: born, sex: 'female', address: '東京都新宿区1-2-3' }), 'en');
    expect(ok.status).toBe(303);
    const p = await db()
      .selectFrom('candidate_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.name_kana', 'p.address', 'p.sex', sql<string>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date')])
      .where('u.email', '=', 'thu@example.test')
      .executeTakeFirstOrThrow();
    expect(p).toEqual({ name_kana: 'ファム ティ トゥ', address: '東京都新宿区1-2-3', sex: 'female', birth_date: born });
  });
});

describe('the 特定技能 field comes from the card check', () => {
  const DECIDE = 'mutation($id: ID!, $input: CardDecisionInput!) { decideResidenceCard(id: $id, input: $input) { id status } }';
  it('verifying a 特定技能 card asks for the field (both languages), and the placement rules then read it', async () => {
    const person = await userId(t, 'ssw@demo.test');
    const ssw = await db().selectFrom('visa_types').select('id').where('ja', '=', '特定技能1号').executeTakeFirstOrThrow();
    const expiry = addDays(todayInJapan(), 300);
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const card = await db()
      .insertInto('residence_cards')
      .values({ user_id: person, front: png, front_mime: 'image/png', back: png, back_mime: 'image/png', card_number: 'AB12345678CD', visa_type_id: ssw.id, expiry, permission_outside_status: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const input = { decision: 'verified', cardNumber: 'AB12345678CD', visaTypeId: String(ssw.id), expiry, permission: false };
    const en = await t.gql(DECIDE, { id: card.id, input }, { as: 'company_admin', headers: { 'accept-language': 'en' } });
    expect(firstCode(en)).toBe('BAD_USER_INPUT');
    expect((en.errors![0]!.extensions!.fields as Record<string, string>).sswField).toBe('Choose the field of a specified skilled worker: they cannot be placed outside it.');
    const ja = await t.gql(DECIDE, { id: card.id, input }, { as: 'company_admin', headers: { 'accept-language': 'ja' } });
    expect((ja.errors![0]!.extensions!.fields as Record<string, string>).sswField).toBe('特定技能の人は分野を選んでください。分野の外の仕事には配置できません。');
    expect(dataOf(await t.gql(DECIDE, { id: card.id, input: { ...input, sswField: '農業' } }, { as: 'company_admin' })).decideResidenceCard.status).toBe('verified');
    try {
      // Now in agriculture: the restaurant's work is outside her field, even employed directly.
      const r = await moveIntoWork('ssw@demo.test', await newShift(LUNCH, 9, '10:30', '14:00'), false);
      expect(r.refused[0]).toMatchObject({
        reason: 'status_activity',
        message: 'The residence status "Specified Skilled Worker (i)" allows work only in the person\'s own field (Agriculture); this job\'s field is Food service.',
      });
    } finally {
      await db().updateTable('candidate_profiles').set({ ssw_field: '外食業' }).where('user_id', '=', person).execute();
    }
  });
});

describe('recording a placement as direct employment', () => {
  const SET = 'mutation($a: ID!, $d: Boolean!) { setPlacementDispatch(applicationId: $a, dispatch: $d) }';
  const dispatchOf = async (id: string) => (await db().selectFrom('applications').select('dispatch').where('id', '=', id).executeTakeFirstOrThrow()).dispatch;

  it('the company records it before the person works; another company, a client user and a role without 130001 are refused', async () => {
    const app = await db()
      .selectFrom('applications')
      .select('id')
      .where('candidate_id', '=', await userId(t, 'intern@demo.test'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(firstCode(await t.gql(SET, { a: app.id, d: false }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(SET, { a: app.id, d: false }, { as: 'client_admin' }))).toBe('NOT_FOUND');
    await withoutCodes(t, ['130001'], 'company_staff', async () => {
      expect(firstCode(await t.gql(SET, { a: app.id, d: false }, { as: 'company_staff' }))).toBe('FORBIDDEN');
    });
    expect(await dispatchOf(app.id)).toBe(true);
    expect(dataOf(await t.gql(SET, { a: app.id, d: false }, { as: 'company_admin' })).setPlacementDispatch).toBe(true);
    expect(await dispatchOf(app.id)).toBe(false);

    // In a working status the answer is fixed (the check was made on it).
    const working = await moveIntoWork('ssw@demo.test', await newShift(LUNCH, 11, '10:30', '14:00'), false);
    const ja = await t.gql(SET, { a: working.moved[0], d: true }, { as: 'company_admin', headers: { 'accept-language': 'ja' } });
    expect(firstCode(ja)).toBe('CONFLICT');
    expect(ja.errors![0]!.message).toContain('派遣か直接雇用かを変更できません');
    expect(await dispatchOf(working.moved[0]!)).toBe(false);
  });
});

describe('the applicant record records dispatch or direct employment', () => {
  it('its button (behind a confirmation) switches the placement, and the work check then applies the rule of direct employment', async () => {
    const tree = await companyTree(db(), companyId);
    const listOf = (id: string) => tree.find((s) => s.id === id)?.list;
    const intoConfirm = statusMoves(tree).find((m) => m.list === 'kakunin' && m.kind === 'forward' && listOf(m.from) === 'candidate')!;
    const shift = await newShift(LUNCH, 13, '10:30', '14:00');
    const app = await db()
      .insertInto('applications')
      .values({
        job_id: shift.jobId,
        shift_id: shift.shiftId,
        candidate_id: await userId(t, 'ssw@demo.test'),
        company_id: companyId,
        client_id: shift.clientId,
        message: '',
        candidate_status_id: intoConfirm.from,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = `/admin/candidate/${app.id}`;
    const token = await t.tokenOf('company_admin');
    const page = async (lang: string) => text(await (await fetch(`${t.url}${path}`, { headers: { cookie: `token=${token}; lang=${lang}` } })).text());
    const move = (lang: string) => t.gql(MOVE_APPLICANT, { ids: [app.id], to: intoConfirm.to }, { as: 'company_admin', headers: { 'accept-language': lang } });

    // By dispatch, the platform's default: the page says so and offers direct employment, asking first.
    const before = await page('en');
    expect(before).toContain('Dispatch (employed by us, working at the client)');
    expect(before).toContain('data-confirm="Record this placement as direct employment by the client? The work checks will apply the rules for direct employment."');
    expect(await page('ja')).toContain('派遣（当社が雇用し、派遣先で就業）');
    // A 特定技能 外食業 worker on the restaurant's job by dispatch: refused, in both languages.
    const refusedEn = dataOf(await move('en')).moveApplicant;
    expect(refusedEn.moved).toEqual([]);
    expect(refusedEn.refused[0].message).toBe(
      'A person with the residence status "Specified Skilled Worker (i)" may be placed through dispatch only in agriculture and fisheries (this job\'s field: Food service).',
    );
    expect(dataOf(await move('ja')).moveApplicant.refused[0].message).toBe('在留資格「特定技能1号」の人を派遣で配置できるのは農業と漁業の分野だけです（この仕事の分野：外食業）。');

    // Staff press the page's own button, as the browser posts it.
    const pressed = await pressButton(t, { who: 'company_admin', cookie: `token=${token}; lang=en` }, path, 'dispatch');
    expect(pressed.status).toBe(303);
    expect(pressed.location).toBe(`${path}?placement=1#placement`);
    expect((await db().selectFrom('applications').select('dispatch').where('id', '=', app.id).executeTakeFirstOrThrow()).dispatch).toBe(false);
    const after = text(await (await fetch(`${t.url}${pressed.location}`, { headers: { cookie: `token=${token}; lang=en` } })).text());
    expect(after).toContain('How the person is placed was recorded.');
    expect(after).toContain('Direct employment by the client');
    expect(after).toContain('Record as dispatch');
    expect(await page('ja')).toContain('直接雇用（派遣先が雇用）');

    // Employed directly by the restaurant in her own field: the same move now goes through, and the answer is fixed.
    expect(dataOf(await move('en')).moveApplicant.moved).toEqual([app.id]);
    const working = await page('en');
    expect(working).toContain('It cannot change while the application is in a confirmation or attendance status.');
    expect(working).not.toContain('value="dispatch:');
  });
});

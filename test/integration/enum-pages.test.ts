import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApp, type TestApp } from '../helpers/app.ts';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { clientOf, enumId, rowCount, userId } from '../helpers/demo-data.ts';
import { dailyJobForm } from '../helpers/job-pages.ts';
import { postForm } from '../helpers/pages.ts';
import { firstCode } from '../helpers/graphql.ts';
import { placementFactsOf } from '../../server/modules/workforce/placement-facts.ts';
import { SSW_FIELDS } from '../../server/modules/workforce/work-limits.ts';

let t: TestApp;
let superadmin: string;
let company: string;
beforeAll(async () => {
  t = await startTestApp();
  [superadmin, company] = await Promise.all([t.tokenOf('superadmin'), t.tokenOf('company_admin')]);
});
afterAll(async () => t?.close());

const page = (path: string, token: string, lang = 'ja') => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { cookie: `token=${token}; lang=${lang}` } });
const post = (path: string, token: string, body: Record<string, string>, lang = 'ja') =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `token=${token}; lang=${lang}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });

/** The value of `column` that most rows of `table` hold. */
async function mostUsed(table: string, column: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`select ${sql.ref(column)} as id from ${sql.table(table)} where ${sql.ref(column)} is not null group by 1 order by count(*) desc limit 1`.execute(
    t.database.db,
  );
  return rows[0]!.id;
}

/** The fields a value's delete form sends, as drawn (its hidden type and id, and the button's action). */
async function deleteFormOf(path: string, key: string): Promise<Record<string, string>> {
  const $ = cheerio.load(await (await page(path, superadmin, 'en')).text());
  const id = key.slice('delete-'.length);
  const form = $('form')
    .filter((_, f) => $(f).find(`input[name="id"][value="${id}"]`).length > 0 && $(f).find('button[value="delete"]').length > 0)
    .first();
  if (!form.length) throw new Error(`${path} draws no delete form for ${id}`);
  return {
    ...Object.fromEntries(
      form
        .find('input[type="hidden"]')
        .toArray()
        .map((i) => [i.attribs.name!, i.attribs.value ?? '']),
    ),
    _action: 'delete',
  };
}

describe('/admin/templates/enumuservalue (200015)', () => {
  it('lists the person-related enumerations and the visa types', async () => {
    const res = await page('/admin/templates/enumuservalue', superadmin);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of ['性別', '日本語の読み', 'N1レベル', 'JLPT N1 level', '在留資格', '特定技能1号', '技術・人文知識・国際業務']) expect(html).toContain(text);
    expect(html).not.toContain('給与形態');
  });

  it('adds a read-skill value that the enum query then returns with its derived fields', async () => {
    const res = await post('/admin/templates/enumuservalue', superadmin, { _action: 'create', type: '16', ja: 'ビジネスレベル', en: 'Business level' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/templates/enumuservalue?done=create&in=16#type-16');
    const added = (await t.gql('{ enums { readSkills { id value name label enName } } }')).data.enums.readSkills.find((e: { name: string }) => e.name === 'ビジネスレベル');
    expect(added).toMatchObject({ label: 'ビジネスレベル', enName: 'Business level' });
    expect(added.value).toBe(added.id);
    // Said in the section the value was added to, where the page opens.
    const html = await (await page('/admin/templates/enumuservalue?done=create&in=16', superadmin)).text();
    expect(html).toMatch(/<section id="type-16" class="card"><h2>[^<]*<\/h2><p class="notice" role="status">登録しました。<\/p>/);
  });

  it('keeps what was typed and shows the error beside the field, in the page language', async () => {
    const res = await post('/admin/templates/enumuservalue', superadmin, { _action: 'create', type: '8', ja: '', en: 'Non-binary' }, 'en');
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('This field is required.');
    expect(html).toContain('value="Non-binary"');
  });

  it('refuses a second value of the same name in a list, beside the word that is taken, and keeps what was typed', async () => {
    const visa = await t.database.db.selectFrom('visa_types').select(['id', 'ja', 'en']).orderBy('id').executeTakeFirstOrThrow();
    const before = await t.database.db.selectFrom('visa_types').select('id').execute();
    const res = await post('/admin/templates/enumuservalue', superadmin, { _action: 'create', type: 'visa', ja: `${visa.ja} `, en: 'A new status' }, 'en');
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('This list already has a value with this name.');
    expect(html).toContain('value="A new status"');
    expect(await t.database.db.selectFrom('visa_types').select('id').execute()).toHaveLength(before.length);
    // The English word, whatever its case, in Japanese; a job list's value alike.
    const ja = await post('/admin/templates/enumuservalue', superadmin, { _action: 'create', type: 'visa', ja: '新しい在留資格', en: visa.en.toUpperCase() });
    expect(ja.status).toBe(422);
    expect(await ja.text()).toContain('この一覧に同じ名前の値が既にあります。');
    const payType = await t.database.db
      .selectFrom('job_enums as e')
      .innerJoin('job_enum_translations as t', 't.enum_id', 'e.id')
      .select(['e.id', 't.value'])
      .where('e.type', '=', 18)
      .where('t.language_key', '=', 'ja')
      .orderBy('e.id')
      .execute();
    const taken = await post('/admin/templates/enumjobvalue', superadmin, { _action: 'update', type: '18', id: String(payType[1]!.id), ja: payType[0]!.value, en: 'Other' }, 'en');
    expect(taken.status).toBe(422);
    // A value keeps its own name when it is saved again.
    const own = await post('/admin/templates/enumuservalue', superadmin, { _action: 'update', type: 'visa', id: String(visa.id), ja: visa.ja, en: visa.en });
    expect(own.status).toBe(303);
  });

  it('edits and deletes a visa type', async () => {
    const created = await post('/admin/templates/enumuservalue', superadmin, { _action: 'create', type: 'visa', ja: '高度専門職', en: 'Highly Skilled Professional' });
    expect(created.status).toBe(303);
    const row = await t.database.db.selectFrom('visa_types').select('id').where('ja', '=', '高度専門職').executeTakeFirstOrThrow();
    const edited = await post('/admin/templates/enumuservalue', superadmin, { _action: 'update', type: 'visa', id: String(row.id), ja: '高度専門職1号', en: 'Highly Skilled Professional (i)' });
    expect(edited.status).toBe(303);
    expect(await (await page('/admin/templates/enumuservalue', superadmin)).text()).toContain('高度専門職1号');
    const deleted = await post('/admin/templates/enumuservalue', superadmin, { _action: 'delete', type: 'visa', id: String(row.id) });
    expect(deleted.status).toBe(303);
    expect(await t.database.db.selectFrom('visa_types').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses to delete a residence status people and jobs use, says where beside it, and everyone keeps it', async () => {
    const db = t.database.db;
    // The status most candidates hold, and a job that takes it.
    const visaId = await mostUsed('candidate_profiles', 'visa_type_id');
    const holders = await rowCount(t, 'candidate_profiles', { visa_type_id: String(visaId) });
    const jobs = Number((await sql<{ n: string }>`select count(*) as n from jobs where ${visaId} = any(visa_type_ids)`.execute(db)).rows[0]!.n);
    expect(holders).toBeGreaterThan(0);
    const form = await deleteFormOf('/admin/templates/enumuservalue', `delete-${visaId}`);
    const res = await post('/admin/templates/enumuservalue', superadmin, form, 'en');
    expect(res.status).toBe(409);
    const $ = cheerio.load(await res.text());
    // Beside the value's own delete button.
    const said = $(`form:has(input[name="id"][value="${visaId}"]):has(button[value="delete"]) + .field-error`).text();
    expect(said).toContain('This value is in use');
    expect(said).toContain(`candidates' profiles: ${holders}`);
    if (jobs) expect(said).toContain(`jobs: ${jobs}`);
    expect(await t.database.db.selectFrom('visa_types').select('id').where('id', '=', visaId).executeTakeFirst()).toBeDefined();
    expect(await rowCount(t, 'candidate_profiles', { visa_type_id: String(visaId) })).toBe(holders);
    // In Japanese too.
    const ja = await (await post('/admin/templates/enumuservalue', superadmin, form, 'ja')).text();
    expect(ja).toContain('この値は使われているため削除できません');
    expect(ja).toContain(`応募者のプロフィール ${holders}件`);
  });

  it('is refused to a company admin in the page and in the API', async () => {
    expect((await page('/admin/templates/enumuservalue', company)).status).toBe(302);
    const res = await post('/admin/templates/enumuservalue', company, { _action: 'create', type: '8', ja: '不正', en: 'Forbidden' });
    expect(res.status).toBe(403);
    expect(await t.database.db.selectFrom('job_enum_translations').select('value').where('value', '=', '不正').executeTakeFirst()).toBeUndefined();
  });
});

describe('/admin/templates/enumjobvalue (200014)', () => {
  it('edits the job-related enumerations only', async () => {
    const html = await (await page('/admin/templates/enumjobvalue', superadmin)).text();
    for (const text of ['職種', '残業', '勤務日数', '給与形態', '時給']) expect(html).toContain(text);
    expect(html).not.toContain('在留資格');
    // A person-related type cannot be edited through the job page's permission.
    const row = await t.database.db.selectFrom('job_enums').select('id').where('type', '=', 18).orderBy('id').executeTakeFirstOrThrow();
    const res = await post('/admin/templates/enumjobvalue', superadmin, { _action: 'update', type: '18', id: String(row.id), ja: '時間給', en: 'Per hour' });
    expect(res.status).toBe(303);
    expect(await (await page('/admin/templates/enumjobvalue', superadmin)).text()).toContain('時間給');
  });
});

describe('deleting a job value that jobs use', () => {
  it('is refused with the number of jobs that use it, in the page and in the API, and the jobs keep it', async () => {
    const id = await mostUsed('jobs', 'job_type_id');
    const n = await rowCount(t, 'jobs', { job_type_id: String(id) });
    const form = await deleteFormOf('/admin/templates/enumjobvalue', `delete-${id}`);
    const html = await (await post('/admin/templates/enumjobvalue', superadmin, form, 'en')).text();
    expect(html).toContain(`This value is in use (jobs: ${n})`);
    expect(firstCode(await t.gql(`mutation { deleteJobEnum(id: ${id}) }`, {}, superadmin))).toBe('CONFLICT');
    expect(await rowCount(t, 'jobs', { job_type_id: String(id) })).toBe(n);
  });

  it('deletes a value nothing uses', async () => {
    const created = await post('/admin/templates/enumjobvalue', superadmin, { _action: 'create', type: '11', ja: '使わない残業区分', en: 'An unused overtime value' });
    expect(created.status).toBe(303);
    const id = await enumId(t, 11, '使わない残業区分');
    const res = await post('/admin/templates/enumjobvalue', superadmin, await deleteFormOf('/admin/templates/enumjobvalue', `delete-${id}`));
    expect(res.status).toBe(303);
    expect(await rowCount(t, 'job_enums', { id })).toBe(0);
  });
});

describe('a job type’s defaults for its jobs (特定技能 field, simple manual work) on /admin/templates/enumjobvalue', () => {
  it('shows each job type’s defaults, the field as a choice of the fields the job form knows', async () => {
    const html = await (await page('/admin/templates/enumjobvalue', superadmin)).text();
    expect(html).toContain('特定技能の分野（既定）');
    for (const [ja] of SSW_FIELDS) expect(html).toContain(`<option value="${ja}">`);
    // 飲食・フード ships as 外食業 and simple work: its row's selects hold both.
    const food = await enumId(t, 1, '飲食・フード');
    expect(html).toMatch(new RegExp(`<select form="f-1-${food}" name="sswField"[^>]*>(?:(?!</select>).)*<option value="外食業" selected="">`, 's'));
    expect(html).toMatch(new RegExp(`<select form="f-1-${food}" name="simpleLabour"[^>]*>(?:(?!</select>).)*<option value="true" selected="">`, 's'));
  });

  it('saving a job type’s defaults changes the field and the simple-work answer a new job of that type gets', async () => {
    const event = await enumId(t, 1, 'イベント');
    const saved = await postForm(t, '/admin/templates/enumjobvalue', superadmin, { _action: 'update', type: '1', id: event, ja: 'イベント', en: 'Events', sswField: '宿泊', simpleLabour: 'true' });
    expect(saved.status).toBe(303);
    const client = await clientOf(t, DEMO.client_admin);
    // A new job of that type whose form leaves both blank, as the company posts it.
    // (The hourly pay type was renamed above: a daily wage.)
    const form = await dailyJobForm(t, client, '展示会の設営（既定の確認）', { ssw_field: '', simple_labour: '', pay_type_id: await enumId(t, 18, '日給') });
    expect((await postForm(t, '/v3/admin/jobs/add', company, form)).status).toBe(303);
    const job = await t.database.db.selectFrom('jobs').select(['id', 'ssw_field', 'simple_labour']).where('title_ja', '=', '展示会の設営（既定の確認）').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ ssw_field: null, simple_labour: null });
    const person = await userId(t, 'engineer@demo.test');
    expect(await placementFactsOf(t.database.db, { candidateId: person, jobId: job.id })).toMatchObject({ jobField: '宿泊', simpleLabour: true });
    // Cleared again: the job has neither default any more.
    expect((await postForm(t, '/admin/templates/enumjobvalue', superadmin, { _action: 'update', type: '1', id: event, ja: 'イベント', en: 'Events', sswField: '', simpleLabour: '' })).status).toBe(
      303,
    );
    expect(await placementFactsOf(t.database.db, { candidateId: person, jobId: job.id })).toMatchObject({ jobField: null, simpleLabour: false });
  });

  it('a field the form does not offer is refused beside it, in both languages; a default on another type is refused', async () => {
    const event = await enumId(t, 1, 'イベント');
    for (const [lang, text] of [
      ['ja', '選択肢から選んでください。'],
      ['en', 'Choose one of the options.'],
    ] as const) {
      const res = await post('/admin/templates/enumjobvalue', superadmin, { _action: 'update', type: '1', id: event, ja: 'イベント', en: 'Events', sswField: '倉庫', simpleLabour: 'maybe' }, lang);
      expect(res.status).toBe(422);
      expect((await res.text()).match(new RegExp(text, 'g'))?.length).toBe(2);
    }
    const payType = await enumId(t, 18, '日給');
    const r = await t.gql('mutation($id: Int!) { updateJobEnum(id: $id, input: { ja: "日給", en: "Daily", sswField: "外食業" }) { id } }', { id: Number(payType) }, superadmin);
    expect(firstCode(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0]!.extensions!.fields).toEqual({ sswField: '分野と単純作業の既定は職種にだけ設定できます。' });
  });

  it('a company admin and a role without 200014 cannot change them', async () => {
    const event = await enumId(t, 1, 'イベント');
    const res = await postForm(t, '/admin/templates/enumjobvalue', company, { _action: 'update', type: '1', id: event, ja: 'イベント', en: 'Events', sswField: '農業', simpleLabour: 'false' });
    expect(res.status).toBe(403);
    const r = await t.gql('mutation($id: Int!) { updateJobEnum(id: $id, input: { ja: "イベント", en: "Events", sswField: "農業" }) { id } }', { id: Number(event) }, company);
    expect(firstCode(r)).toBe('FORBIDDEN');
    expect(await t.database.db.selectFrom('job_enums').select('ssw_field').where('id', '=', Number(event)).executeTakeFirstOrThrow()).toEqual({ ssw_field: null });
  });
});

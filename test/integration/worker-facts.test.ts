/**
 * Staff complete a person's facts on the worker record (/admin/worker?id=<userId>): birth date,
 * katakana name (half-width folded to full-width), sex and address, posted as a browser sends the
 * form, audited; bad katakana and a birth date in the future are refused beside their fields in both
 * languages; another company and a role without the record's code are refused; and the age rules read
 * the new birth date (a 17-year-old is refused a night shift, 労働基準法第61条).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { ASSIGN_SHIFT, firstCode } from '../helpers/graphql.ts';
import { getPage, text } from '../helpers/pages.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';
import { withoutCodes } from '../helpers/roles.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';

const t = appForFile();
let tran: string;
let companyId: string;
const db = () => t.database.db;
const EDIT = 'mutation($id: ID!, $i: PersonFactsInput!) { editWorkerFacts(id: $id, input: $i) { id birthDate nameKana } }';
const facts = () => db().selectFrom('candidate_profiles').select(['birth_date', 'name_kana', 'sex', 'address']).where('user_id', '=', tran).executeTakeFirstOrThrow();

beforeAll(async () => {
  tran = await userId(t, 'worker1@demo.test');
  companyId = await companyOf(t, 'company@demo.test');
});

const path = () => `/admin/worker?id=${tran}`;
/** The record's facts form as drawn, with `fields` typed over it and its button pressed, in the reader's language (the `lang` cookie). */
const post = async (fields: Record<string, string>, lang: 'ja' | 'en' = 'ja') => {
  const answer = await pressButton(t, await sessionOf(t, 'company_admin', lang), path(), 'editFacts', fields);
  return { status: answer.status, location: answer.location, html: text(answer.html) };
};

describe('staff edit a person’s facts on the worker record', () => {
  it('saves what the form posts, half-width katakana as full-width, with an audit entry of who changed what', async () => {
    const page = await getPage(t, path(), await t.tokenOf('company_admin'));
    expect(page.html).toContain('name="nameKana"');
    const answer = await post({ birthDate: '1998-04-03', nameKana: 'ﾁｬﾝ ﾏｲ', sex: 'female', address: '大阪府大阪市北区1-2-3' });
    expect(answer.status).toBe(303);
    expect(answer.location).toContain('facts=saved');
    expect(await facts()).toEqual({ birth_date: '1998-04-03', name_kana: 'チャン マイ', sex: 'female', address: '大阪府大阪市北区1-2-3' });
    const shown = await getPage(t, answer.location!, await t.tokenOf('company_admin'));
    expect(shown.html).toContain('チャン マイ');
    expect(shown.html).toContain('保存しました');
    const entry = await db()
      .selectFrom('audit_log')
      .select(['actor_name', 'changes', 'company_id'])
      .where('entity', '=', 'candidate_profile')
      .where('entity_id', '=', tran)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.company_id).toBe(companyId);
    expect(entry.actor_name).not.toBe('');
    expect(entry.changes.name_kana).toEqual({ from: 'チャン ティ マイ', to: 'チャン マイ' });
    expect(entry.changes.address).toMatchObject({ to: '大阪府大阪市北区1-2-3' });
  });

  it('refuses latin letters for the katakana name and a birth date in the future, beside the fields, in Japanese and English', async () => {
    const before = await facts();
    const bad = { birthDate: addDays(todayInJapan(), 3), nameKana: 'Tran Mai', sex: '', address: '' };
    const ja = await post(bad, 'ja');
    expect(ja.status).toBe(422);
    expect(ja.html).toContain('氏名は全角カタカナで入力してください');
    expect(ja.html).toContain('生年月日を正しく入力してください');
    const en = await post(bad, 'en');
    expect(en.status).toBe(422);
    // Staff read about the worker, not about themselves (the same check serves the candidate's registration).
    expect(en.html).toContain('Enter the name in full-width katakana');
    expect(en.html).toContain('Enter the date of birth (a day before today).');
    expect(en.html).not.toContain('Enter your');
    expect(await facts()).toEqual(before);
  });

  it('refuses another company and a role without the worker record’s code', async () => {
    const input = { birthDate: '1990-01-01', nameKana: 'タロウ', sex: 'male', address: 'x' };
    expect(firstCode(await t.gql(EDIT, { id: tran, i: input }, { as: 'company2' }))).toBe('NOT_FOUND');
    await withoutCodes(t, [160001], 'company_admin', async () => {
      expect(firstCode(await t.gql(EDIT, { id: tran, i: input }, { as: 'company_admin' }))).toBe('FORBIDDEN');
    });
    expect((await facts()).name_kana).not.toBe('タロウ');
  });

  it('the age rules read the new birth date: made 17, the person is refused a night shift with reason age', async () => {
    const today = todayInJapan();
    const seventeen = addDays(`${Number(today.slice(0, 4)) - 17}${today.slice(4)}`, -30);
    const saved = await post({ birthDate: seventeen, nameKana: 'チャン ティ マイ', sex: 'female', address: '' });
    expect(saved.status).toBe(303);
    const job = await db().selectFrom('jobs').select(['id']).where('company_id', '=', companyId).where('title_en', '=', 'Warehouse picking (daily pay)').executeTakeFirstOrThrow();
    const shift = await db()
      .insertInto('job_daily_shifts')
      .values({ job_id: job.id, date: addDays(today, 4), start_time: '18:07', end_time: '23:00', break_minutes: 0, capacity: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await t.gql(ASSIGN_SHIFT, { s: shift.id, e: 'worker1@demo.test' }, { as: 'company_admin' });
    expect(firstCode(answer)).toBe('FORBIDDEN');
    expect(answer.errors![0]!.extensions!.reason).toBe('age');
  });
});

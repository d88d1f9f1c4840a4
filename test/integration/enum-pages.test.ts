import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

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
    expect(res.headers.get('location')).toBe('/admin/templates/enumuservalue?saved=1#type-16');
    const added = (await t.gql('{ enums { readSkills { id value name label enName } } }')).data.enums.readSkills.find((e: { name: string }) => e.name === 'ビジネスレベル');
    expect(added).toMatchObject({ label: 'ビジネスレベル', enName: 'Business level' });
    expect(added.value).toBe(added.id);
    expect(await (await page('/admin/templates/enumuservalue?saved=1', superadmin)).text()).toContain('保存しました。');
  });

  it('keeps what was typed and shows the error beside the field, in the page language', async () => {
    const res = await post('/admin/templates/enumuservalue', superadmin, { _action: 'create', type: '8', ja: '', en: 'Non-binary' }, 'en');
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('This field is required.');
    expect(html).toContain('value="Non-binary"');
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

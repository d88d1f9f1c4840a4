/**
 * The staff registry at /admin/staff (code 150001) over real HTTP: tenancy, the visa
 * filters users ask for (visa type, "expires within 60 days"), choices from the enumeration
 * tables, languages as several choices, and the identity documents on the record page.
 */
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPage, pagesAs } from '../helpers/pages.ts';
import { appForFile, DEMO } from '../helpers/app.ts';
import { auditCount, companyOf, enumId, tokyoDay, visaId } from '../helpers/demo-data.ts';
import { grantPageCode } from '../helpers/roles.ts';

const t = appForFile();
// By default only platform roles hold 150001 (DESIGN §5); a superadmin grants it to company admins.
beforeAll(() => grantPageCode(t, '150001', 'company_admin'));

const { get, post } = pagesAs(t);

const db = () => t.database.db;

describe('GET /admin/staff', () => {
  it('shows a company its own registry only, and the platform everyone', async () => {
    const c1 = await companyOf(t, DEMO.company_admin);
    const all = await db().selectFrom('staff').select(['name', 'company_id']).execute();
    expect(all.length).toBeGreaterThanOrEqual(8);
    const mine = all.filter((s) => s.company_id === c1);
    const theirs = all.filter((s) => s.company_id !== c1);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);

    const page = await get('/admin/staff', 'company_admin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>スタッフ管理 | Tsunagu</title>');
    for (const s of mine) expect(page.html).toContain(s.name);
    for (const s of theirs) expect(page.html).not.toContain(s.name);
    // The company column is the platform's only.
    expect(page.html).not.toContain('登録した派遣会社');

    const platform = await get('/admin/staff?size=50', 'superadmin');
    for (const s of all) expect(platform.html).toContain(s.name);
    expect(platform.html).toContain('登録した派遣会社');
  });

  it('filters by visa type', async () => {
    const tokutei = Number(await visaId(t, '特定技能1号'));
    const page = await get(`/admin/staff?f_visa_type_id=${tokutei}&size=50`, 'superadmin');
    const expected = await db().selectFrom('staff').select('name').where('visa_type_id', '=', tokutei).execute();
    const others = await db().selectFrom('staff').select('name').where('visa_type_id', '!=', tokutei).execute();
    expect(expected.length).toBeGreaterThanOrEqual(2);
    for (const s of expected) expect(page.html).toContain(s.name);
    for (const s of others) expect(page.html).not.toContain(s.name);
    expect(page.html).toMatch(new RegExp(`<option value="${tokutei}" selected="">特定技能1号</option>`));
  });

  it('lists the countries of the nationality filter and form in the alphabetical order of the reader', async () => {
    const names = async (path: string, lang: 'ja' | 'en', select: string) => {
      const $ = cheerio.load((await getPage(t, path, await t.tokenOf('company_admin'), lang)).html);
      // The choices, without the empty one ("All", "—").
      return $(select)
        .find('option[value!=""]')
        .map((_, o) => $(o).text())
        .get();
    };
    for (const [path, select] of [
      ['/admin/staff', 'select[name="f_nationality"]'],
      ['/admin/staff?new=1', 'select[name="nationality"]'],
    ] as const) {
      const en = await names(path, 'en', select);
      // Afghanistan, Åland Islands, Albania, … Zimbabwe, then Other, where people look for it.
      expect(en.slice(0, 3), path).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
      expect(en.slice(-2), path).toEqual(['Zimbabwe', 'Other']);
      expect(en.indexOf('Brazil')).toBeLessThan(en.indexOf('Vietnam'));
      const ja = await names(path, 'ja', select);
      expect(ja.at(-1), path).toBe('その他');
      // In Japanese the katakana names come in the order of the syllabary: アイスランド before ベトナム.
      expect(ja.indexOf('アイスランド')).toBeLessThan(ja.indexOf('ベトナム'));
      expect(ja.indexOf('アイスランド')).toBeLessThan(5);
      expect(ja).toHaveLength(en.length);
    }
  });

  it('finds a staff member by the name of their country, as people type it', async () => {
    const nepali = await db().selectFrom('staff').select('name').where('nationality', '=', 'NP').execute();
    const others = await db().selectFrom('staff').select('name').where('nationality', '!=', 'NP').execute();
    expect(nepali.length).toBeGreaterThan(0);
    for (const words of ['nepal', 'ネパール']) {
      const page = await get(`/admin/staff?q=${encodeURIComponent(words)}&size=50`, 'superadmin');
      for (const s of nepali) expect(page.html, words).toContain(s.name);
      for (const s of others) expect(page.html, words).not.toContain(s.name);
    }
  });

  it('filters the residence cards that expire within 60 days', async () => {
    const soon = await db().selectFrom('staff').select(['name', 'company_id', 'visa_expiry']).where('visa_expiry', '>=', tokyoDay(0)).where('visa_expiry', '<=', tokyoDay(60)).execute();
    const later = await db().selectFrom('staff').select('name').where('visa_expiry', '>', tokyoDay(60)).execute();
    expect(soon.length).toBeGreaterThanOrEqual(3);
    expect(later.length).toBeGreaterThan(0);
    const page = await get('/admin/staff?f_visa_expiry=next60&size=50', 'superadmin');
    expect(page.html).toContain('<option value="next60" selected="">60日以内</option>');
    for (const s of soon) expect(page.html).toContain(s.name);
    for (const s of later) expect(page.html).not.toContain(s.name);

    // The same filter for a company: its own people only.
    const c1 = await companyOf(t, DEMO.company_admin);
    const mine = await get('/admin/staff?f_visa_expiry=next60', 'company_admin');
    for (const s of soon) {
      if (s.company_id === c1) expect(mine.html).toContain(s.name);
      else expect(mine.html).not.toContain(s.name);
    }

    // And through the API.
    const body = await t.gql('{ staff(size: 200, filter: { visa_expiry: "next60" }, sort: "visa_expiry") { total rows { name visa_expiry languages } } }', {}, { as: 'superadmin' });
    expect(body.data.staff.total).toBe(soon.length);
    expect(body.data.staff.rows.map((r: { visa_expiry: string }) => r.visa_expiry)).toEqual([...soon.map((s) => s.visa_expiry!)].sort());
    expect(Array.isArray(body.data.staff.rows[0]!.languages)).toBe(true);
  });

  it('exports the filtered list as CSV with the choices in words', async () => {
    const csv = await get('/admin/staff?f_visa_expiry=next60&format=csv', 'company_admin');
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.html).toContain('在留資格');
    expect(csv.html).toMatch(/ベトナム語|ネパール語/);
  });

  it('is not for clients (404, no fallback), and another company’s person is not found', async () => {
    expect((await get('/admin/staff', 'client_admin')).status).toBe(302);
    const c1Person = await db()
      .selectFrom('staff')
      .select('id')
      .where('company_id', '=', await companyOf(t, DEMO.company_admin))
      .executeTakeFirstOrThrow();
    expect((await get(`/admin/staff?id=${c1Person.id}`, 'company2')).status).toBe(404);
    const before = await db().selectFrom('staff').selectAll().where('id', '=', c1Person.id).executeTakeFirstOrThrow();
    expect((await post(`/admin/staff?id=${c1Person.id}`, 'company2', { _action: 'save', name: 'HIJACK', nationality: 'VN' })).status).toBe(404);
    expect((await post(`/admin/staff?id=${c1Person.id}`, 'company2', { _action: 'addChild', _child: 'staffDocument', 'staffDocument.kind': 'passport' })).status).toBe(404);
    expect(await db().selectFrom('staff').selectAll().where('id', '=', c1Person.id).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('registering a staff member', () => {
  let id: string;

  it('offers the enumeration tables’ choices: gender, reading skill, visa types and languages', async () => {
    const form = await get('/admin/staff?new=1', 'company_admin');
    expect(form.status).toBe(200);
    expect(form.html).toContain(`<option value="${await enumId(t, 8, '女性')}">女性</option>`);
    expect(form.html).toContain(`<option value="${await enumId(t, 16, 'N3レベル')}">N3レベル</option>`);
    expect(form.html).toContain(`<option value="${await visaId(t, '家族滞在')}">家族滞在</option>`);
    expect(form.html).toMatch(/<input type="checkbox" name="languages" value="vi"\/> ベトナム語/);
    // A value added in the database (as by another process) is a choice as soon as its NOTIFY arrives.
    await db()
      .transaction()
      .execute(async (trx) => {
        const { id: e } = await trx.insertInto('job_enums').values({ type: 8, sort: 99 }).returning('id').executeTakeFirstOrThrow();
        await trx
          .insertInto('job_enum_translations')
          .values([
            { enum_id: e, language_key: 'ja', value: 'ノンバイナリー' },
            { enum_id: e, language_key: 'en', value: 'Non-binary' },
          ])
          .execute();
      });
    await expect.poll(async () => (await get('/admin/staff?new=1', 'company_admin')).html.includes('ノンバイナリー'), { timeout: 5_000 }).toBe(true);
  });

  it('saves the person to the caller’s company with several languages, and shows the record with its history', async () => {
    const res = await post('/admin/staff?new=1', 'company_admin', {
      _action: 'save',
      name: 'RAI SUMAN',
      name_kana: 'ライ スマン',
      nationality: 'NP',
      birth_date: '2001-03-08',
      gender: String(await enumId(t, 8, '男性')),
      visa_type_id: String(await visaId(t, '留学')),
      visa_expiry: tokyoDay(30),
      read_skill: String(await enumId(t, 16, 'N4レベル')),
      languages: ['ne', 'ja', 'en'],
      email: 'suman.rai@staff.test',
      phone: '080-1111-2222',
      address: '東京都豊島区高田3-1-1',
      notes: '週28時間まで。',
      company_id: await companyOf(t, DEMO.company2),
    });
    expect(res.status, res.html.slice(0, 300)).toBe(303);
    const row = await db().selectFrom('staff').selectAll().where('name', '=', 'RAI SUMAN').executeTakeFirstOrThrow();
    id = row.id;
    expect(row).toMatchObject({ company_id: await companyOf(t, DEMO.company_admin), languages: ['ne', 'ja', 'en'], visa_expiry: tokyoDay(30), birth_date: '2001-03-08' });
    expect(res.location).toBe(`/admin/staff?id=${id}&created=1`);

    const page = await get(res.location!, 'company_admin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('スタッフ: RAI SUMAN');
    expect(page.html).toMatch(/<input type="checkbox" name="languages" checked="" value="ne"\/> ネパール語/);
    expect(page.html).toMatch(/<input type="checkbox" name="languages" value="vi"\/> ベトナム語/);
    expect(page.html).toContain('話せる言語: ネパール語、日本語、英語');
    expect(page.html).toContain('本人確認書類');

    // It is in the "within 60 days" list now.
    expect((await get('/admin/staff?f_visa_expiry=next60', 'company_admin')).html).toContain('RAI SUMAN');
    expect((await get('/admin/staff?f_languages=ne', 'company_admin')).html).toContain('RAI SUMAN');
    expect((await get('/admin/staff?f_languages=pt', 'company_admin')).html).not.toContain('RAI SUMAN');
  });

  it('refuses a choice that is not in the tables, and a malformed date, beside the fields', async () => {
    const malformed = await post(`/admin/staff?id=${id}`, 'company_admin', { _action: 'save', name: 'RAI SUMAN', nationality: 'XX', visa_expiry: '2026-02-31x' });
    expect(malformed.status).toBe(422);
    for (const field of ['nationality', 'visa_expiry']) expect(malformed.html, field).toMatch(new RegExp(`id="${field}-error"`));
    // Choices loaded from the tables are checked once the values are well-formed.
    const unknown = await post(`/admin/staff?id=${id}`, 'company_admin', { _action: 'save', name: 'RAI SUMAN', nationality: 'NP', gender: '999999', languages: ['ne', 'klingon'] });
    expect(unknown.status).toBe(422);
    for (const field of ['gender', 'languages']) expect(unknown.html, field).toMatch(new RegExp(`id="${field}-error">選択肢から選んでください。`));
    expect((await db().selectFrom('staff').select('languages').where('id', '=', id).executeTakeFirstOrThrow()).languages).toEqual(['ne', 'ja', 'en']);
  });

  it('saving the form unchanged records no change', async () => {
    const row = await db().selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const count = () => auditCount(t, { entityId: id });
    const before = await count();
    const res = await post(`/admin/staff?id=${id}`, 'company_admin', {
      _action: 'save',
      name: row.name,
      name_kana: row.name_kana ?? '',
      nationality: row.nationality ?? '',
      birth_date: row.birth_date ?? '',
      gender: String(row.gender ?? ''),
      visa_type_id: String(row.visa_type_id ?? ''),
      visa_expiry: row.visa_expiry ?? '',
      read_skill: String(row.read_skill ?? ''),
      languages: row.languages,
      email: row.email ?? '',
      phone: row.phone ?? '',
      address: row.address ?? '',
      notes: row.notes,
    });
    expect(res.status).toBe(303);
    expect(await count()).toBe(before);
  });

  it('adds and removes identity documents on the record page, each in the record’s history', async () => {
    const bad = await post(`/admin/staff?id=${id}`, 'company_admin', { _action: 'addChild', _child: 'staffDocument', 'staffDocument.kind': 'residence_card', 'staffDocument.expires_on': 'someday' });
    expect(bad.status).toBe(422);
    expect(bad.html).toMatch(/<select id="staffDocument.kind" name="staffDocument.kind"[^>]*>/);
    expect(bad.html).toContain('value="someday"');

    const add = await post(`/admin/staff?id=${id}`, 'company_admin', {
      _action: 'addChild',
      _child: 'staffDocument',
      'staffDocument.kind': 'residence_card',
      'staffDocument.number': 'ST11112222NP',
      'staffDocument.expires_on': tokyoDay(30),
      'staffDocument.note': '表裏コピー受領',
    });
    expect(add.status, add.html.slice(0, 300)).toBe(303);
    expect(add.location).toBe(`/admin/staff?id=${id}&saved=1#child-staffDocument`);
    const docs = await db().selectFrom('staff_documents').selectAll().where('staff_id', '=', id).execute();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: 'residence_card', number: 'ST11112222NP', expires_on: tokyoDay(30), note: '表裏コピー受領' });

    const page = await get(`/admin/staff?id=${id}`, 'company_admin');
    expect(page.html).toContain('ST11112222NP');
    expect(page.html).toContain('本人確認書類: — → 在留カード');
    // Removing a document cannot be undone, so its button asks first, in the page's language (docs/ui.md "Buttons that ask first").
    const remove = cheerio.load(page.html)('#child-staffDocument button[value="deleteChild"]');
    expect(remove.attr('name')).toBe('_asking');
    expect(remove.attr('data-confirm')).toBe('本当に削除しますか？この操作は取り消せません。');

    // Another company cannot remove it.
    expect((await post(`/admin/staff?id=${id}`, 'company2', { _action: 'deleteChild', _child: 'staffDocument', _childId: docs[0]!.id })).status).toBe(404);
    const del = await post(`/admin/staff?id=${id}`, 'company_admin', { _action: 'deleteChild', _child: 'staffDocument', _childId: docs[0]!.id });
    expect(del.status).toBe(303);
    expect(await db().selectFrom('staff_documents').select('id').where('staff_id', '=', id).execute()).toEqual([]);
    expect((await get(`/admin/staff?id=${id}`, 'company_admin')).html).toContain('本人確認書類: 在留カード → —');
  });

  it('shows the seeded documents of a demo person', async () => {
    const person = await db().selectFrom('staff').select('id').where('name', '=', 'NGUYEN VAN MINH').executeTakeFirstOrThrow();
    const page = await get(`/admin/staff?id=${person.id}`, 'company_admin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('UH12345678EA');
    expect(page.html).toContain('パスポート');
  });

  it('company staff without the code are sent nowhere else: 404', async () => {
    expect((await get('/admin/staff', 'company_staff')).status).toBe(302);
  });
});

/**
 * The template pages under /admin/templates/ (SPEC §2, codes 200002–200013) over real HTTP: each
 * is one route serving the list, the ?new=1 form and the ?id=… record of its resource definition
 * (server/modules/templates/defs/templates.ts), with tenancy (DESIGN.md §5), the candidate-status tree's
 * cycle guard, the mail preview and the published terms and privacy texts of /terms and /policy.
 */
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplatesToCompany } from '../../server/modules/templates/copy.ts';
import { statusRoots } from '../../server/modules/templates/status-tree.ts';
import type { MailKey } from '../../server/modules/templates/mail.ts';
import { startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { insertTemplate } from '../helpers/demo-data.ts';
import { firstCode } from '../helpers/graphql.ts';
import { escapeHtml, formRequest, getPage, postForm } from '../helpers/pages.ts';

let t: TestApp;
let c1: string;
let c2: string;

beforeAll(async () => {
  t = await startTestApp();
  await Promise.all((['superadmin', 'company_admin', 'company_staff', 'company2'] as const).map((w) => t.tokenOf(w)));
  const companies = await t.database.db.selectFrom('users').select(['email', 'company_id']).where('email', 'in', ['company@demo.test', 'company2@demo.test']).execute();
  c1 = companies.find((c) => c.email === 'company@demo.test')!.company_id!;
  c2 = companies.find((c) => c.email === 'company2@demo.test')!.company_id!;
});
afterAll(async () => t?.close());

const cookie = async (who: DemoLogin, lang: 'ja' | 'en') => `token=${await t.tokenOf(who)}; lang=${lang}`;
const get = async (path: string, who: DemoLogin, lang: 'ja' | 'en' = 'ja') => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { cookie: await cookie(who, lang) } });
const html = async (path: string, who: DemoLogin, lang: 'ja' | 'en' = 'ja') => {
  const res = await get(path, who, lang);
  expect(res.status, `GET ${path} as ${who}`).toBe(200);
  return res.text();
};
/** Posts a resource form as its save button sends it, unless `body` names another action (`_action: 'delete'`). */
const post = async (path: string, who: DemoLogin, body: Record<string, string>, lang: 'ja' | 'en' = 'ja') =>
  fetch(`${t.url}${path}`, formRequest({ _action: 'save', ...body }, { cookie: await cookie(who, lang), origin: t.url }));
/** Creates through the form and returns the new record's id (from the redirect to its page). */
async function create(path: string, who: DemoLogin, body: Record<string, string>): Promise<string> {
  const res = await post(`${path}?new=1`, who, body);
  const location = res.headers.get('location') ?? '';
  expect(res.status, `${path} create: ${res.status === 422 ? await res.text() : location}`).toBe(303);
  const id = /[?&]id=([0-9a-f-]{36})/.exec(location)?.[1];
  expect(location.startsWith(`${path}?id=`)).toBe(true);
  expect(location).toContain('created=1');
  return id!;
}
const uniq = () => Math.random().toString(36).slice(2, 8);
/** The id of the mail template of `key` that a company (null: the platform) holds, if it holds one. */
const mailTemplateId = async (companyId: string | null, key: string) =>
  (
    await t.database.db
      .selectFrom('document_templates')
      .select('id')
      .where('kind', '=', 'mail')
      .where('key', '=', key)
      .where('company_id', companyId === null ? 'is' : '=', companyId)
      .executeTakeFirst()
  )?.id;
/** Deletes the template of `key` of the company `who` works for, as its user does: the record page's delete button. */
async function deleteMailTemplate(who: DemoLogin, key: MailKey) {
  const id = await mailTemplateId(who === 'company2' ? c2 : c1, key);
  if (!id) return;
  const res = await pressButton(t, await sessionOf(t, who), `/admin/templates/mail?id=${id}`, 'delete');
  expect(res.status, `${who} deletes the template of ${key}`).toBe(303);
}

interface Case {
  page: string;
  code: number;
  /** company: company-scoped rows; platform: platform-wide lists. */
  scope: 'company' | 'platform';
  /** Who works on the page in these tests (company@ where the company role holds the code). */
  user: DemoLogin;
  /** A logged-in role without the code (gets the 404 page). */
  denied: DemoLogin;
  /** Texts the seeded list shows. */
  seeded: string[];
  /** A valid form post; `label` is unique text that then shows in the list. */
  valid: (label: string) => Record<string, string>;
  /** A post with one bad value: the field, the messages in ja and en, and a typed value that must be kept. */
  bad: { body: Record<string, string>; field: string; ja: string; en: string; kept: string };
  /** Makes room for `valid` in the company `who` works for (mail: every company has a template of every mail). */
  makeRoom?: (who: DemoLogin) => Promise<void>;
}

const REQUIRED = { ja: '入力してください。', en: 'This field is required.' };
const KEY_FORMAT = { ja: '半角英小文字・数字・「_」「.」「-」で入力してください。', en: 'Use lower-case letters, digits, “_”, “.” and “-”.' };

const CASES: Case[] = [
  {
    page: 'jobstatus',
    code: 200002,
    scope: 'company',
    user: 'company_admin',
    denied: 'company_staff',
    seeded: ['募集中', '一時停止', '募集終了', '#2E7D32'],
    valid: (label) => ({ name_ja: `面接調整中${label}`, name_en: `Arranging ${label}`, color: '#336699', is_open: 'on', sort: '12' }),
    bad: {
      body: { name_ja: '選考中', name_en: 'Kept Screening', color: 'red', sort: '1' },
      field: 'color',
      ja: '形式が正しくありません。',
      en: 'This value is not in the right format.',
      kept: 'value="Kept Screening"',
    },
  },
  {
    page: 'candidateStatus',
    code: 200003,
    scope: 'company',
    user: 'company_admin',
    denied: 'company_staff',
    seeded: ['応募', '書類確認', '面接', '内定', '就業確認', '出勤', '不採用', '辞退', '応募 › 書類確認 › 面接'],
    valid: (label) => ({ name_ja: `適性検査${label}`, name_en: `Aptitude test ${label}`, parent_id: '', list: 'candidate', sort: '25' }),
    bad: {
      body: { name_ja: '保留の応募者', name_en: 'On hold', list: 'bogus', sort: '1' },
      field: 'list',
      ja: '選択肢から選んでください。',
      en: 'Choose one of the options.',
      kept: 'value="保留の応募者"',
    },
  },
  {
    page: 'chatbot',
    code: 200004,
    scope: 'company',
    user: 'company_admin',
    denied: 'company_staff',
    seeded: ['デイリー（スポット）求人サポート', '遅刻, 欠勤, late, absent'],
    valid: (label) => ({ step: '5', trigger: `持ち物${label}`, message_ja: `持ち物は軍手です。${label}`, message_en: `Bring work gloves. ${label}`, active: 'on' }),
    bad: {
      body: { step: '0', trigger: '', message_ja: '保持される本文', message_en: 'kept body' },
      field: 'step',
      ja: '1以上の値を入力してください。',
      en: 'Enter 1 or more.',
      kept: '保持される本文',
    },
  },
  {
    page: 'appsettings',
    code: 200005,
    scope: 'company',
    user: 'superadmin',
    denied: 'company_admin',
    seeded: ['support.email', 'support@tsunagu.example', 'shift.reminder_hours'],
    valid: (label) => ({ key: `test.${label}`, value: `value-${label}`, description: 'テスト / Test', company_id: '' }),
    bad: { body: { key: 'Bad Key', value: 'kept-value-123', description: '', company_id: '' }, field: 'key', ...KEY_FORMAT, kept: 'value="kept-value-123"' },
  },
  {
    page: 'otherchatbot',
    code: 200006,
    scope: 'company',
    user: 'company_admin',
    denied: 'company_staff',
    seeded: ['アルバイト求人サポート', '面接, interview'],
    valid: (label) => ({ step: '4', trigger: '', message_ja: `寮があります。${label}`, message_en: `Housing is available. ${label}`, active: 'on' }),
    bad: { body: { step: '2', trigger: 'kept-trigger', message_ja: '', message_en: 'Kept English' }, field: 'message_ja', ...REQUIRED, kept: 'value="kept-trigger"' },
  },
  {
    page: 'mail',
    code: 200007,
    scope: 'company',
    user: 'company_admin',
    denied: 'company_staff',
    seeded: ['password_reset', 'invitation', 'application_received', 'interview_scheduled', '【Tsunagu】パスワード再設定のご案内'],
    valid: (label) => ({ key: 'kakunin_request', subject_ja: `勤務の確認${label}`, subject_en: `Confirm your shift ${label}`, body_ja: '{{name}} 様', body_en: 'Dear {{name}}' }),
    bad: {
      body: { key: 'password_reset', subject_ja: '重複した件名', subject_en: 'Duplicate', body_ja: 'x', body_en: 'y' },
      field: 'key',
      ja: 'このキーのテンプレートは既にあります。',
      en: 'A template with this key already exists.',
      kept: 'value="重複した件名"',
    },
    makeRoom: (who) => deleteMailTemplate(who, 'kakunin_request'),
  },
  {
    page: 'contract',
    code: 200008,
    scope: 'company',
    user: 'company_admin',
    denied: 'company_staff',
    seeded: ['dispatch_contract', '労働者派遣個別契約書'],
    valid: (label) => ({ key: `nda_${label}`, subject_ja: `秘密保持契約書${label}`, subject_en: `NDA ${label}`, body_ja: '{{company}}と{{worker}}は…', body_en: '{{company}} and {{worker}}…' }),
    bad: { body: { key: 'nda', subject_ja: '保持されるタイトル', subject_en: 'Kept', body_ja: '', body_en: 'x' }, field: 'body_ja', ...REQUIRED, kept: 'value="保持されるタイトル"' },
  },
  {
    page: 'billing',
    code: 200009,
    scope: 'company',
    user: 'company_admin',
    denied: 'company_staff',
    seeded: ['monthly_invoice', '請求書 {{invoice_no}}'],
    valid: (label) => ({ key: `weekly_${label}`, subject_ja: `週次請求書${label}`, subject_en: `Weekly invoice ${label}`, body_ja: '{{client}} 御中', body_en: 'To {{client}}' }),
    bad: { body: { key: 'x y', subject_ja: '保持', subject_en: 'Kept invoice', body_ja: 'a', body_en: 'b' }, field: 'key', ...KEY_FORMAT, kept: 'value="Kept invoice"' },
  },
  {
    page: 'jobindustries',
    code: 200010,
    scope: 'platform',
    user: 'superadmin',
    denied: 'company_admin',
    seeded: ['飲食・フード', '物流・倉庫', 'Manufacturing'],
    valid: (label) => ({ name_ja: `農業${label}`, name_en: `Agriculture ${label}`, sort: '90' }),
    bad: { body: { name_ja: '保持される業種', name_en: 'Kept', sort: 'abc' }, field: 'sort', ja: '整数で入力してください。', en: 'Enter a whole number.', kept: 'value="保持される業種"' },
  },
  {
    page: 'jobcategories',
    code: 200011,
    scope: 'platform',
    user: 'superadmin',
    denied: 'company_admin',
    seeded: ['ホールスタッフ', 'ピッキング', 'Kitchen staff'],
    valid: (label) => ({ name_ja: `データ入力${label}`, name_en: `Data entry ${label}`, industry_id: '', sort: '5' }),
    bad: {
      body: { name_ja: '保持される職種', name_en: 'Kept', industry_id: 'not-a-uuid', sort: '1' },
      field: 'industry_id',
      ja: '形式が正しくありません。',
      en: 'This value is not in the right format.',
      kept: 'value="保持される職種"',
    },
  },
  {
    page: 'terms',
    code: 200012,
    scope: 'platform',
    user: 'superadmin',
    denied: 'company_admin',
    seeded: ['2026-11', '利用規約'],
    valid: (label) => ({ key: `draft-${label}`, subject_ja: `利用規約（案）${label}`, subject_en: 'Draft terms', body_ja: '第1条（適用）\n\n案です。', body_en: 'Article 1 (Scope)\n\nA draft.' }),
    bad: { body: { key: 'draft', subject_ja: '保持される題名', subject_en: 'Kept', body_ja: '', body_en: 'x' }, field: 'body_ja', ...REQUIRED, kept: 'value="保持される題名"' },
  },
  {
    page: 'privacy',
    code: 200013,
    scope: 'platform',
    user: 'superadmin',
    denied: 'company_admin',
    seeded: ['2026-11', 'プライバシーポリシー'],
    valid: (label) => ({ key: `draft-${label}`, subject_ja: `プライバシーポリシー（案）${label}`, subject_en: 'Draft policy', body_ja: '案です。', body_en: 'A draft.' }),
    bad: {
      body: { key: '2026-11', subject_ja: '保持される題名', subject_en: 'Kept', body_ja: 'x', body_en: 'y' },
      field: 'key',
      ja: 'この版は既にあります。',
      en: 'This version already exists.',
      kept: 'value="保持される題名"',
    },
  },
];

for (const c of CASES) {
  const path = `/admin/templates/${c.page}`;
  describe(`${path} (${c.code}, ${c.scope})`, () => {
    it(`lists the seeded rows for ${c.user}`, async () => {
      const page = await html(path, c.user);
      for (const text of c.seeded) expect(page).toContain(escapeHtml(text));
      expect(page).toContain(`href="${path}?new=1"`);
    });

    if (c.user !== 'superadmin') {
      it('lists them for superadmin too (every tenant’s rows and the platform defaults)', async () => {
        const page = await html(`${path}?size=200`, 'superadmin');
        for (const text of c.seeded) expect(page).toContain(escapeHtml(text));
      });
    }

    it('creates a row through the form, which then shows in the list and on its record page', async () => {
      const label = uniq();
      const body = c.valid(label);
      await c.makeRoom?.(c.user);
      const id = await create(path, c.user, body);
      const first = Object.values(body).find((v) => v.includes(label))!;
      expect(await html(`${path}?q=${encodeURIComponent(label)}`, c.user)).toContain(escapeHtml(first));
      const record = await html(`${path}?id=${id}`, c.user);
      expect(record).toContain(escapeHtml(first));
      expect(record).toContain('変更履歴');
    });

    it('refuses a bad value with the error beside the field, in Japanese and English, keeping what was typed', async () => {
      for (const lang of ['ja', 'en'] as const) {
        const res = await post(`${path}?new=1`, c.user, c.bad.body, lang);
        expect(res.status).toBe(422);
        const page = await res.text();
        expect(page).toContain(`<p class="field-error" id="${c.bad.field}-error">${escapeHtml(c.bad[lang])}</p>`);
        expect(page).toContain(c.bad.kept);
      }
    });

    it(`sends ${c.denied}, who lacks the code, to the landing page and refuses its posts`, async () => {
      const res = await get(path, c.denied);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^(\/v3)?\/admin\/jobs\/list$/);
      expect((await get(`${path}?new=1`, c.denied)).status).toBe(302);
      const label = uniq();
      expect((await post(`${path}?new=1`, c.denied, c.valid(label))).status).toBe(403);
    });

    if (c.scope === 'company' && c.user === 'company_admin') {
      it('keeps each company to its own rows: company@ neither lists nor opens company2@’s', async () => {
        const label = uniq();
        const body = c.valid(label);
        await c.makeRoom?.('company2');
        const id = await create(path, 'company2', body);
        const first = Object.values(body).find((v) => v.includes(label))!;
        expect(await html(`${path}?id=${id}`, 'company2')).toContain(escapeHtml(first));
        expect(await html(`${path}?q=${encodeURIComponent(label)}`, 'company2')).toContain(escapeHtml(first));
        expect(await html(`${path}?q=${encodeURIComponent(label)}`, 'company_admin')).not.toContain(escapeHtml(first));
        expect(await html(`${path}?size=200`, 'company_admin')).not.toContain(escapeHtml(first));
        const res = await get(`${path}?id=${id}`, 'company_admin');
        expect(res.status).toBe(404);
        expect(await res.text()).toContain('データが見つかりません');
        // Nor change or delete it by posting to its record.
        expect((await post(`${path}?id=${id}`, 'company_admin', c.valid(uniq()))).status).toBe(404);
        expect((await post(`${path}?id=${id}`, 'company_admin', { _action: 'delete' })).status).toBe(404);
        expect(await html(`${path}?id=${id}`, 'company2')).toContain(escapeHtml(first));
      });
    }
  });
}

describe('company-scoped rows belong to the right tenant', () => {
  it('a company user’s new row gets its company; a superadmin’s blank company makes a platform default', async () => {
    const label = uniq();
    const mine = await create('/admin/templates/jobstatus', 'company_admin', { name_ja: `自社${label}`, name_en: `Own ${label}`, color: '#000000', sort: '1' });
    const platform = await create('/admin/templates/jobstatus', 'superadmin', { name_ja: `共通${label}`, name_en: `Default ${label}`, color: '#000000', sort: '1', company_id: '' });
    const forC2 = await create('/admin/templates/jobstatus', 'superadmin', { name_ja: `二社目${label}`, name_en: `Second ${label}`, color: '#000000', sort: '1', company_id: c2 });
    const rows = await t.database.db.selectFrom('job_statuses').select(['id', 'company_id']).where('id', 'in', [mine, platform, forC2]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.company_id]))).toEqual({ [mine]: c1, [platform]: null, [forC2]: c2 });
  });

  it('the seed gave both demo companies their own copy of the defaults', async () => {
    const count = async (companyId: string | null) =>
      (
        await t.database.db
          .selectFrom('candidate_statuses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', companyId === null ? 'is' : '=', companyId)
          .executeTakeFirstOrThrow()
      ).n;
    const defaults = await count(null);
    expect(defaults).toBeGreaterThanOrEqual(8);
    expect(await count(c1)).toBeGreaterThanOrEqual(defaults);
    expect(await count(c2)).toBeGreaterThanOrEqual(defaults);
  });
});

describe('app settings: a value the app reads as a switch or a number', () => {
  const path = '/admin/templates/appsettings';
  const settingOf = async (key: string) => t.database.db.selectFrom('app_settings').select(['id', 'value']).where('key', '=', key).where('company_id', '=', c1).executeTakeFirstOrThrow();

  it('refuses "off" for the chatbot switch (read as on) and a word for a number, in Japanese and English, and saves false and 48', async () => {
    const bot = await settingOf('chat.bot_enabled');
    const hours = await settingOf('shift.reminder_hours');
    for (const [lang, sw, num] of [
      ['ja', 'この設定は true（有効）か false（無効）で入力してください。', 'この設定は半角の整数で入力してください（例：24）。'],
      ['en', 'Enter true (on) or false (off) for this setting.', 'Enter a whole number for this setting (e.g. 24).'],
    ] as const) {
      const session = await sessionOf(t, 'superadmin', lang);
      const off = await pressButton(t, session, `${path}?id=${bot.id}`, 'save', { value: 'off' });
      expect(off.status).toBe(422);
      expect(off.html).toContain(sw);
      const word = await pressButton(t, session, `${path}?id=${hours.id}`, 'save', { value: 'one day' });
      expect(word.status).toBe(422);
      expect(word.html).toContain(num);
    }
    expect((await settingOf('chat.bot_enabled')).value).toBe(bot.value);
    expect((await settingOf('shift.reminder_hours')).value).toBe(hours.value);
    // A new company setting of a key the app reads is checked too.
    const fresh = await pressButton(t, await sessionOf(t, 'superadmin', 'en'), `${path}?new=1`, 'save', { key: 'quickpay.min_amount', value: 'none', description: '', company_id: '' });
    expect(fresh.status).toBe(422);
    expect(fresh.html).toContain('Enter a whole number for this setting (e.g. 24).');
    const session = await sessionOf(t, 'superadmin');
    expect((await pressButton(t, session, `${path}?id=${bot.id}`, 'save', { value: 'false' })).status).toBe(303);
    expect((await pressButton(t, session, `${path}?id=${hours.id}`, 'save', { value: '48' })).status).toBe(303);
    expect((await settingOf('chat.bot_enabled')).value).toBe('false');
    expect((await settingOf('shift.reminder_hours')).value).toBe('48');
  });
});

describe('a template record says whose it is', () => {
  it('names the company of the row a platform admin opened, above its form, and no company for a company’s own user', async () => {
    const db = t.database.db;
    const rowOf = async (companyId: string) =>
      (await db.selectFrom('app_settings').select('id').where('key', '=', 'chat.bot_enabled').where('company_id', '=', companyId).executeTakeFirstOrThrow()).id;
    const factsOf = async (path: string, who: DemoLogin, lang: 'ja' | 'en') => {
      const $ = cheerio.load(await html(path, who, lang));
      return $('.resource-facts > div')
        .toArray()
        .map((d) => `${$(d).find('dt').text()}: ${$(d).find('dd').text()}`);
    };
    expect(await factsOf(`/admin/templates/appsettings?id=${await rowOf(c2)}`, 'superadmin', 'en')).toEqual(['Company: Minato Dispatch Inc.']);
    expect(await factsOf(`/admin/templates/appsettings?id=${await rowOf(c1)}`, 'superadmin', 'ja')).toEqual(['企業: さくら人材サービス株式会社']);
    // A company's user sees only its own rows: the company is not drawn for it (platform-only field).
    const mail = (await mailTemplateId(c1, 'password_reset'))!;
    expect(await factsOf(`/admin/templates/mail?id=${mail}`, 'company_admin', 'en')).toEqual([]);
  });
});

describe('copyTemplatesToCompany (trial signup)', () => {
  it('gives a new company its own copy of the defaults, the status tree rebuilt, once', async () => {
    const db = t.database.db;
    const { id } = await db.insertInto('companies').values({ name: 'トライアル株式会社', name_en: 'Trial Inc.', email: null, phone: null }).returning('id').executeTakeFirstOrThrow();
    // As many rows as the platform defaults have now (earlier tests here may have added some).
    const defaults = async (table: 'job_statuses' | 'candidate_statuses' | 'chatbot_messages' | 'app_settings') =>
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).n;
    const expected = {
      jobStatuses: await defaults('job_statuses'),
      candidateStatuses: await defaults('candidate_statuses'),
      chatbotMessages: await defaults('chatbot_messages'),
      appSettings: await defaults('app_settings'),
      documentTemplates: (
        await db
          .selectFrom('document_templates')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', 'is', null)
          .where('kind', 'in', ['mail', 'contract', 'billing'])
          .executeTakeFirstOrThrow()
      ).n,
    };
    expect(expected.candidateStatuses).toBeGreaterThanOrEqual(8);
    expect(await copyTemplatesToCompany(db, id)).toEqual(expected);
    expect(await copyTemplatesToCompany(db, id)).toEqual({ jobStatuses: 0, candidateStatuses: 0, chatbotMessages: 0, appSettings: 0, documentTemplates: 0 });

    const statuses = await db.selectFrom('candidate_statuses').select(['id', 'parent_id', 'name_ja', 'name_en', 'company_id']).where('company_id', '=', id).execute();
    const shukkin = statuses.find((s) => s.name_ja === '出勤')!;
    const roots = statusRoots(statuses, shukkin.id);
    expect(roots.map((r) => r.translate[0].name)).toEqual(['応募', '書類確認', '面接', '内定', '就業確認', '出勤']);
    expect(roots.map((r) => r.translate[1].name)).toEqual(['Applied', 'Document check', 'Interview', 'Offer', 'Work confirmation', 'Attendance']);
    // Every parent is the new company's own row, never a platform default.
    const own = new Set(statuses.map((s) => s.id));
    expect(statuses.every((s) => s.parent_id === null || own.has(s.parent_id))).toBe(true);
    const docs = await db.selectFrom('document_templates').select(['kind', 'key']).where('company_id', '=', id).orderBy('kind').orderBy('key').execute();
    expect(docs.map((d) => `${d.kind}:${d.key}`)).toEqual([
      'billing:monthly_invoice',
      'contract:dispatch_contract',
      'mail:application_received',
      'mail:chat_unread',
      'mail:interview_cancelled',
      'mail:interview_cancelled_chat',
      'mail:interview_reminder',
      'mail:interview_reminder_chat',
      'mail:interview_scheduled',
      'mail:interview_scheduled_chat',
      'mail:invitation',
      'mail:kakunin_request',
      'mail:kakunin_request_chat',
      'mail:password_reset',
      'mail:status_changed',
      'mail:status_changed_chat',
      'mail:trial_invitation',
    ]);
  });
});

describe('candidate statuses: the tree', () => {
  const path = '/admin/templates/candidateStatus';
  const statusId = async (companyId: string, name: string) =>
    (await t.database.db.selectFrom('candidate_statuses').select('id').where('company_id', '=', companyId).where('name_ja', '=', name).executeTakeFirstOrThrow()).id;

  it('refuses to make a status its own ancestor or its own parent', async () => {
    const applied = await statusId(c1, '応募');
    const interview = await statusId(c1, '面接');
    for (const [lang, message] of [
      ['ja', 'このステータス自身やその下位のステータスは、親にできません。'],
      ['en', 'A status cannot be placed under itself or one of its own sub-statuses.'],
    ] as const) {
      const res = await post(`${path}?id=${applied}`, 'company_admin', { name_ja: '応募', name_en: 'Applied', parent_id: interview, list: 'candidate', sort: '10' }, lang);
      expect(res.status).toBe(422);
      expect(await res.text()).toContain(escapeHtml(message));
    }
    const self = await post(`${path}?id=${interview}`, 'company_admin', { name_ja: '面接', name_en: 'Interview', parent_id: interview, list: 'candidate', sort: '30' });
    expect(self.status).toBe(422);
    const row = await t.database.db.selectFrom('candidate_statuses').select('parent_id').where('id', '=', applied).executeTakeFirstOrThrow();
    expect(row.parent_id).toBeNull();
  });

  it('moves a status under another branch when that makes no cycle', async () => {
    const label = uniq();
    const offer = await statusId(c1, '内定');
    const id = await create(path, 'company_admin', { name_ja: `健康診断${label}`, name_en: `Health check ${label}`, parent_id: '', list: 'candidate', sort: '45' });
    const res = await post(`${path}?id=${id}`, 'company_admin', { name_ja: `健康診断${label}`, name_en: `Health check ${label}`, parent_id: offer, list: 'candidate', sort: '45' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${path}?id=${id}&saved=1`);
    expect(await html(`${path}?q=${label}`, 'company_admin')).toContain(`応募 › 書類確認 › 面接 › 内定`);
  });

  it('offers only the caller’s statuses as parents and refuses another tenant’s', async () => {
    const label = uniq();
    const theirs = await statusId(c2, '面接');
    const res = await post(`${path}?new=1`, 'company_admin', { name_ja: `他社の下${label}`, name_en: 'x', parent_id: theirs, list: 'candidate', sort: '1' });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('選択肢から選んでください。');
    const form = await html(`${path}?new=1`, 'company_admin');
    expect(form).not.toContain(theirs);
    expect(form).toContain(await statusId(c1, '面接'));
    // A platform user may pick any tenant's status, but only within the row's own company.
    const platform = await post(`${path}?new=1`, 'superadmin', { name_ja: `混在${label}`, name_en: 'x', parent_id: theirs, list: 'candidate', sort: '1', company_id: c1 });
    expect(platform.status).toBe(422);
    expect(await platform.text()).toContain('同じ企業のステータスから選んでください。');
  });
});

describe('mail templates: the list', () => {
  it('draws no column of row links when a record has no other screen to link to', async () => {
    const page = await html('/admin/templates/mail', 'company_admin', 'en');
    expect(page).toContain('password_reset');
    expect(page).not.toContain('class="row-actions"');
    // A list whose records have another screen links each row to it.
    const companies = await html('/admin/company', 'superadmin', 'en');
    expect(companies).toMatch(/<td class="row-actions"><a href="\/admin\/company\/[0-9a-f-]{36}\/settings">/);
  });
});

describe('mail templates: the key is one of the mails the product sends', () => {
  const path = '/admin/templates/mail';
  const EVERY_MAIL_WRITTEN = {
    ja: '送信されるメールには、すべてテンプレートがあります。文面を変えるには、一覧からそのメールのテンプレートを開いて編集してください。',
    en: 'Every mail the product sends already has a template. To change what a mail says, open its template from the list and edit it.',
  };
  const NOT_A_MAIL = {
    ja: '送信されるメールの中から選んでください。ほかのキーのテンプレートは、どのメールにも使われません。',
    en: 'Choose one of the mails the product sends: a template of any other key would never be used.',
  };
  const TAKEN = 'このキーのテンプレートは既にあります。';
  const text = (key: string) => ({ subject_ja: `件名 ${key}`, subject_en: `Subject ${key}`, body_ja: '{{name}} 様', body_en: 'Dear {{name}}' });

  /** The add form as drawn for `who`: its page, and the keys its select offers (value and name), null when it draws no select. */
  async function addForm(who: DemoLogin, lang: 'ja' | 'en' = 'ja') {
    const page = await getPage(t, `${path}?new=1`, await t.tokenOf(who), lang);
    expect(page.status).toBe(200);
    const $ = cheerio.load(page.html);
    const select = $('form select[name="key"]');
    const keys = select.length
      ? select
          .find('option')
          .toArray()
          .filter((o) => o.attribs.value)
          .map((o) => `${o.attribs.value} = ${$(o).text()}`)
      : null;
    return { html: page.html, keys };
  }

  it('says plainly that every mail has its template, instead of offering a key that is taken', async () => {
    // The seed gave both demo companies a template of every mail, and the platform defaults hold every one.
    for (const who of ['company_admin', 'superadmin'] as const) {
      for (const lang of ['ja', 'en'] as const) {
        const form = await addForm(who, lang);
        expect(form.keys, `${who} ${lang}`).toBeNull();
        expect(form.html).toContain(escapeHtml(EVERY_MAIL_WRITTEN[lang]));
        expect(form.html).not.toContain('name="subject_ja"');
      }
    }
  });

  it('offers only the mails the company has no template of, each named in the reader’s language, and saves the one chosen', async () => {
    await deleteMailTemplate('company_admin', 'chat_unread');
    await deleteMailTemplate('company_admin', 'status_changed_chat');
    expect((await addForm('company_admin', 'ja')).keys).toEqual(['status_changed_chat = status_changed_chat（応募状況の更新・チャット）', 'chat_unread = chat_unread（未読メッセージ）']);
    expect((await addForm('company_admin', 'en')).keys).toEqual(['status_changed_chat = status_changed_chat (application update, chat message)', 'chat_unread = chat_unread (unread messages)']);
    // The other company still has them all.
    expect((await addForm('company2')).keys).toBeNull();

    const saved = await pressButton(t, await sessionOf(t, 'company_admin'), `${path}?new=1`, 'save', { key: 'chat_unread', ...text('chat_unread') });
    expect(saved.status, saved.html).toBe(303);
    expect(saved.location).toMatch(/^\/admin\/templates\/mail\?id=[0-9a-f-]{36}&created=1$/);
    expect(await mailTemplateId(c1, 'chat_unread')).toBeDefined();
    expect((await addForm('company_admin')).keys).toEqual(['status_changed_chat = status_changed_chat（応募状況の更新・チャット）']);
  });

  it('offers a platform user the mails some company (or the platform) lacks, and refuses one for a company that has it', async () => {
    // company@ has no template of status_changed_chat (the test above); company2@ and the platform have.
    expect((await addForm('superadmin')).keys).toEqual(['status_changed_chat = status_changed_chat（応募状況の更新・チャット）']);
    const platform = await sessionOf(t, 'superadmin');
    const refused = await pressButton(t, platform, `${path}?new=1`, 'save', { key: 'status_changed_chat', company_id: c2, ...text('status_changed_chat') });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain(`<p class="field-error" id="key-error">${escapeHtml(TAKEN)}</p>`);
    const saved = await pressButton(t, platform, `${path}?new=1`, 'save', { key: 'status_changed_chat', company_id: c1, ...text('status_changed_chat') });
    expect(saved.status, saved.html).toBe(303);
    expect(await mailTemplateId(c1, 'status_changed_chat')).toBeDefined();
    expect((await addForm('superadmin')).keys).toBeNull();
    expect((await addForm('company_admin')).keys).toBeNull();
  });

  it('refuses a key that is no mail, on the form and in the API, in Japanese and English, keeping what was typed', async () => {
    const token = await t.tokenOf('company_admin');
    for (const lang of ['ja', 'en'] as const) {
      const res = await postForm(t, `${path}?new=1`, token, { _action: 'save', key: 'shift_reminder', ...text('kept'), subject_en: 'Kept shift subject' }, lang);
      expect(res.status).toBe(422);
      expect(res.html).toContain(`<p class="field-error" id="key-error">${escapeHtml(NOT_A_MAIL[lang])}</p>`);
      expect(res.html).toContain('value="Kept shift subject"');

      const api = await t.gql(
        'mutation ($input: MailTemplateInput!) { createMailTemplate(input: $input) { id } }',
        { input: { key: 'shift_reminder', ...text('api') } },
        { as: 'company_admin', headers: { 'accept-language': lang } },
      );
      expect(firstCode(api), JSON.stringify(api)).toBe('BAD_USER_INPUT');
      expect(api.errors![0]!.extensions!.fields?.key).toBe(NOT_A_MAIL[lang]);
    }
    expect(await mailTemplateId(c1, 'shift_reminder')).toBeUndefined();
  });

  it('keeps a template’s key once made: its form has no key, and one whose key is no mail (written before keys were chosen) still saves', async () => {
    const db = t.database.db;
    const id = await insertTemplate(t, { company_id: c1, kind: 'mail', key: 'shift_reminder', subject_ja: '旧件名', subject_en: 'Old subject', body_ja: '本文', body_en: 'Body' });
    const record = await getPage(t, `${path}?id=${id}`, await t.tokenOf('company_admin'));
    expect(record.html).toContain('shift_reminder');
    expect(record.html).not.toContain('name="key"');
    const saved = await pressButton(t, await sessionOf(t, 'company_admin'), `${path}?id=${id}`, 'save', { subject_ja: '新しい件名' });
    expect(saved.status, saved.html).toBe(303);
    expect(await db.selectFrom('document_templates').select(['key', 'subject_ja']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ key: 'shift_reminder', subject_ja: '新しい件名' });
  });
});

describe('mail templates: the preview', () => {
  const path = '/admin/templates/mail';

  it('shows the subject and body filled with sample values, in the page language', async () => {
    const id = (await t.database.db.selectFrom('document_templates').select('id').where('company_id', '=', c1).where('kind', '=', 'mail').where('key', '=', 'password_reset').executeTakeFirstOrThrow())
      .id;
    const ja = await html(`${path}?id=${id}`, 'company_admin');
    expect(ja).toContain('プレビュー');
    expect(ja).toContain('<pre class="resource-preview-body">グエン・ヴァン・アン 様\n\nパスワード再設定のリクエストを受け付けました。');
    expect(ja).toContain('https://tsunagu.example/link/7f3a9c');
    const en = await html(`${path}?id=${id}`, 'company_admin', 'en');
    expect(en).toContain('Preview');
    expect(en).toContain('[Tsunagu] Reset your password');
    expect(en).toContain('Hello Nguyen Van An,');
  });

  it('refuses a variable the mail of its key is never sent with, naming those it can use, in Japanese and English, keeping what was typed', async () => {
    const db = t.database.db;
    const id = (await mailTemplateId(c1, 'password_reset'))!;
    const bodyEn = async () => (await db.selectFrom('document_templates').select('body_en').where('id', '=', id).executeTakeFirstOrThrow()).body_en;
    const before = await bodyEn();
    // A password reset mail carries name, link and email (server/modules/auth/service.ts), never a company or a date.
    const typed = 'Hello {{name}}, {{company}} reset your password on {{date}}: {{link}}';
    for (const [lang, said] of [
      ['ja', '{{company}}、{{date}} はこの文書には入りません（そのまま送られます）。使える変数：{{name}}、{{link}}、{{email}}'],
      ['en', '{{company}}, {{date}} is not filled in this document (it would be sent as typed). Variables it can use: {{name}}, {{link}}, {{email}}'],
    ] as const) {
      const refused = await pressButton(t, await sessionOf(t, 'company_admin', lang), `${path}?id=${id}`, 'save', { body_en: typed });
      expect(refused.status).toBe(422);
      expect(refused.html).toContain(said);
      expect(refused.html).toContain(typed.replaceAll("'", '&#x27;'));
    }
    expect(await bodyEn()).toBe(before);
    // The ones it is sent with save.
    const saved = await pressButton(t, await sessionOf(t, 'company_admin'), `${path}?id=${id}`, 'save', { body_en: 'Hello {{name}}, reset the password of {{email}}: {{link}}' });
    expect(saved.status, saved.html).toBe(303);
  });

  it('names in the body hint of a mail the variables that mail is sent with, not every mail’s', async () => {
    const id = (await mailTemplateId(c1, 'password_reset'))!;
    const hintOf = async (lang: 'ja' | 'en', field: string) =>
      cheerio
        .load(await html(`${path}?id=${id}`, 'company_admin', lang))(`#${field}-hint`)
        .text();
    const en = 'Variables: {{name}} (recipient’s name), {{link}} (link), {{email}} (login (email address)). Plain text (no HTML).';
    expect(await hintOf('en', 'body_en')).toBe(en);
    expect(await hintOf('en', 'body_ja')).toBe(en);
    expect(await hintOf('ja', 'body_ja')).toBe('使える変数：{{name}}（宛先の氏名）、{{link}}（リンク）、{{email}}（ログインID（メールアドレス））。プレーンテキストです（HTMLは使えません）。');
  });

  it('refuses a contract variable no contract is filled with', async () => {
    const refused = await pressButton(t, await sessionOf(t, 'company_admin', 'en'), '/admin/templates/contract?new=1', 'save', {
      key: 'contract_typo',
      subject_ja: '契約書',
      subject_en: 'Contract',
      body_ja: '{{worker}} は {{jobb}} に就業する。',
      body_en: '{{worker}} works as {{job}}.',
    });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('{{jobb}} is not filled in this document');
  });

  it('leaves unknown variables of a row written before the check visible, and shows markup as text', async () => {
    await deleteMailTemplate('company_admin', 'application_received');
    const id = await insertTemplate(t, {
      company_id: c1,
      kind: 'mail',
      key: 'application_received',
      subject_ja: '{{company}}からのお知らせ',
      subject_en: 'News from {{company}}',
      body_ja: '{{name}} 様 {{nmae}} <b>太字</b>',
      body_en: 'Hi {{name}}',
    });
    const page = await html(`${path}?id=${id}`, 'company_admin');
    expect(page).toContain('さくら人材サービス株式会社からのお知らせ');
    expect(page).toContain('グエン・ヴァン・アン 様 {{nmae}} &lt;b&gt;太字&lt;/b&gt;');
    expect(page).not.toContain('<b>太字</b>');
  });

  it('is not shown on pages without a preview', async () => {
    const id = (await t.database.db.selectFrom('job_statuses').select('id').where('company_id', '=', c1).executeTakeFirstOrThrow()).id;
    expect(await html(`/admin/templates/jobstatus?id=${id}`, 'company_admin')).not.toContain('resource-preview');
  });
});

describe('/terms and /policy: the newest published version', () => {
  const visit = async (path: string, lang: 'ja' | 'en') => {
    const res = await fetch(`${t.url}${path}`, { headers: { cookie: `lang=${lang}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('shows the seeded published texts in Japanese and English, as paragraphs', async () => {
    const ja = await visit('/terms', 'ja');
    expect(ja).toContain('<h2>第1条（適用）</h2>');
    expect(ja).toContain('本規約は、「Tsunagu（つなぐ）」');
    expect(ja).not.toContain('class="toc"');
    const en = await visit('/terms', 'en');
    expect(en).toContain('<h2>Article 1 (Scope)</h2>');
    expect(en).toContain('These Terms set out the conditions');
    const policy = await visit('/policy', 'ja');
    expect(policy).toContain('<h2>第1条（総則）</h2>');
    expect(policy).toContain('個人情報の保護に関する法律');
    expect(await visit('/policy', 'en')).toContain('Act on the Protection of Personal Information');
  });

  /** The versions the admin list marks as shown on the public page, in `lang` ("表示中" / "Shown now"). */
  const shownInList = async (kind: 'terms' | 'privacy', lang: 'ja' | 'en') => {
    const $ = cheerio.load(await html(`/admin/templates/${kind}`, 'superadmin', lang));
    return $('tbody tr')
      .toArray()
      .filter((tr) => $(tr).find('td[data-col=shown]').text().trim() === (lang === 'ja' ? '表示中' : 'Shown now'))
      .map((tr) => $(tr).find('td[data-col=key]').text().trim());
  };

  for (const [page, kind] of [
    ['/terms', 'terms'],
    ['/policy', 'privacy'],
  ] as const) {
    it(`${page} changes when a new ${kind} version is published, and back when it is withdrawn`, async () => {
      const label = uniq();
      const body = {
        key: `v-${label}`,
        subject_ja: `改定版${label}`,
        subject_en: `Revised ${label}`,
        body_ja: `第1条（目的）\n\n改定した本文${label}です。\n二行目です。\n\n<script>alert(1)</script>`,
        body_en: `Article 1 (Purpose)\n\nRevised text ${label}.`,
      };
      // A draft changes nothing.
      const id = await create(`/admin/templates/${kind}`, 'superadmin', body);
      expect(await visit(page, 'ja')).not.toContain(label);
      const published = await post(`/admin/templates/${kind}?id=${id}`, 'superadmin', { ...body, published: 'on' });
      expect(published.status).toBe(303);
      const row = await t.database.db.selectFrom('document_templates').select(['published', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.published).toBe(true);
      expect(row.published_at).toBeInstanceOf(Date);

      const ja = await visit(page, 'ja');
      expect(ja).toContain(`<h1>改定版${label}</h1>`);
      expect(ja).toContain(`<p>改定した本文${label}です。<br/>二行目です。</p>`);
      expect(ja).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(ja).not.toContain('<script>alert(1)</script>');
      const en = await visit(page, 'en');
      expect(en).toContain(`<h1>Revised ${label}</h1>`);
      expect(en).toContain(`Revised text ${label}.`);
      // The list tells the platform which of its published versions the page shows.
      expect(await shownInList(kind, 'ja')).toEqual([`v-${label}`]);
      expect(await shownInList(kind, 'en')).toEqual([`v-${label}`]);

      const withdrawn = await post(`/admin/templates/${kind}?id=${id}`, 'superadmin', body);
      expect(withdrawn.status).toBe(303);
      expect((await t.database.db.selectFrom('document_templates').select('published_at').where('id', '=', id).executeTakeFirstOrThrow()).published_at).toBeNull();
      const back = await visit(page, 'ja');
      expect(back).not.toContain(label);
      expect(back).toContain('<h2>第1条');
      expect(await shownInList(kind, 'en')).toEqual(['2026-11']);
    });
  }

  it('answers the public legalDocument query without a session', async () => {
    const { data, errors } = await t.gql('{ legalDocument(kind: privacy, lang: "en") { kind version lang title published_at } }');
    expect(errors).toBeUndefined();
    expect(data.legalDocument).toMatchObject({ kind: 'privacy', lang: 'en', title: 'Privacy policy' });
  });

  it('falls back to the built-in page when nothing is published', async () => {
    await t.database.db.updateTable('document_templates').set({ published: false }).where('kind', '=', 'terms').execute();
    try {
      const ja = await visit('/terms', 'ja');
      expect(ja).toContain('class="toc"');
      expect(ja).toContain('利用規約');
    } finally {
      await t.database.db.updateTable('document_templates').set({ published: true }).where('kind', '=', 'terms').where('key', '=', '2026-11').execute();
    }
  });
});

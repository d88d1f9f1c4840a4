import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Tenant, hasNoTenant, isPlatform, companyIdOf, tenantScopedQuery } from '../../access/tenancy.ts';
import type { DB } from '../../db/connect.ts';
import type { Lang, Text } from '../../../shared/i18n.ts';
import { renderTemplate, type TemplateVars } from '../../modules/templates/render-template.ts';
import { statusPathLabel, wouldCycle } from '../../modules/templates/status-tree.ts';
import { companyScope, f, platformScope, t, type FieldDef, type Option, type OptionContext, type ResourceDef, type ResourceValidateContext } from '../define.ts';
import { companyOptions } from './organizations.ts';
import { cachedReference } from '../../modules/enums/reference-cache.ts';

/**
 * The template pages under /admin/templates/ (SPEC §2, codes 200002–200013), one definition per
 * page, each served on ONE route in `single` mode (list, ?new=1 form, ?id=… record).
 *
 * Tenancy (DESIGN.md §5): company-scoped templates (statuses, chatbot, settings, mail, contract,
 * invoice) belong to a company; rows with company_id null are the platform defaults every new
 * company starts from (copied by modules/templates/copy.ts). Platform users see and edit every
 * row and may pick the company (blank = platform default); company users only their own rows.
 * Industries, categories, terms and privacy are platform-wide (platformScope).
 */

type Validate = NonNullable<ResourceDef['validate']>;
// Tables are chosen per definition here, so the helpers use an untyped handle (as repo.ts does).
const anyDb = (db: DB) => db as unknown as Kysely<any>;
const msg = (lang: Lang, text: Text) => text[lang];

/** Text for a NOT NULL column that may be blank ('' rather than null). */
const blankable = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max));

/** A machine key: lower-case letters, digits, `_`, `.` and `-`. */
const keySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((v) => /^[a-z0-9][a-z0-9_.-]*$/.test(v), {
    message: 'key',
    params: { ja: '半角英小文字・数字・「_」「.」「-」で入力してください。', en: 'Use lower-case letters, digits, “_”, “.” and “-”.' },
  });

const nameJa = (label = t('名称（日本語）', 'Name (Japanese)')) => f.text('name_ja', label, { max: 100, list: true, sortable: true, search: true });
const nameEn = (label = t('名称（英語）', 'Name (English)')) => f.text('name_en', label, { max: 100, list: true, sortable: true, search: true });
const sortField = () => f.number('sort', t('表示順', 'Order'), { min: 0, max: 9999, list: true, sortable: true, hint: t('小さい順に表示されます。', 'Shown in ascending order.') });

/** The owning company of a company-scoped template; only platform users choose it. */
const companyField = (): FieldDef =>
  f.ref('company_id', t('企業', 'Company'), companyOptions, {
    required: false,
    platformOnly: true,
    createOnly: true,
    list: true,
    filter: true,
    hint: t('空欄にすると、新しい企業が最初に受け取る全社共通の既定値になります。', 'Leave blank for the platform default every new company starts from.'),
  });

/** The company a row belongs to (or will): the stored row on update, else the caller's tenant or the chosen company. */
async function companyOfRow(db: DB, table: string, tenant: Tenant, id: string | null, input: Record<string, unknown>): Promise<string | null> {
  if (id) {
    const row = await anyDb(db).selectFrom(table).select('company_id').where('id', '=', id).executeTakeFirst();
    return (row?.company_id as string | null | undefined) ?? null;
  }
  if (isPlatform(tenant)) return typeof input.company_id === 'string' ? input.company_id : null;
  return companyIdOf(tenant);
}

/** `key` is unique per company (or among the platform defaults) and, on a shared table, per kind. */
function uniqueKey(table: 'app_settings' | 'document_templates', kind: string | null, taken: Text): Validate {
  return async (input, { db, tenant, id, lang }: ResourceValidateContext): Promise<Record<string, string>> => {
    if (typeof input.key !== 'string') return {};
    const companyId = await companyOfRow(db, table, tenant, id, input);
    let q = anyDb(db).selectFrom(table).select('id').where('key', '=', input.key);
    q = companyId ? q.where('company_id', '=', companyId) : q.where('company_id', 'is', null);
    if (kind) q = q.where('kind', '=', kind);
    if (id) q = q.where('id', '!=', id);
    return (await q.executeTakeFirst()) ? { key: msg(lang, taken) } : {};
  };
}

// ---------------------------------------------------------------- job statuses (200002)

export const jobStatusResource: ResourceDef = {
  name: 'jobStatus',
  plural: 'jobStatuses',
  table: 'job_statuses',
  title: t('求人ステータス', 'Job status'),
  titlePlural: t('求人ステータス', 'Job statuses'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: companyScope(),
  fields: [
    nameJa(),
    nameEn(),
    f.color('color', t('表示色', 'Colour'), { list: true, hint: t('一覧やバッジに使う色です（例：#154D9E）。', 'Used in lists and badges (e.g. #154D9E).') }),
    f.boolean('is_open', t('応募を受け付ける', 'Accepts applications'), {
      list: true,
      filter: true,
      hint: t('オフにすると、このステータスの求人は公開求人ボードに表示されません。', 'When off, jobs with this status are not shown on the public job boards.'),
    }),
    sortField(),
    companyField(),
  ],
  sample: { name_ja: '選考中', name_en: 'Screening', color: '#2E7D32', is_open: true, sort: 15, company_id: '$company' },
  screens: [{ path: '/admin/templates/jobstatus', mode: 'single' }],
};

// ---------------------------------------------------------------- candidate statuses (200003)

/** Parent choices: the statuses of the caller's tenant, labelled with their path (platform: every tenant's, with its company). */
export async function candidateStatusOptions({ tenant, db }: OptionContext): Promise<Option[]> {
  if (hasNoTenant(tenant)) return [];
  const all = db
    .selectFrom('candidate_statuses as s')
    .leftJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.parent_id', 's.company_id', 's.name_ja', 's.name_en', 's.sort', 'c.name as company_name', 'c.name_en as company_name_en'])
    .orderBy('c.name')
    .orderBy('s.sort')
    .orderBy('s.name_ja');
  const rows = (await tenantScopedQuery(all, tenant, { company: 's.company_id' })?.execute()) ?? [];
  return rows.map((r) => {
    const ja = statusPathLabel(rows, r.id, 'ja');
    const en = statusPathLabel(rows, r.id, 'en');
    if (!isPlatform(tenant)) return { value: r.id, label: { ja, en } };
    const owner = r.company_id ? { ja: r.company_name ?? '', en: r.company_name_en || r.company_name || '' } : { ja: '共通', en: 'Default' };
    return { value: r.id, label: { ja: `${ja}（${owner.ja}）`, en: `${en} (${owner.en})` } };
  });
}

/** A parent from the same tenant, and never the status itself or one of its descendants (a cycle). */
const validateStatusParent: Validate = async (input, { db, tenant, id, lang }): Promise<Record<string, string>> => {
  const parentId = input.parent_id;
  if (typeof parentId !== 'string') return {};
  const companyId = await companyOfRow(db, 'candidate_statuses', tenant, id, input);
  let q = db.selectFrom('candidate_statuses').select(['id', 'parent_id']);
  q = companyId ? q.where('company_id', '=', companyId) : q.where('company_id', 'is', null);
  const statuses = await q.execute();
  if (!statuses.some((s) => s.id === parentId)) {
    return { parent_id: msg(lang, t('同じ企業のステータスから選んでください。', 'Choose a status of the same company.')) };
  }
  if (id && wouldCycle(statuses, id, parentId)) {
    return {
      parent_id: msg(lang, t('このステータス自身やその下位のステータスは、親にできません。', 'A status cannot be placed under itself or one of its own sub-statuses.')),
    };
  }
  return {};
};

export const CANDIDATE_LISTS: Option[] = [
  { value: 'candidate', label: t('応募者', 'Candidates') },
  { value: 'kakunin', label: t('就業確認', 'Confirmation (kakunin)') },
  { value: 'shukkin', label: t('出勤', 'Attendance (shukkin)') },
];

export const candidateStatusResource: ResourceDef = {
  name: 'candidateStatus',
  plural: 'candidateStatuses',
  table: 'candidate_statuses',
  title: t('応募者ステータス', 'Candidate status'),
  titlePlural: t('応募者ステータス', 'Candidate statuses'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: companyScope(),
  fields: [
    nameJa(),
    nameEn(),
    f.ref('parent_id', t('親ステータス', 'Parent status'), candidateStatusOptions, {
      required: false,
      list: true,
      filter: true,
      hint: t('空欄は最上位のステータスです。応募者一覧には、最上位からこのステータスまでの経路が表示されます。', 'Leave blank for a top-level status. Candidate lists show the path from the top down to this status.'),
    }),
    f.select('list', t('表示する一覧', 'List'), CANDIDATE_LISTS, {
      list: true,
      filter: true,
      sortable: true,
      hint: t('このステータスの応募者を表示する一覧です。', 'The list in which candidates with this status appear.'),
    }),
    sortField(),
    companyField(),
  ],
  validate: validateStatusParent,
  sample: { name_ja: '二次面接', name_en: 'Second interview', list: 'candidate', sort: 35, company_id: '$company' },
  screens: [{ path: '/admin/templates/candidateStatus', mode: 'single' }],
};

// ---------------------------------------------------------------- chatbot messages (200004, 200006)

function chatbotResource(kind: 'daily' | 'other', o: { name: string; plural: string; path: string; title: Text; titlePlural: Text; sample: Record<string, unknown> }): ResourceDef {
  return {
    name: o.name,
    plural: o.plural,
    table: 'chatbot_messages',
    title: o.title,
    titlePlural: o.titlePlural,
    labelField: 'message_ja',
    defaultSort: { field: 'step', dir: 'asc' },
    scope: companyScope(),
    fixed: { kind },
    fields: [
      f.number('step', t('ステップ', 'Step'), { min: 1, max: 99, list: true, sortable: true, hint: t('会話の中で送る順番です。', 'The order in which the bot sends the message in a conversation.') }),
      f.text('trigger', t('トリガーキーワード', 'Trigger keywords'), {
        schema: blankable(200),
        list: true,
        search: true,
        hint: t('カンマ区切り（例：こんにちは, hello）。空欄のときはステップの順に送ります。', 'Comma-separated (e.g. hello, こんにちは). Leave blank to send it in step order.'),
      }),
      f.textarea('message_ja', t('メッセージ（日本語）', 'Message (Japanese)'), { required: true, max: 2000, list: true, search: true }),
      f.textarea('message_en', t('メッセージ（英語）', 'Message (English)'), { required: true, max: 2000, search: true }),
      f.boolean('active', t('有効', 'Active'), { list: true, filter: true }),
      companyField(),
    ],
    sample: o.sample,
    screens: [{ path: o.path, mode: 'single' }],
  };
}

export const dailyChatbotResource = chatbotResource('daily', {
  name: 'dailyChatbotMessage',
  plural: 'dailyChatbotMessages',
  path: '/admin/templates/chatbot',
  title: t('チャットボットのメッセージ', 'Chatbot message'),
  titlePlural: t('チャットボット', 'Chatbot'),
  sample: { step: 9, trigger: '交通費, transport', message_ja: '交通費は勤務先までの実費を支給します。', message_en: 'Transport costs to the workplace are paid in full.', active: true, company_id: '$company' },
});

export const otherChatbotResource = chatbotResource('other', {
  name: 'otherChatbotMessage',
  plural: 'otherChatbotMessages',
  path: '/admin/templates/otherchatbot',
  title: t('その他のチャットボットのメッセージ', 'Other chatbot message'),
  titlePlural: t('その他のチャットボット', 'Other chatbot'),
  sample: { step: 9, trigger: '面接, interview', message_ja: '面接はオンラインでも受けられます。', message_en: 'Interviews can also be held online.', active: true, company_id: '$company' },
});

// ---------------------------------------------------------------- app settings (200005)

export const appSettingResource: ResourceDef = {
  name: 'appSetting',
  plural: 'appSettings',
  table: 'app_settings',
  title: t('アプリ設定', 'App setting'),
  titlePlural: t('アプリ設定', 'App settings'),
  labelField: 'key',
  defaultSort: { field: 'key', dir: 'asc' },
  scope: companyScope(),
  fields: [
    f.text('key', t('キー', 'Key'), {
      schema: keySchema,
      createOnly: true,
      list: true,
      sortable: true,
      search: true,
      hint: t('アプリが設定を読むときの名前です（例：support.email）。登録後は変更できません。', 'The name the app reads the setting by (e.g. support.email). It cannot be changed later.'),
    }),
    f.text('value', t('値', 'Value'), { schema: blankable(2000), list: true, search: true }),
    f.text('description', t('説明', 'Description'), { schema: blankable(300), list: true, search: true }),
    companyField(),
  ],
  validate: uniqueKey('app_settings', null, t('このキーの設定は既にあります。', 'A setting with this key already exists.')),
  sample: { key: 'sample.setting', value: '42', description: 'テスト用の設定 / A setting for tests', company_id: '$company' },
  screens: [{ path: '/admin/templates/appsettings', mode: 'single' }],
};

// ---------------------------------------------------------------- mail, contract and invoice templates (200007–200009)

/** The variables each document template may use, and the sample values of its preview. */
export const TEMPLATE_VARIABLES: Record<'mail' | 'contract' | 'billing', { name: string; label: Text; sample: Text }[]> = {
  mail: [
    { name: 'name', label: t('宛先の氏名', 'recipient’s name'), sample: t('グエン・ヴァン・アン', 'Nguyen Van An') },
    { name: 'company', label: t('企業名', 'company name'), sample: t('さくら人材サービス株式会社', 'Sakura Staffing Co., Ltd.') },
    { name: 'link', label: t('リンク', 'link'), sample: t('https://tsunagu.example/link/7f3a9c', 'https://tsunagu.example/link/7f3a9c') },
    { name: 'job', label: t('求人名', 'job title'), sample: t('倉庫内ピッキング（日払い）', 'Warehouse picking (daily pay)') },
    { name: 'date', label: t('日時', 'date and time'), sample: t('2026年11月25日 10:00', '25 Nov 2026, 10:00') },
    { name: 'status', label: t('応募状況', 'application status'), sample: t('就業確認', 'Work confirmation') },
    { name: 'email', label: t('ログインID（メールアドレス）', 'login (email address)'), sample: t('an.nguyen@example.com', 'an.nguyen@example.com') },
    { name: 'invitedBy', label: t('招待した人', 'who invited'), sample: t('鈴木 一郎', 'Ichiro Suzuki') },
    { name: 'companyName', label: t('トライアルの企業名', 'trial company name'), sample: t('さくら人材サービス株式会社', 'Sakura Staffing Co., Ltd.') },
    { name: 'about', label: t('（未読メール）何についてのメッセージか', '(unread mail) what the messages are about'), sample: t('さくら人材サービス株式会社から「倉庫内ピッキング」についてメッセージが届いています。', 'Sakura Staffing has written to you about "Warehouse picking".') },
    { name: 'messages', label: t('（未読メール）未読のメッセージ', '(unread mail) the unread messages'), sample: t('鈴木: 明日は9時に集合です。', 'Suzuki: Please be there at 9 tomorrow.') },
    { name: 'note', label: t('（未読メール）送信の理由', '(unread mail) why it was sent'), sample: t('このメールは、メッセージが10分以上未読のときにお送りしています。', 'We send this mail when a message stays unread for 10 minutes.') },
  ],
  contract: [
    { name: 'worker', label: t('スタッフ氏名', 'worker’s name'), sample: t('グエン・ヴァン・アン', 'Nguyen Van An') },
    { name: 'company', label: t('派遣会社名', 'staffing company'), sample: t('さくら人材サービス株式会社', 'Sakura Staffing Co., Ltd.') },
    { name: 'client', label: t('派遣先名', 'client business'), sample: t('東京フードサービス株式会社', 'Tokyo Food Service Co.') },
    { name: 'job', label: t('業務内容', 'job'), sample: t('食品工場での製造補助', 'Food factory production assistant') },
    { name: 'place', label: t('就業場所', 'workplace'), sample: t('東京都江東区新木場1-2-3', '1-2-3 Shinkiba, Koto-ku, Tokyo') },
    { name: 'start_date', label: t('開始日', 'start date'), sample: t('2026年12月1日', '1 Dec 2026') },
    { name: 'end_date', label: t('終了日', 'end date'), sample: t('2027年2月28日', '28 Feb 2027') },
    { name: 'wage', label: t('時給', 'hourly wage'), sample: t('1,300円', '¥1,300') },
  ],
  billing: [
    { name: 'client', label: t('請求先', 'client'), sample: t('東京フードサービス株式会社', 'Tokyo Food Service Co.') },
    { name: 'company', label: t('請求元', 'issuer'), sample: t('さくら人材サービス株式会社', 'Sakura Staffing Co., Ltd.') },
    { name: 'invoice_no', label: t('請求番号', 'invoice number'), sample: t('INV-2026-1101', 'INV-2026-1101') },
    { name: 'period', label: t('対象期間', 'billing period'), sample: t('2026年11月1日〜11月30日', '1–30 Nov 2026') },
    { name: 'amount', label: t('請求金額', 'amount'), sample: t('486,200円（税込）', '¥486,200 (incl. tax)') },
    { name: 'due_date', label: t('支払期限', 'due date'), sample: t('2026年12月31日', '31 Dec 2026') },
    { name: 'bank_account', label: t('振込先', 'bank account'), sample: t('みずほ銀行 東京支店 普通 1234567', 'Mizuho Bank, Tokyo branch, ordinary 1234567') },
  ],
};

const variablesHint = (kind: keyof typeof TEMPLATE_VARIABLES): Text => {
  const vars = TEMPLATE_VARIABLES[kind];
  return {
    ja: `使える変数：${vars.map((v) => `{{${v.name}}}（${v.label.ja}）`).join('、')}。プレーンテキストです（HTMLは使えません）。`,
    en: `Variables: ${vars.map((v) => `{{${v.name}}} (${v.label.en})`).join(', ')}. Plain text (no HTML).`,
  };
};

/** Sample values of a kind's variables in one language (the preview's). */
export function sampleVars(kind: keyof typeof TEMPLATE_VARIABLES, lang: Lang): TemplateVars {
  return Object.fromEntries(TEMPLATE_VARIABLES[kind].map((v) => [v.name, v.sample[lang]]));
}

/** The record page's preview: subject and body in the page language, filled with sample values. */
function documentPreview(kind: keyof typeof TEMPLATE_VARIABLES) {
  return (row: Record<string, unknown>, lang: Lang) => {
    const pick = (field: string) => {
      const own = row[`${field}_${lang}`];
      return typeof own === 'string' && own.trim() ? own : String(row[`${field}_ja`] ?? '');
    };
    const vars = sampleVars(kind, lang);
    return { title: renderTemplate(pick('subject'), vars), body: renderTemplate(pick('body'), vars) };
  };
}

function documentResource(
  kind: 'mail' | 'contract' | 'billing',
  o: { name: string; plural: string; title: Text; titlePlural: Text; subject: Text; keyHint: Text; sample: Record<string, unknown> },
): ResourceDef {
  const hint = variablesHint(kind);
  return {
    name: o.name,
    plural: o.plural,
    table: 'document_templates',
    title: o.title,
    titlePlural: o.titlePlural,
    labelField: 'key',
    defaultSort: { field: 'key', dir: 'asc' },
    scope: companyScope(),
    fixed: { kind },
    fields: [
      f.text('key', t('キー', 'Key'), { schema: keySchema, list: true, sortable: true, search: true, hint: o.keyHint }),
      f.text('subject_ja', { ja: `${o.subject.ja}（日本語）`, en: `${o.subject.en} (Japanese)` }, { max: 200, list: true, sortable: true, search: true }),
      f.text('subject_en', { ja: `${o.subject.ja}（英語）`, en: `${o.subject.en} (English)` }, { max: 200, list: true, search: true }),
      f.textarea('body_ja', t('本文（日本語）', 'Body (Japanese)'), { required: true, search: true, hint }),
      f.textarea('body_en', t('本文（英語）', 'Body (English)'), { required: true, search: true, hint }),
      companyField(),
    ],
    validate: uniqueKey('document_templates', kind, t('このキーのテンプレートは既にあります。', 'A template with this key already exists.')),
    preview: documentPreview(kind),
    sample: o.sample,
    screens: [{ path: `/admin/templates/${kind}`, mode: 'single' }],
  };
}

export const mailTemplateResource = documentResource('mail', {
  name: 'mailTemplate',
  plural: 'mailTemplates',
  title: t('メールテンプレート', 'Mail template'),
  titlePlural: t('メールテンプレート', 'Mail templates'),
  subject: t('件名', 'Subject'),
  keyHint: t(
    'どのメールに使うかを表します：password_reset（パスワード再設定）、invitation（招待）、trial_invitation（トライアル）、application_received（応募受付）、status_changed（応募状況の更新）、kakunin_request（勤務の確認）、interview_scheduled（面接日程）、chat_unread（未読メッセージ）。末尾が _chat のキーはチャットに送る文面です（件名は使いません）。',
    'Which mail it is for: password_reset, invitation, trial_invitation, application_received, status_changed, kakunin_request, interview_scheduled, chat_unread. A key ending in _chat is a chat message (its subject is not used).',
  ),
  sample: {
    key: 'shift_reminder',
    subject_ja: '【{{company}}】明日のシフトのお知らせ',
    subject_en: '[{{company}}] Your shift tomorrow',
    body_ja: '{{name}} 様\n\n明日 {{date}} から「{{job}}」のシフトがあります。\n詳細：{{link}}',
    body_en: 'Dear {{name}},\n\nYou have a shift for "{{job}}" tomorrow from {{date}}.\nDetails: {{link}}',
    company_id: '$company',
  },
});

export const contractTemplateResource = documentResource('contract', {
  name: 'contractTemplate',
  plural: 'contractTemplates',
  title: t('契約書テンプレート', 'Contract template'),
  titlePlural: t('契約書テンプレート', 'Contract templates'),
  subject: t('タイトル', 'Title'),
  keyHint: t('契約書の種類を表すキーです（例：dispatch_contract）。', 'A key for the kind of contract (e.g. dispatch_contract).'),
  sample: {
    key: 'part_time_contract',
    subject_ja: 'アルバイト雇用契約書',
    subject_en: 'Part-time employment contract',
    body_ja: '{{company}}（以下「甲」）と{{worker}}（以下「乙」）は、次のとおり雇用契約を締結する。\n\n期間：{{start_date}}〜{{end_date}}',
    body_en: '{{company}} ("Employer") and {{worker}} ("Employee") agree to the following employment contract.\n\nTerm: {{start_date}} to {{end_date}}',
    company_id: '$company',
  },
});

export const billingTemplateResource = documentResource('billing', {
  name: 'billingTemplate',
  plural: 'billingTemplates',
  title: t('請求書テンプレート', 'Invoice template'),
  titlePlural: t('請求書テンプレート', 'Invoice templates'),
  subject: t('タイトル', 'Title'),
  keyHint: t('請求書の種類を表すキーです（例：monthly_invoice）。', 'A key for the kind of invoice (e.g. monthly_invoice).'),
  sample: {
    key: 'spot_invoice',
    subject_ja: '請求書（スポット）{{invoice_no}}',
    subject_en: 'Invoice (spot work) {{invoice_no}}',
    body_ja: '{{client}} 御中\n\nご請求金額：{{amount}}\nお支払期限：{{due_date}}',
    body_en: 'To {{client}}\n\nAmount due: {{amount}}\nDue date: {{due_date}}',
    company_id: '$company',
  },
});

// ---------------------------------------------------------------- industries and categories (200010, 200011)

export const jobIndustryResource: ResourceDef = {
  name: 'jobIndustry',
  plural: 'jobIndustries',
  table: 'job_industries',
  title: t('業種', 'Job industry'),
  titlePlural: t('業種', 'Job industries'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: platformScope,
  fields: [nameJa(t('業種名（日本語）', 'Industry (Japanese)')), nameEn(t('業種名（英語）', 'Industry (English)')), sortField()],
  sample: { name_ja: '農業', name_en: 'Agriculture', sort: 90 },
  screens: [{ path: '/admin/templates/jobindustries', mode: 'single' }],
};

/** Every industry as choices: reference data, cached per process (migration 0017 notifies on a write). */
export function allIndustryOptions(db: OptionContext['db']): Promise<Option[]> {
  return cachedReference(db, 'industryOptions', async () => {
    const rows = await db.selectFrom('job_industries').select(['id', 'name_ja', 'name_en']).orderBy('sort').orderBy('name_ja').execute();
    return rows.map((r) => ({ value: r.id, label: { ja: r.name_ja, en: r.name_en || r.name_ja } }));
  });
}

/** Every industry (platform-wide), for the platform's own editors. */
export async function industryOptions({ tenant, db }: OptionContext): Promise<Option[]> {
  return isPlatform(tenant) ? allIndustryOptions(db) : [];
}

export const jobCategoryResource: ResourceDef = {
  name: 'jobCategory',
  plural: 'jobCategories',
  table: 'job_categories',
  title: t('職種', 'Job category'),
  titlePlural: t('職種', 'Job categories'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: platformScope,
  fields: [
    nameJa(t('職種名（日本語）', 'Category (Japanese)')),
    nameEn(t('職種名（英語）', 'Category (English)')),
    f.ref('industry_id', t('業種', 'Industry'), industryOptions, { required: false, list: true, filter: true }),
    sortField(),
  ],
  sample: { name_ja: '検品', name_en: 'Inspection', sort: 90 },
  screens: [{ path: '/admin/templates/jobcategories', mode: 'single' }],
};

// ---------------------------------------------------------------- terms and privacy (200012, 200013)

function legalResource(kind: 'terms' | 'privacy', o: { name: string; plural: string; title: Text; titlePlural: Text; publicPath: string; sample: Record<string, unknown> }): ResourceDef {
  const bodyHint = t('空行で段落を区切ります。「第1条（…）」だけの行は見出しになります。HTMLは使えません（文字のまま表示されます）。', 'Separate paragraphs with a blank line; a line with only “Article 1 (…)” becomes a heading. No HTML (it is shown as typed).');
  return {
    name: o.name,
    plural: o.plural,
    table: 'document_templates',
    title: o.title,
    titlePlural: o.titlePlural,
    labelField: 'key',
    defaultSort: { field: 'created_at', dir: 'desc' },
    scope: platformScope,
    fixed: { kind },
    fields: [
      f.text('key', t('版', 'Version'), { schema: keySchema, list: true, sortable: true, search: true, hint: t('版を区別する名前です（例：2026-11）。', 'A name for the version (e.g. 2026-11).') }),
      f.text('subject_ja', t('タイトル（日本語）', 'Title (Japanese)'), { max: 200, list: true, search: true }),
      f.text('subject_en', t('タイトル（英語）', 'Title (English)'), { max: 200, search: true }),
      f.textarea('body_ja', t('本文（日本語）', 'Body (Japanese)'), { required: true, max: 100_000, search: true, hint: bodyHint }),
      f.textarea('body_en', t('本文（英語）', 'Body (English)'), { required: true, max: 100_000, search: true, hint: bodyHint }),
      f.boolean('published', t('公開する', 'Publish'), {
        list: true,
        filter: true,
        hint: t(`公開すると公開日時が記録され、最も新しく公開した版が ${o.publicPath} に表示されます。`, `Publishing records the time; the most recently published version is shown at ${o.publicPath}.`),
      }),
    ],
    validate: uniqueKey('document_templates', kind, t('この版は既にあります。', 'This version already exists.')),
    sample: o.sample,
    screens: [{ path: `/admin/templates/${kind}`, mode: 'single' }],
  };
}

export const termsResource = legalResource('terms', {
  name: 'termsVersion',
  plural: 'termsVersions',
  title: t('利用規約', 'Terms of use'),
  titlePlural: t('利用規約', 'Terms of use'),
  publicPath: '/terms',
  sample: { key: 'sample-draft', subject_ja: '利用規約（案）', subject_en: 'Terms of use (draft)', body_ja: '第1条（適用）\n\n本規約は…', body_en: 'Article 1 (Scope)\n\nThese Terms…', published: false },
});

export const privacyResource = legalResource('privacy', {
  name: 'privacyVersion',
  plural: 'privacyVersions',
  title: t('プライバシーポリシー', 'Privacy policy'),
  titlePlural: t('プライバシーポリシー', 'Privacy policy'),
  publicPath: '/policy',
  sample: { key: 'sample-draft', subject_ja: 'プライバシーポリシー（案）', subject_en: 'Privacy policy (draft)', body_ja: '第1条（総則）\n\n運営者は…', body_en: 'Article 1 (General)\n\nThe Operator…', published: false },
});

/** Every template page's definition, in the order of SPEC §2. */
export const TEMPLATE_RESOURCES: ResourceDef[] = [
  jobStatusResource,
  candidateStatusResource,
  dailyChatbotResource,
  appSettingResource,
  otherChatbotResource,
  mailTemplateResource,
  contractTemplateResource,
  billingTemplateResource,
  jobIndustryResource,
  jobCategoryResource,
  termsResource,
  privacyResource,
];

import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { type Tenant, hasNoTenant, isCompany, isPlatform, companyIdOf, tenantScopedQuery } from '../../../access/tenancy.ts';
import type { DB } from '../../../db/connect.ts';
import { type Lang, type Text } from '../../../../shared/i18n.ts';
import { renderTemplate, templateVariables, type TemplateVars } from '../render-template.ts';
import { MAIL_NAMES, MAIL_VARIABLES, type MailKey } from '../mail.ts';
import { statusPathLabel, withTreeOwner, wouldCycle } from '../status-tree.ts';
import { companyScope, f, inBoth, platformScope, type FieldDef, type Option, type OptionContext, type ResourceDef, type ResourceValidateContext } from '../../../resources/define.ts';
import { msg, msgText, type TextKey } from '../../../../shared/texts/index.ts';
import { companyOptions } from '../../companies/defs/organizations.ts';
import { cachedReference } from '../../enums/reference-cache.ts';

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
    params: msgText('res.templates.keyFormat'),
  });

const nameJa = (label = msgText('res.templates.nameJapanese')) => f.text('name_ja', label, { max: 100, list: true, sortable: true, search: true });
const nameEn = (label = msgText('res.templates.nameEnglish')) => f.text('name_en', label, { max: 100, list: true, sortable: true, search: true });
const sortField = () => f.number('sort', msgText('res.templates.order'), { min: 0, max: 9999, list: true, sortable: true, hint: msgText('res.templates.shownAscendingOrder') });

/** The owning company of a company-scoped template; only platform users choose it. */
const companyField = (): FieldDef =>
  f.ref('company_id', msgText('res.common.company'), companyOptions, {
    required: false,
    platformOnly: true,
    createOnly: true,
    list: true,
    filter: true,
    hint: msgText('res.templates.leaveBlankPlatform'),
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
    return (await q.executeTakeFirst()) ? { key: taken[lang] } : {};
  };
}

// ---------------------------------------------------------------- job statuses (200002)

export const jobStatusResource: ResourceDef = {
  name: 'jobStatus',
  plural: 'jobStatuses',
  table: 'job_statuses',
  title: msgText('res.templates.jobStatus'),
  titlePlural: msgText('res.templates.jobStatuses'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: companyScope(),
  fields: [
    nameJa(),
    nameEn(),
    f.color('color', msgText('res.templates.colour'), { list: true, hint: msgText('res.templates.usedListsBadges') }),
    f.boolean('is_open', msgText('res.templates.acceptsApplications'), {
      list: true,
      filter: true,
      hint: msgText('res.templates.whenOffJobs'),
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
    const path = inBoth((lang) => statusPathLabel(rows, r.id, lang));
    if (!isPlatform(tenant)) return { value: r.id, label: path };
    return { value: r.id, label: withTreeOwner(path, r.company_id ? { name: r.company_name, name_en: r.company_name_en } : null) };
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
    return { parent_id: msg(lang, 'res.templates.chooseStatusSame') };
  }
  if (id && wouldCycle(statuses, id, parentId)) {
    return {
      parent_id: msg(lang, 'res.templates.statusCannotPlaced'),
    };
  }
  return {};
};

export const CANDIDATE_LISTS: Option[] = [
  { value: 'candidate', label: msgText('res.common.candidates') },
  { value: 'kakunin', label: msgText('res.templates.confirmationKakunin') },
  { value: 'shukkin', label: msgText('res.templates.attendanceShukkin') },
];

export const candidateStatusResource: ResourceDef = {
  name: 'candidateStatus',
  plural: 'candidateStatuses',
  table: 'candidate_statuses',
  title: msgText('res.templates.candidateStatus'),
  titlePlural: msgText('res.templates.candidateStatuses'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: companyScope(),
  fields: [
    nameJa(),
    nameEn(),
    f.ref('parent_id', msgText('res.templates.parentStatus'), candidateStatusOptions, {
      required: false,
      list: true,
      filter: true,
      hint: msgText('res.templates.leaveBlankTop'),
    }),
    f.select('list', msgText('res.templates.list'), CANDIDATE_LISTS, {
      list: true,
      filter: true,
      sortable: true,
      hint: msgText('res.templates.listWhichCandidates'),
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
      f.number('step', msgText('res.templates.step'), { min: 1, max: 99, list: true, sortable: true, hint: msgText('res.templates.orderWhichBot') }),
      f.text('trigger', msgText('res.templates.triggerKeywords'), {
        schema: blankable(200),
        list: true,
        search: true,
        hint: msgText('res.templates.triggerHint', { greeting: 'こんにちは' }),
      }),
      f.textarea('message_ja', msgText('res.templates.messageJapanese'), { required: true, max: 2000, list: true, search: true }),
      f.textarea('message_en', msgText('res.templates.messageEnglish'), { required: true, max: 2000, search: true }),
      f.boolean('active', msgText('res.common.active'), { list: true, filter: true }),
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
  title: msgText('res.templates.chatbotMessage'),
  titlePlural: msgText('res.templates.chatbot'),
  sample: {
    step: 9,
    trigger: '交通費, transport',
    message_ja: '交通費は勤務先までの実費を支給します。',
    message_en: 'Transport costs to the workplace are paid in full.',
    active: true,
    company_id: '$company',
  },
});

export const otherChatbotResource = chatbotResource('other', {
  name: 'otherChatbotMessage',
  plural: 'otherChatbotMessages',
  path: '/admin/templates/otherchatbot',
  title: msgText('res.templates.otherChatbotMessage'),
  titlePlural: msgText('res.templates.otherChatbot'),
  sample: { step: 9, trigger: '面接, interview', message_ja: '面接はオンラインでも受けられます。', message_en: 'Interviews can also be held online.', active: true, company_id: '$company' },
});

// ---------------------------------------------------------------- app settings (200005)

const settingKeyFree = uniqueKey('app_settings', null, msgText('res.templates.settingKeyAlready'));

/**
 * The settings the app reads as a switch or a number, and how: the chatbot answers unless its
 * value is "false" (so "off" or "no" would leave it on), and a number is read by its digits (so
 * "abc" would be no minimum, no reminder hours), and the support address must be one a mail can go
 * to. Such a value is refused beside the field.
 */
const SETTING_READS: Record<string, { ok: (v: string) => boolean; need: Text }> = {
  'chat.bot_enabled': { ok: (v) => /^(true|false)$/i.test(v), need: msgText('res.templates.settingTrueFalse') },
  'shift.reminder_hours': { ok: (v) => /^[0-9][0-9,]*$/.test(v), need: msgText('res.templates.settingWholeNumber') },
  'quickpay.min_amount': { ok: (v) => /^[0-9][0-9,]*$/.test(v), need: msgText('res.templates.settingWholeNumber') },
  // Where contact messages are mailed (server/modules/contact/service.ts): blank mails none.
  'support.email': { ok: (v) => v === '' || z.email().safeParse(v).success, need: msgText('res.templates.settingEmail') },
};

const settingReadable: Validate = async (input, { db, id, lang }): Promise<Record<string, string>> => {
  if (typeof input.value !== 'string') return {};
  const key = typeof input.key === 'string' ? input.key.trim() : id ? (await db.selectFrom('app_settings').select('key').where('id', '=', id).executeTakeFirst())?.key : undefined;
  const read = key !== undefined && Object.hasOwn(SETTING_READS, key) ? SETTING_READS[key] : undefined;
  if (!read || read.ok(input.value.trim())) return {};
  return { value: read.need[lang] };
};

export const appSettingResource: ResourceDef = {
  name: 'appSetting',
  plural: 'appSettings',
  table: 'app_settings',
  title: msgText('res.templates.appSetting'),
  titlePlural: msgText('res.templates.appSettings'),
  labelField: 'key',
  defaultSort: { field: 'key', dir: 'asc' },
  scope: companyScope(),
  fields: [
    f.text('key', msgText('res.templates.key'), {
      schema: keySchema,
      createOnly: true,
      list: true,
      sortable: true,
      search: true,
      hint: msgText('res.templates.nameAppReads'),
    }),
    f.text('value', msgText('res.templates.value'), { schema: blankable(2000), list: true, search: true }),
    f.text('description', msgText('res.templates.description'), { schema: blankable(300), list: true, search: true }),
    companyField(),
  ],
  validate: async (input, ctx) => ({ ...(await settingKeyFree(input, ctx)), ...(await settingReadable(input, ctx)) }),
  sample: { key: 'sample.setting', value: '42', description: 'テスト用の設定 / A setting for tests', company_id: '$company' },
  screens: [{ path: '/admin/templates/appsettings', mode: 'single' }],
};

// ---------------------------------------------------------------- mail, contract and invoice templates (200007–200009)

/** A template variable: its name (`{{name}}`), what it stands for, and its preview's sample value (catalogue keys). */
const variable = (name: string, label: TextKey, sample: TextKey) => ({ name, label: msgText(label), sample: msgText(sample) });

/** The variables each document template may use, and the sample values of its preview. */
export const TEMPLATE_VARIABLES: Record<'mail' | 'contract' | 'billing', { name: string; label: Text; sample: Text }[]> = {
  mail: [
    variable('name', 'res.templates.recipientsName', 'res.templates.sample.name'),
    variable('company', 'res.templates.companyName', 'res.templates.sample.company'),
    variable('link', 'res.templates.link', 'res.templates.sample.link'),
    variable('job', 'res.templates.jobTitle', 'res.templates.sample.job'),
    variable('date', 'res.templates.dateTime', 'res.templates.sample.date'),
    variable('status', 'res.templates.applicationStatus', 'res.templates.sample.status'),
    variable('email', 'res.templates.loginEmailAddress', 'res.templates.sample.email'),
    variable('invitedBy', 'res.templates.whoInvited', 'res.templates.sample.invitedBy'),
    variable('companyName', 'res.templates.trialCompanyName', 'res.templates.sample.company'),
    variable('about', 'res.templates.unreadMailWhat', 'res.templates.sample.about'),
    variable('messages', 'res.templates.unreadMailUnread', 'res.templates.sample.messages'),
    variable('note', 'res.templates.unreadMailWhy', 'res.templates.sample.note'),
  ],
  contract: [
    variable('worker', 'res.templates.workersName', 'res.templates.sample.name'),
    variable('company', 'res.templates.staffingCompany', 'res.templates.sample.company'),
    variable('client', 'res.templates.clientBusiness', 'res.templates.sample.client'),
    variable('job', 'res.templates.job', 'res.templates.sample.contractJob'),
    variable('place', 'res.templates.workplace', 'res.templates.sample.place'),
    variable('start_date', 'res.templates.startDate', 'res.templates.sample.startDate'),
    variable('end_date', 'res.templates.endDate', 'res.templates.sample.endDate'),
    variable('wage', 'res.templates.hourlyWage', 'res.templates.sample.wage'),
  ],
  billing: [
    variable('client', 'res.templates.client', 'res.templates.sample.client'),
    variable('company', 'res.templates.issuer', 'res.templates.sample.company'),
    variable('invoice_no', 'res.templates.invoiceNumber', 'res.templates.sample.invoiceNo'),
    variable('period', 'res.templates.billingPeriod', 'res.templates.sample.period'),
    variable('amount', 'res.templates.amount', 'res.templates.sample.amount'),
    variable('due_date', 'res.templates.dueDate', 'res.templates.sample.dueDate'),
    variable('bank_account', 'res.templates.bankAccount', 'res.templates.sample.bankAccount'),
  ],
};

const variablesHint = (kind: keyof typeof TEMPLATE_VARIABLES, only?: readonly string[]): Text => {
  const vars = TEMPLATE_VARIABLES[kind].filter((v) => !only || only.includes(v.name));
  const list = (lang: Lang) => vars.map((v) => msg(lang, 'res.common.parenthesised', { text: `{{${v.name}}}`, note: v.label[lang] })).join(msg(lang, 'list.separator'));
  return inBoth((lang) => msg(lang, 'res.templates.variablesHint', { variables: list(lang) }));
};

/** Sample values of a kind's variables in one language (the preview's). */
export function sampleVars(kind: keyof typeof TEMPLATE_VARIABLES, lang: Lang): TemplateVars {
  return Object.fromEntries(TEMPLATE_VARIABLES[kind].map((v) => [v.name, v.sample[lang]]));
}

/**
 * The record page's preview: subject and body in the page language, filled with sample values. A
 * mail whose key the product sends gets only the variables that mail is sent with (MAIL_VARIABLES):
 * another one stays visible, as it does in the mail.
 */
function documentPreview(kind: keyof typeof TEMPLATE_VARIABLES) {
  return (row: Record<string, unknown>, lang: Lang) => {
    const pick = (field: string) => {
      const own = row[`${field}_${lang}`];
      return typeof own === 'string' && own.trim() ? own : String(row[`${field}_ja`] ?? '');
    };
    const sent = kind === 'mail' && Object.hasOwn(MAIL_VARIABLES, String(row.key)) ? MAIL_VARIABLES[row.key as MailKey] : null;
    const vars = Object.fromEntries(Object.entries(sampleVars(kind, lang)).filter(([name]) => !sent || sent.includes(name)));
    return { title: renderTemplate(pick('subject'), vars), body: renderTemplate(pick('body'), vars) };
  };
}

/**
 * A template may use only the variables its documents are filled with: a mail the product sends,
 * those it is sent with (MAIL_VARIABLES); a contract or an invoice, its kind's. Any other would
 * reach the reader as typed ("{{date}}"), so it is refused when saved, naming the ones that may be
 * used. An older mail row whose key the product does not send is not checked (nothing fills it).
 */
function knownVariables(kind: keyof typeof TEMPLATE_VARIABLES): Validate {
  const fields = ['subject_ja', 'subject_en', 'body_ja', 'body_en'] as const;
  return async (input, { db, id, lang }) => {
    const typed = fields.filter((f) => typeof input[f] === 'string');
    if (!typed.length) return {};
    let allowed: readonly string[] | null = TEMPLATE_VARIABLES[kind].map((v) => v.name);
    if (kind === 'mail') {
      const key = input.key ?? (id ? (await db.selectFrom('document_templates').select('key').where('id', '=', id).executeTakeFirst())?.key : undefined);
      allowed = typeof key === 'string' && Object.hasOwn(MAIL_VARIABLES, key) ? MAIL_VARIABLES[key as MailKey] : null;
    }
    if (!allowed) return {};
    const named = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(msg(lang, 'list.separator'));
    const errors: Record<string, string> = {};
    for (const f of typed) {
      const unknown = templateVariables(String(input[f])).filter((n) => !allowed.includes(n));
      if (unknown.length) errors[f] = msg(lang, 'res.templates.unknownVariable', { unknown: named(unknown), allowed: named(allowed) });
    }
    return errors;
  };
}

function documentResource(
  kind: 'mail' | 'contract' | 'billing',
  o: { name: string; plural: string; title: Text; titlePlural: Text; subject: Text; key: FieldDef; sample: Record<string, unknown>; sampleReplaces?: readonly string[] },
): ResourceDef {
  const hint = variablesHint(kind);
  const keyFree = uniqueKey('document_templates', kind, msgText('res.templates.templateKeyAlready'));
  const variablesKnown = knownVariables(kind);
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
      o.key,
      f.text(
        'subject_ja',
        inBoth((lang) => msg(lang, 'res.templates.inJapanese', { label: o.subject[lang] })),
        { max: 200, list: true, sortable: true, search: true },
      ),
      f.text(
        'subject_en',
        inBoth((lang) => msg(lang, 'res.templates.inEnglish', { label: o.subject[lang] })),
        { max: 200, list: true, search: true },
      ),
      f.textarea('body_ja', msgText('res.templates.bodyJapanese'), { required: true, search: true, hint }),
      f.textarea('body_en', msgText('res.templates.bodyEnglish'), { required: true, search: true, hint }),
      companyField(),
    ],
    validate: async (input, ctx) => ({ ...(await keyFree(input, ctx)), ...(await variablesKnown(input, ctx)) }),
    preview: documentPreview(kind),
    sample: o.sample,
    ...(o.sampleReplaces ? { sampleReplaces: o.sampleReplaces } : {}),
    screens: [{ path: `/admin/templates/${kind}`, mode: 'single' }],
  };
}

/** A contract's or an invoice's key: named by the company, free text. */
const namedKey = (hint: Text) => f.text('key', msgText('res.templates.key'), { schema: keySchema, list: true, sortable: true, search: true, hint });

/** Every key the product sends a mail or a chat note by (MAIL_VARIABLES), in the order written there. */
const MAIL_KEYS = Object.keys(MAIL_VARIABLES) as MailKey[];

/** What a mail key is for, in one language: its mail's name (MAIL_NAMES); a `_chat` key is that mail's chat note. */
function mailName(key: MailKey, lang: Lang): string {
  if (!key.endsWith('_chat')) return MAIL_NAMES[key as keyof typeof MAIL_NAMES][lang];
  return msg(lang, 'res.templates.mail.chatNote', { mail: MAIL_NAMES[key.slice(0, -'_chat'.length) as keyof typeof MAIL_NAMES][lang] });
}

/** Each mail key as a choice, named in the reader's language: "interview_reminder (interview reminder)". */
const MAIL_KEY_OPTIONS: Option[] = MAIL_KEYS.map((key) => ({ value: key, label: inBoth((lang) => msg(lang, 'res.common.parenthesised', { text: key, note: mailName(key, lang) })) }));

/**
 * The mail keys a new template may still take for the caller: those its company has no template
 * of; for a platform user, whose form may be for any company or the platform defaults, those that
 * one of them has none of (the save then refuses a key the chosen one holds: `taken`).
 */
async function unwrittenMailKeys({ tenant, db }: OptionContext): Promise<MailKey[]> {
  if (!isPlatform(tenant) && !isCompany(tenant)) return [];
  const held = db
    .selectFrom('document_templates')
    .select(['key', (eb) => eb.fn.countAll<string>().as('owners')])
    .where('kind', '=', 'mail')
    .where('key', 'in', MAIL_KEYS)
    .groupBy('key');
  if (isCompany(tenant)) {
    const own = new Set((await held.where('company_id', '=', tenant.companyId).execute()).map((r) => r.key));
    return MAIL_KEYS.filter((key) => !own.has(key));
  }
  // One template per owner and key (document_templates_key_uq): a key every company and the platform hold is taken everywhere.
  const [rows, companies] = await Promise.all([
    held.execute(),
    db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const everywhere = Number(companies.n) + 1;
  const full = new Set(rows.filter((r) => Number(r.owners) >= everywhere).map((r) => r.key));
  return MAIL_KEYS.filter((key) => !full.has(key));
}

/** A mail template's key: one of the mails the product sends, never free text (a template of any other key would never be sent). */
const mailKey = (): FieldDef => ({
  ...f.select('key', msgText('res.templates.key'), MAIL_KEY_OPTIONS, { createOnly: true, list: true, sortable: true, search: true, hint: msgText('res.templates.mailKeyHint') }),
  schema: z
    .string()
    .trim()
    .min(1)
    .refine((v) => Object.hasOwn(MAIL_VARIABLES, v), { message: 'mail', params: msgText('res.templates.notAMail') }),
  offered: { values: unwrittenMailKeys, none: msgText('res.templates.everyMailWritten') },
});

/** Each mail's variables as its body's hint: only those it is sent with, as the save checks (knownVariables). */
const MAIL_HINTS = new Map(MAIL_KEYS.map((key) => [key, variablesHint('mail', MAIL_VARIABLES[key])]));

/**
 * A mail template's record names in its body's hint the variables of the mail of its key, not
 * every mail's: the new form, whose key is not chosen yet, lists them all. A key the product does
 * not send keeps that list.
 */
function mailHints(row: Record<string, unknown>): Partial<Record<string, Text>> {
  const hint = MAIL_HINTS.get(row.key as MailKey);
  return hint ? { body_ja: hint, body_en: hint } : {};
}

export const mailTemplateResource: ResourceDef = {
  ...documentResource('mail', {
    name: 'mailTemplate',
    plural: 'mailTemplates',
    title: msgText('res.templates.mailTemplate'),
    titlePlural: msgText('res.templates.mailTemplates'),
    subject: msgText('res.templates.subject'),
    key: mailKey(),
    // Every company holds a template of every mail: the sample takes the place of its company's interview reminder.
    sample: {
      key: 'interview_reminder',
      subject_ja: '【{{company}}】明日の面接のお知らせ',
      subject_en: '[{{company}}] Your interview tomorrow',
      body_ja: '{{name}} 様\n\n明日 {{date}} から「{{job}}」の面接があります。\n詳細：{{link}}',
      body_en: 'Dear {{name}},\n\nYou have an interview for "{{job}}" tomorrow from {{date}}.\nDetails: {{link}}',
      company_id: '$company',
    },
    sampleReplaces: ['company_id', 'key'],
  }),
  recordHints: mailHints,
};

export const contractTemplateResource = documentResource('contract', {
  name: 'contractTemplate',
  plural: 'contractTemplates',
  title: msgText('res.templates.contractTemplate'),
  titlePlural: msgText('res.templates.contractTemplates'),
  subject: msgText('res.common.title'),
  key: namedKey(msgText('res.templates.keyKindContract')),
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
  title: msgText('res.templates.invoiceTemplate'),
  titlePlural: msgText('res.templates.invoiceTemplates'),
  subject: msgText('res.common.title'),
  key: namedKey(msgText('res.templates.keyKindInvoice')),
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
  title: msgText('res.templates.jobIndustry'),
  titlePlural: msgText('res.templates.jobIndustries'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: platformScope,
  fields: [nameJa(msgText('res.templates.industryJapanese')), nameEn(msgText('res.templates.industryEnglish')), sortField()],
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
  title: msgText('res.templates.jobCategory'),
  titlePlural: msgText('res.templates.jobCategories'),
  labelField: 'name_ja',
  defaultSort: { field: 'sort', dir: 'asc' },
  scope: platformScope,
  fields: [
    nameJa(msgText('res.templates.categoryJapanese')),
    nameEn(msgText('res.templates.categoryEnglish')),
    f.ref('industry_id', msgText('res.common.industry'), industryOptions, { required: false, list: true, filter: true }),
    sortField(),
  ],
  sample: { name_ja: '検品', name_en: 'Inspection', sort: 90 },
  screens: [{ path: '/admin/templates/jobcategories', mode: 'single' }],
};

// ---------------------------------------------------------------- terms and privacy (200012, 200013)

function legalResource(kind: 'terms' | 'privacy', o: { name: string; plural: string; title: Text; titlePlural: Text; publicPath: string; sample: Record<string, unknown> }): ResourceDef {
  const bodyHint = msgText('res.templates.separateParagraphsBlank');
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
      f.text('key', msgText('res.templates.version'), { schema: keySchema, list: true, sortable: true, search: true, hint: msgText('res.templates.versionHint') }),
      f.text('subject_ja', msgText('res.templates.titleJapanese'), { max: 200, list: true, search: true }),
      f.text('subject_en', msgText('res.common.titleEnglish'), { max: 200, search: true }),
      f.textarea('body_ja', msgText('res.templates.bodyJapanese'), { required: true, max: 100_000, search: true, hint: bodyHint }),
      f.textarea('body_en', msgText('res.templates.bodyEnglish'), { required: true, max: 100_000, search: true, hint: bodyHint }),
      f.boolean('published', msgText('res.templates.publish'), {
        list: true,
        filter: true,
        hint: msgText('res.templates.publishHint', { path: o.publicPath }),
      }),
    ],
    computed: [
      {
        name: 'shown',
        label: inBoth((lang) => msg(lang, 'res.templates.shownAt', { path: o.publicPath })),
        list: true,
        // The version the public page shows (latestPublished, legal.ts): the newest published one.
        sql: (table, lang) =>
          sql<string | null>`case when ${sql.ref(`${table}.id`)} = (select l.id from document_templates l
            where l.kind = ${kind} and l.company_id is null and l.published and l.published_at is not null
            order by l.published_at desc, l.created_at desc limit 1) then ${msg(lang, 'res.templates.shownNow')} end`,
      },
    ],
    validate: uniqueKey('document_templates', kind, msgText('res.templates.versionAlreadyExists')),
    sample: o.sample,
    screens: [{ path: `/admin/templates/${kind}`, mode: 'single' }],
  };
}

export const termsResource = legalResource('terms', {
  name: 'termsVersion',
  plural: 'termsVersions',
  title: msgText('common.termsOfUse'),
  titlePlural: msgText('common.termsOfUse'),
  publicPath: '/terms',
  sample: {
    key: 'sample-draft',
    subject_ja: '利用規約（案）',
    subject_en: 'Terms of use (draft)',
    body_ja: '第1条（適用）\n\n本規約は…',
    body_en: 'Article 1 (Scope)\n\nThese Terms…',
    published: false,
  },
});

export const privacyResource = legalResource('privacy', {
  name: 'privacyVersion',
  plural: 'privacyVersions',
  title: msgText('common.privacyPolicy'),
  titlePlural: msgText('common.privacyPolicy'),
  publicPath: '/policy',
  sample: {
    key: 'sample-draft',
    subject_ja: 'プライバシーポリシー（案）',
    subject_en: 'Privacy policy (draft)',
    body_ja: '第1条（総則）\n\n運営者は…',
    body_en: 'Article 1 (General)\n\nThe Operator…',
    published: false,
  },
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

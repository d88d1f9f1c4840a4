import type { DB } from '../../db/connect.ts';
import type { Lang, Text } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { POLICY_ARTICLES, TERMS_ARTICLES, type LegalArticle } from '../../../shared/content/legal.ts';

/**
 * The platform defaults of the template pages (company_id null): reference data every install
 * needs, written by seedBase into empty tables. New companies get a copy of the company-scoped
 * ones (copy.ts); industries, categories, terms and privacy stay platform-wide.
 */

const t = (ja: string, en: string): Text => ({ ja, en });

export const DEFAULT_JOB_STATUSES: { name: Text; color: string; is_open: boolean; sort: number }[] = [
  { name: t('下書き', 'Draft'), color: '#757575', is_open: false, sort: 5 },
  { name: t('募集中', 'Open'), color: '#2E7D32', is_open: true, sort: 10 },
  { name: t('一時停止', 'Paused'), color: '#F9A825', is_open: false, sort: 20 },
  { name: t('充足', 'Filled'), color: '#154D9E', is_open: false, sort: 30 },
  { name: t('募集終了', 'Closed'), color: '#C62828', is_open: false, sort: 40 },
];

export interface DefaultStatus {
  key: string;
  parent: string | null;
  name: Text;
  list: 'candidate' | 'kakunin' | 'shukkin';
  sort: number;
}

/** The candidate pipeline as a tree: 応募 → 書類確認 → 面接 → 内定 → 就業確認 → 出勤, with 不採用 and 辞退 under 応募. */
export const DEFAULT_CANDIDATE_STATUSES: DefaultStatus[] = [
  { key: 'applied', parent: null, name: t('応募', 'Applied'), list: 'candidate', sort: 10 },
  { key: 'screening', parent: 'applied', name: t('書類確認', 'Document check'), list: 'candidate', sort: 20 },
  { key: 'interview', parent: 'screening', name: t('面接', 'Interview'), list: 'candidate', sort: 30 },
  { key: 'offer', parent: 'interview', name: t('内定', 'Offer'), list: 'candidate', sort: 40 },
  { key: 'kakunin', parent: 'offer', name: t('就業確認', 'Work confirmation'), list: 'kakunin', sort: 50 },
  { key: 'shukkin', parent: 'kakunin', name: t('出勤', 'Attendance'), list: 'shukkin', sort: 60 },
  { key: 'rejected', parent: 'applied', name: t('不採用', 'Rejected'), list: 'candidate', sort: 80 },
  { key: 'withdrawn', parent: 'applied', name: t('辞退', 'Withdrawn'), list: 'candidate', sort: 90 },
];

export const DEFAULT_CHATBOT: { kind: 'daily' | 'other'; step: number; trigger: string; message: Text }[] = [
  {
    kind: 'daily',
    step: 1,
    trigger: '',
    message: t(
      'こんにちは！Tsunaguのデイリー（スポット）求人サポートです。ご応募ありがとうございます。ご質問があれば、このチャットにお送りください。',
      'Hello! This is Tsunagu’s daily (spot) job support. Thank you for applying. If you have any questions, send them in this chat.',
    ),
  },
  {
    kind: 'daily',
    step: 2,
    trigger: '',
    message: t('シフトの前日までに、集合場所・持ち物・服装をお知らせします。', 'By the day before your shift we will tell you the meeting place, what to bring and what to wear.'),
  },
  {
    kind: 'daily',
    step: 3,
    trigger: '遅刻, 欠勤, late, absent',
    message: t('遅刻・欠勤の場合は、勤務開始の1時間前までに必ずこのチャットでお知らせください。', 'If you will be late or absent, tell us in this chat at least one hour before your shift starts.'),
  },
  {
    kind: 'daily',
    step: 4,
    trigger: '給与, 給料, pay, salary',
    message: t(
      '日払いの給与は、勤務の翌営業日にお振り込みします。クイックペイで前払いを申請することもできます。',
      'Daily pay is transferred on the next business day after your shift. You can also request an advance with quick pay.',
    ),
  },
  {
    kind: 'other',
    step: 1,
    trigger: '',
    message: t(
      'こんにちは！Tsunaguのアルバイト求人サポートです。ご応募ありがとうございます。担当者から2営業日以内にご連絡します。',
      'Hello! This is Tsunagu’s part-time job support. Thank you for applying. Our staff will contact you within two business days.',
    ),
  },
  {
    kind: 'other',
    step: 2,
    trigger: '面接, interview',
    message: t('面接は対面またはオンラインで行います。ご都合のよい日時を3つ教えてください。', 'Interviews are held in person or online. Please tell us three dates and times that suit you.'),
  },
  {
    kind: 'other',
    step: 3,
    trigger: '在留カード, ビザ, residence card, visa',
    message: t(
      '在留カードの表と裏の写真をこのチャットでお送りください。就労できる範囲を確認します。',
      'Please send photos of the front and back of your residence card in this chat so we can check what work you may do.',
    ),
  },
];

export const DEFAULT_APP_SETTINGS: { key: string; value: string; description: string }[] = [
  {
    key: 'support.email',
    value: 'support@tsunagu.example',
    description: 'お問い合わせと無料トライアルのお申し込みを送るメールアドレス（空欄：送らない） / Where contact messages and trial signups are mailed (blank: none)',
  },
  { key: 'chat.bot_enabled', value: 'true', description: 'チャットボットで自動応答する（true / false） / Answer with the chatbot (true / false)' },
  { key: 'shift.reminder_hours', value: '24', description: 'シフト開始の何時間前にリマインドを送るか / Hours before a shift to send a reminder' },
  { key: 'quickpay.min_amount', value: '1000', description: 'クイックペイで申請できる最低金額（円） / Minimum quick pay request (yen)' },
];

export const DEFAULT_DOCUMENTS: { kind: 'mail' | 'contract' | 'billing'; key: string; subject: Text; body: Text }[] = [
  {
    kind: 'mail',
    key: 'password_reset',
    subject: t('【Tsunagu】パスワード再設定のご案内', '[Tsunagu] Reset your password'),
    body: t(
      '{{name}} 様\n\nパスワード再設定のリクエストを受け付けました。\n1時間以内に次のリンクから新しいパスワードを設定してください。\n\n{{link}}\n\nお心当たりがない場合は、このメールを破棄してください。\n\nTsunagu',
      'Hello {{name}},\n\nWe received a request to reset your password.\nSet a new password within one hour with this link:\n\n{{link}}\n\nIf you did not ask for this, you can ignore this mail.\n\nTsunagu',
    ),
  },
  {
    kind: 'mail',
    key: 'invitation',
    subject: t('【Tsunagu】管理画面へのご招待', '[Tsunagu] You are invited to the back office'),
    body: t(
      '{{name}} 様\n\n{{invitedBy}} さんから Tsunagu の管理画面に招待されました。\n7日以内に次のリンクからパスワードを設定し、ログインしてください。\n\n{{link}}\n\nログインには、このメールアドレス（{{email}}）を使います。\nお心当たりがない場合は、このメールを破棄してください。\n\nTsunagu',
      'Hello {{name}},\n\n{{invitedBy}} invited you to the Tsunagu back office.\nSet your password within 7 days with this link, then log in:\n\n{{link}}\n\nYou log in with this address ({{email}}).\nIf you did not expect this, you can ignore this mail.\n\nTsunagu',
    ),
  },
  {
    kind: 'mail',
    key: 'application_received',
    subject: t('【{{company}}】ご応募ありがとうございます', '[{{company}}] Thank you for your application'),
    body: t(
      '{{name}} 様\n\n「{{job}}」へのご応募を受け付けました。\n担当者から2営業日以内にご連絡します。応募状況は次のリンクから確認できます。\n\n{{link}}\n\n{{company}}',
      'Dear {{name}},\n\nWe have received your application for "{{job}}".\nOur staff will contact you within two business days. You can check its status here:\n\n{{link}}\n\n{{company}}',
    ),
  },
  {
    kind: 'mail',
    key: 'interview_scheduled',
    subject: t('【{{company}}】面接日時のお知らせ', '[{{company}}] Your interview is scheduled'),
    body: t(
      '{{name}} 様\n\n「{{job}}」の面接日時が決まりました。\n\n日時：{{date}}\n詳細・オンライン面接の参加方法：{{link}}\n\nご都合が悪くなった場合は、チャットでお知らせください。\n\n{{company}}',
      'Dear {{name}},\n\nYour interview for "{{job}}" is scheduled.\n\nDate and time: {{date}}\nDetails and how to join online: {{link}}\n\nIf the time no longer suits you, please tell us in the chat.\n\n{{company}}',
    ),
  },
  {
    kind: 'mail',
    key: 'interview_scheduled_chat',
    subject: t('（チャット）面接のご案内', '(Chat) Interview invitation'),
    body: t(
      '「{{job}}」の面接日時が決まりました：{{date}}。場所・参加方法：{{link}}（メールでカレンダーの招待もお送りしました）',
      'Your interview for "{{job}}" is scheduled: {{date}}. Where / how to join: {{link}} (we also mailed you a calendar invitation).',
    ),
  },
  {
    kind: 'mail',
    key: 'interview_reminder',
    subject: t('【{{company}}】明日は面接です', '[{{company}}] Your interview is tomorrow'),
    body: t(
      '{{name}} 様\n\n「{{job}}」の面接のお知らせです。\n\n日時：{{date}}\n場所・参加方法：{{link}}\n\nご都合が悪くなった場合は、チャットでお知らせください。\n\n{{company}}',
      'Dear {{name}},\n\nA reminder of your interview for "{{job}}".\n\nDate and time: {{date}}\nWhere / how to join: {{link}}\n\nIf the time no longer suits you, please tell us in the chat.\n\n{{company}}',
    ),
  },
  {
    kind: 'mail',
    key: 'interview_reminder_chat',
    subject: t('（チャット）面接のリマインド', '(Chat) Interview reminder'),
    body: t('明日は「{{job}}」の面接です：{{date}}。場所・参加方法：{{link}}', 'Your interview for "{{job}}" is coming up: {{date}}. Where / how to join: {{link}}'),
  },
  {
    kind: 'mail',
    key: 'interview_cancelled',
    subject: t('【{{company}}】面接は取り消しになりました', '[{{company}}] Your interview is cancelled'),
    body: t(
      '{{name}} 様\n\n「{{job}}」の次の面接は取り消しになりました。お越しいただく必要はありません。\n\n日時：{{date}}\n\nカレンダーに登録した予定は削除してください。今後のことは担当者からチャットでご連絡します。\n\n{{company}}',
      'Dear {{name}},\n\nYour interview for "{{job}}" below is cancelled: please do not come.\n\nDate and time: {{date}}\n\nYou can remove it from your calendar. Our staff will tell you in the chat what comes next.\n\n{{company}}',
    ),
  },
  {
    kind: 'mail',
    key: 'interview_cancelled_chat',
    subject: t('（チャット）面接の取り消し', '(Chat) Interview cancelled'),
    body: t('「{{job}}」の面接（{{date}}）は取り消しになりました。お越しいただく必要はありません。', 'Your interview for "{{job}}" ({{date}}) is cancelled: please do not come.'),
  },
  {
    kind: 'mail',
    key: 'trial_invitation',
    subject: t('【Tsunagu】無料トライアルのお申し込みありがとうございます（パスワードの設定）', '[Tsunagu] Your free trial: set your password'),
    body: t(
      '{{name}} 様\n\n{{companyName}} の無料トライアルをお申し込みいただき、ありがとうございます。\n管理画面をご用意しました。7日以内に次のリンクからパスワードを設定すると、メールアドレスの確認が完了し、ログインできます。\n\n{{link}}\n\nログインには、このメールアドレス（{{email}}）を使います。\nお心当たりがない場合は、このメールを破棄してください。\n\nTsunagu',
      'Hello {{name}},\n\nThank you for signing {{companyName}} up for a free trial.\nYour back office is ready. Set your password within 7 days with this link; that confirms your address and lets you log in:\n\n{{link}}\n\nYou log in with this address ({{email}}).\nIf you did not sign up, you can ignore this mail.\n\nTsunagu',
    ),
  },
  {
    kind: 'mail',
    key: 'status_changed',
    subject: t('【{{company}}】応募状況が更新されました', '[{{company}}] Your application has been updated'),
    body: t(
      '{{name}} 様\n\n「{{job}}」への応募状況が「{{status}}」になりました。\n詳しくは次のリンクからご確認ください。\n\n{{link}}\n\n{{company}}',
      'Dear {{name}},\n\nYour application for "{{job}}" is now: {{status}}.\nSee the details here:\n\n{{link}}\n\n{{company}}',
    ),
  },
  {
    kind: 'mail',
    key: 'status_changed_chat',
    subject: t('（チャット）応募状況の更新', '(Chat) Application update'),
    body: t('「{{job}}」への応募状況が「{{status}}」になりました。', 'Your application for "{{job}}" is now: {{status}}.'),
  },
  {
    kind: 'mail',
    key: 'kakunin_request',
    subject: t('【{{company}}】勤務の確認をお願いします', '[{{company}}] Please confirm your shift'),
    body: t(
      '{{name}} 様\n\n「{{job}}」の勤務（{{date}}）が近づいています。\n出勤できることを、次のリンクから確認してください。\n\n{{link}}\n\n来られなくなった場合は、チャットでお知らせください。\n\n{{company}}',
      'Dear {{name}},\n\nYour shift for "{{job}}" ({{date}}) is coming up.\nPlease confirm that you will come, using this link:\n\n{{link}}\n\nIf you cannot come, please tell us in the chat.\n\n{{company}}',
    ),
  },
  {
    kind: 'mail',
    key: 'kakunin_request_chat',
    subject: t('（チャット）勤務の確認', '(Chat) Shift confirmation'),
    body: t(
      '「{{job}}」の勤務（{{date}}）に来られるか確認させてください。応募一覧の「出勤を確認する」ボタンから確認できます：{{link}}',
      'Please confirm that you will come to your shift for "{{job}}" ({{date}}). Use the "Confirm I will come" button on your applications: {{link}}',
    ),
  },
  {
    kind: 'mail',
    key: 'chat_unread',
    subject: t('【Tsunagu】{{company}}から新しいメッセージ', 'New message from {{company}} on Tsunagu'),
    body: t('{{name}} さん\n\n{{about}}\n\n{{messages}}\n\n読んで返信する：{{link}}\n\n{{note}}', 'Hello {{name}},\n\n{{about}}\n\n{{messages}}\n\nRead and reply: {{link}}\n\n{{note}}'),
  },
  {
    kind: 'contract',
    key: 'dispatch_contract',
    subject: t('労働者派遣個別契約書', 'Individual worker dispatch contract'),
    body: t(
      '{{company}}（以下「派遣元」）と{{client}}（以下「派遣先」）は、次のとおり労働者派遣契約を締結する。\n\n派遣労働者：{{worker}}\n業務内容：{{job}}\n就業場所：{{place}}\n派遣期間：{{start_date}}〜{{end_date}}\n時給：{{wage}}\n\n派遣先は、派遣労働者の在留資格で認められた範囲を超える業務に従事させないものとする。',
      '{{company}} (the "Dispatcher") and {{client}} (the "Client") agree to the following worker dispatch contract.\n\nWorker: {{worker}}\nWork: {{job}}\nWorkplace: {{place}}\nPeriod: {{start_date}} to {{end_date}}\nHourly wage: {{wage}}\n\nThe Client shall not have the worker do any work beyond what their residence status permits.',
    ),
  },
  {
    kind: 'billing',
    key: 'monthly_invoice',
    subject: t('請求書 {{invoice_no}}', 'Invoice {{invoice_no}}'),
    body: t(
      '{{client}} 御中\n\n下記のとおりご請求申し上げます。\n\n対象期間：{{period}}\nご請求金額：{{amount}}\nお支払期限：{{due_date}}\nお振込先：{{bank_account}}\n\n{{company}}',
      'To {{client}}\n\nPlease find our invoice below.\n\nBilling period: {{period}}\nAmount due: {{amount}}\nDue date: {{due_date}}\nBank account: {{bank_account}}\n\n{{company}}',
    ),
  },
];

export const DEFAULT_INDUSTRIES: { name: Text; categories: Text[] }[] = [
  { name: t('飲食・フード', 'Food service'), categories: [t('ホールスタッフ', 'Floor staff'), t('キッチンスタッフ', 'Kitchen staff'), t('洗い場', 'Dishwashing')] },
  { name: t('物流・倉庫', 'Logistics and warehousing'), categories: [t('ピッキング', 'Picking'), t('仕分け', 'Sorting'), t('梱包', 'Packing'), t('フォークリフト', 'Forklift operation')] },
  { name: t('製造', 'Manufacturing'), categories: [t('製造ライン', 'Production line'), t('検品', 'Inspection'), t('食品加工', 'Food processing')] },
  { name: t('宿泊・ホテル', 'Hotels and lodging'), categories: [t('客室清掃', 'Room cleaning'), t('ベッドメイク', 'Bed making'), t('フロント', 'Front desk')] },
  { name: t('小売', 'Retail'), categories: [t('品出し', 'Shelf stocking'), t('レジ', 'Cashier')] },
  { name: t('建設', 'Construction'), categories: [t('建設作業員', 'Construction worker')] },
  { name: t('介護', 'Nursing care'), categories: [t('介護スタッフ', 'Care worker')] },
  { name: t('清掃', 'Cleaning'), categories: [t('ビル清掃', 'Building cleaning')] },
];

/**
 * The articles of a legal page as plain text: a heading line per article (第1条（…） / Article 1
 * (…)), paragraphs separated by blank lines, list items on their own lines.
 */
export function articlesToText(articles: readonly LegalArticle[], lang: Lang): string {
  const blocks: string[] = [];
  articles.forEach((a, i) => {
    blocks.push(msg(lang, 'legal.article', { n: i + 1, title: a.title[lang] }));
    a.paragraphs.forEach((p, j) => {
      blocks.push(a.paragraphs.length > 1 ? `${j + 1}. ${p[lang]}` : p[lang]);
      if (j === 0 && a.items) blocks.push(a.items.map((item, k) => `(${k + 1}) ${item[lang]}`).join('\n'));
    });
  });
  return blocks.join('\n\n');
}

/** The effective date of the built-in terms and privacy texts (views/pages/public/Terms.tsx, Policy.tsx). */
const LEGAL_EFFECTIVE = '2026-11-01T00:00:00+09:00';

export const DEFAULT_LEGAL: { kind: 'terms' | 'privacy'; key: string; subject: Text; body: Text }[] = [
  { kind: 'terms', key: '2026-11', subject: t('利用規約', 'Terms of use'), body: { ja: articlesToText(TERMS_ARTICLES, 'ja'), en: articlesToText(TERMS_ARTICLES, 'en') } },
  {
    kind: 'privacy',
    key: '2026-11',
    subject: t('プライバシーポリシー', 'Privacy policy'),
    body: { ja: articlesToText(POLICY_ARTICLES, 'ja'), en: articlesToText(POLICY_ARTICLES, 'en') },
  },
];

/** Writes the platform defaults into each template table (or kind) that has no rows yet, in one transaction. */
export async function seedTemplateDefaults(db: DB): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => seedTemplateDefaults(trx));
  const empty = async (table: 'job_statuses' | 'candidate_statuses' | 'chatbot_messages' | 'app_settings' | 'job_industries' | 'job_categories') =>
    !(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());

  if (await empty('job_statuses')) {
    await db
      .insertInto('job_statuses')
      .values(DEFAULT_JOB_STATUSES.map((s) => ({ company_id: null, name_ja: s.name.ja, name_en: s.name.en, color: s.color, is_open: s.is_open, sort: s.sort })))
      .execute();
  }
  if (await empty('candidate_statuses')) {
    const ids = new Map<string, string>();
    // Parents come first in the list, so each insert can refer to its parent's new id.
    for (const s of DEFAULT_CANDIDATE_STATUSES) {
      const row = await db
        .insertInto('candidate_statuses')
        .values({ company_id: null, parent_id: s.parent ? (ids.get(s.parent) ?? null) : null, name_ja: s.name.ja, name_en: s.name.en, list: s.list, sort: s.sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(s.key, row.id);
    }
  }
  for (const kind of ['daily', 'other'] as const) {
    if (await db.selectFrom('chatbot_messages').select('id').where('kind', '=', kind).limit(1).executeTakeFirst()) continue;
    await db
      .insertInto('chatbot_messages')
      .values(DEFAULT_CHATBOT.filter((m) => m.kind === kind).map((m) => ({ company_id: null, kind, step: m.step, trigger: m.trigger, message_ja: m.message.ja, message_en: m.message.en })))
      .execute();
  }
  if (await empty('app_settings')) {
    await db
      .insertInto('app_settings')
      .values(DEFAULT_APP_SETTINGS.map((s) => ({ company_id: null, ...s })))
      .execute();
  }
  for (const kind of ['mail', 'contract', 'billing', 'terms', 'privacy'] as const) {
    if (await db.selectFrom('document_templates').select('id').where('kind', '=', kind).limit(1).executeTakeFirst()) continue;
    const docs = [...DEFAULT_DOCUMENTS, ...DEFAULT_LEGAL].filter((d) => d.kind === kind);
    await db
      .insertInto('document_templates')
      .values(
        docs.map((d) => ({
          company_id: null,
          kind,
          key: d.key,
          subject_ja: d.subject.ja,
          subject_en: d.subject.en,
          body_ja: d.body.ja,
          body_en: d.body.en,
          // Terms and privacy ship published, effective on the date their built-in pages state
          // (or now, if that is still ahead, so a version published later is always newer).
          published: kind === 'terms' || kind === 'privacy',
          published_at: kind === 'terms' || kind === 'privacy' ? new Date(Math.min(Date.now(), Date.parse(LEGAL_EFFECTIVE))) : null,
        })),
      )
      .execute();
  }
  if ((await empty('job_industries')) && (await empty('job_categories'))) {
    for (const [i, industry] of DEFAULT_INDUSTRIES.entries()) {
      const row = await db
        .insertInto('job_industries')
        .values({ name_ja: industry.name.ja, name_en: industry.name.en, sort: (i + 1) * 10 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('job_categories')
        .values(industry.categories.map((c, j) => ({ industry_id: row.id, name_ja: c.ja, name_en: c.en, sort: (i + 1) * 100 + (j + 1) * 10 })))
        .execute();
    }
  }
}

/**
 * What someone writes with the public contact form reaches the platform: a mail to the support
 * address that a reply answers, a notification, and the list at /admin/staff/contact where the
 * platform marks it answered. Companies see none of it.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { firstCode, gql } from '../helpers/graphql.ts';
import { getPage } from '../helpers/pages.ts';
import { grantPageCode } from '../helpers/roles.ts';
import { appAndMailForFile, expectNoMailSince } from '../helpers/smtp.ts';

const { t, smtp } = appAndMailForFile();
const LIST = '/admin/staff/contact';
const SETTINGS = '/admin/templates/appsettings';
const LIST_QUERY = 'query { contactMessages(size: 50) { rows { id name topic status answeredBy } } }';
const ACT = 'mutation($ids: [ID!]!, $action: String!) { contactMessageAction(ids: $ids, action: $action) }';

const supportSetting = () => t.database.db.selectFrom('app_settings').select(['id', 'value']).where('key', '=', 'support.email').where('company_id', 'is', null).executeTakeFirstOrThrow();
const messageOf = (email: string) => t.database.db.selectFrom('contact_messages').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

/** A visitor fills a public form (`fields`) on the page in `lang` and presses its Send: the `mails` mails that follow. */
async function send(path: '/staff/contact' | '/v3/trial', lang: 'ja' | 'en', fields: Record<string, string>, mails = 0) {
  const before = smtp.mails.length;
  expect((await pressButton(t, { who: 'visitor', cookie: `lang=${lang}` }, path, 'send', fields)).status).toBe(303);
  return (await smtp.waitFor(before + mails)).slice(before);
}

/** The list's row of a message, as the page draws it: its cells' text. */
async function rowOnList(id: string, who: 'admin' | 'superadmin', lang: 'ja' | 'en'): Promise<string[]> {
  const page = await getPage(t, LIST, await t.tokenOf(who), lang);
  expect(page.status).toBe(200);
  const $ = cheerio.load(page.html);
  const row = $(`tr`).filter((_, tr) => $(tr).find(`button[value^="row:${id}:"], input[value="${id}"]`).length > 0);
  expect(row.length, `row of ${id} on ${LIST}`).toBe(1);
  return row
    .find('td')
    .toArray()
    .map((td) => $(td).text().trim());
}

describe('a contact message reaches the platform', () => {
  it('is mailed to the support address set on the app settings, answered by replying, and the platform is notified', async () => {
    const setting = await supportSetting();
    const superadmin = await sessionOf(t, 'superadmin', 'en');
    const typo = await pressButton(t, superadmin, `${SETTINGS}?id=${setting.id}`, 'save', { value: 'support desk' });
    expect(typo.status).toBe(422);
    expect(typo.html).toContain('Enter an email address, or leave it blank to send no mail.');
    expect((await pressButton(t, superadmin, `${SETTINGS}?id=${setting.id}`, 'save', { value: 'help@tsunagu.test' })).status).toBe(303);

    const [mail] = await send('/staff/contact', 'en', { name: 'Nguyen Van An', email: 'an.nguyen@example.com', topic: 'pay', message: 'My pay for 20 November is missing.' }, 1);
    // The support desk reads it in the platform's language, whatever language the sender wrote in.
    expect(mail!).toMatchObject({ to: 'help@tsunagu.test', replyTo: 'an.nguyen@example.com', subject: '【Tsunagu】お問い合わせ：給与・クイックペイについて（Nguyen Van An）' });
    for (const line of ['My pay for 20 November is missing.', '言語：English', '電話番号：—', LIST]) expect(mail!.text).toContain(line);

    const NOTES = 'query { notifications(type: 1, size: 50) { data { title body link } } }';
    const notes = await gql(t.url, NOTES, {}, { token: await t.tokenOf('admin'), headers: { 'accept-language': 'en', cookie: 'lang=en' } });
    expect(notes.data.notifications.data).toContainEqual({ title: 'New contact message', body: 'Nguyen Van An (Pay and quick pay)', link: LIST });
    // A company is not told: the message was written to Tsunagu.
    const companyNotes = await gql(t.url, NOTES, {}, { token: await t.tokenOf('company_admin') });
    expect(companyNotes.data.notifications.data.map((n: { link: string | null }) => n.link)).not.toContain(LIST);
  });

  // The support address is the one the first test set.
  it('a free trial signup mails the support address what the company wrote, with a link to the new company', async () => {
    const fields = {
      company_name: 'Hoshi Staffing KK',
      contact_name: 'Ken Ito',
      email: 'ken@hoshi-staffing.example',
      phone: '03-1234-5678',
      message: 'About 20 workers, mostly warehouse night shifts.',
    };
    const mails = await send('/v3/trial', 'en', fields, 2);
    const company = await t.database.db.selectFrom('companies').select('id').where('email', '=', 'ken@hoshi-staffing.example').executeTakeFirstOrThrow();
    const support = mails.find((m) => m.to === 'help@tsunagu.test');
    expect(support).toMatchObject({ replyTo: 'ken@hoshi-staffing.example', subject: '【Tsunagu】無料トライアルのお申し込み：Hoshi Staffing KK' });
    for (const line of ['About 20 workers, mostly warehouse night shifts.', 'ご担当者：Ken Ito', '電話番号：03-1234-5678', `/v3/admin/company/${company.id}`]) expect(support!.text).toContain(line);
    // The contact still gets the invitation to set a password.
    expect(mails.map((m) => m.to)).toContain('ken@hoshi-staffing.example');
  });

  it('with the support address left blank, mails no one and the message still waits on the list', async () => {
    const setting = await supportSetting();
    expect((await pressButton(t, await sessionOf(t, 'superadmin'), `${SETTINGS}?id=${setting.id}`, 'save', { value: '' })).status).toBe(303);
    const before = smtp.mails.length;
    await send('/staff/contact', 'ja', { name: '林 美咲', email: 'misaki@example.jp', topic: 'visa', message: '資格外活動許可について教えてください。' });
    const row = await messageOf('misaki@example.jp');
    expect(await rowOnList(row.id, 'admin', 'ja')).toEqual(expect.arrayContaining(['未対応', '林 美咲', '在留資格・就労の条件について', '日本語', '資格外活動許可について教えてください。']));
    await expectNoMailSince(smtp, before, t, 'admin@demo.test');
    await pressButton(t, await sessionOf(t, 'superadmin'), `${SETTINGS}?id=${setting.id}`, 'save', { value: setting.value });
  });
});

describe('the platform answers it on /admin/staff/contact', () => {
  it('marks a message answered with who and when, and can mark it not answered again; both are in the audit log', async () => {
    await send('/staff/contact', 'en', {
      name: 'Maria Santos',
      email: 'maria.answer@example.com',
      topic: 'work',
      message: 'Is there work near Kawaguchi?',
    });
    const { id } = await messageOf('maria.answer@example.com');
    const admin = await sessionOf(t, 'admin', 'en');
    expect(await rowOnList(id, 'admin', 'en')).toEqual(expect.arrayContaining(['New', 'Maria Santos', 'Finding work or applying', 'English', 'Is there work near Kawaguchi?']));

    const answered = await pressButton(t, admin, LIST, `row:${id}:answered`);
    expect(answered.status).toBe(303);
    const notice = await getPage(t, answered.location!, await t.tokenOf('admin'), 'en');
    expect(notice.html).toContain('Marked as answered.');
    const adminName = (await t.database.db.selectFrom('users').select('name').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()).name;
    expect(await rowOnList(id, 'admin', 'en')).toEqual(expect.arrayContaining(['Answered', adminName]));
    expect((await messageOf('maria.answer@example.com')).answered_at).not.toBeNull();

    // An answered message offers no "Mark answered" again, only its way back.
    await expect(pressButton(t, admin, LIST, `row:${id}:answered`)).rejects.toThrow(/draws no button/);
    expect((await pressButton(t, admin, LIST, `row:${id}:reopen`)).status).toBe(303);
    const back = await messageOf('maria.answer@example.com');
    expect(back).toMatchObject({ status: 'new', answered_by_name: null, answered_at: null });

    const log = await t.database.db.selectFrom('audit_log').select(['actor_name', 'changes']).where('entity', '=', 'contactMessage').where('entity_id', '=', id).orderBy('id').execute();
    expect(log.map((l) => [l.actor_name, l.changes])).toEqual([
      [adminName, { status: { from: 'new', to: 'answered' } }],
      [adminName, { status: { from: 'answered', to: 'new' } }],
    ]);
  });

  it('is the platform’s alone: a company user is sent away from the page and refused by the API, even holding the code', async () => {
    await send('/staff/contact', 'ja', { name: 'Kept Private', email: 'private@example.com', topic: 'other', message: 'Please delete my account.' });
    const { id } = await messageOf('private@example.com');
    const page = await getPage(t, LIST, await t.tokenOf('company_admin'), 'en');
    expect(page.status).toBe(302);
    const company = await t.tokenOf('company_admin');
    expect(firstCode(await gql(t.url, LIST_QUERY, {}, { token: company }))).toBe('FORBIDDEN');
    expect(firstCode(await gql(t.url, ACT, { ids: [id], action: 'answered' }, { token: company }))).toBe('FORBIDDEN');
    // A superadmin who gives companies the staff registry's code still shows them no message.
    await grantPageCode(t, '150001', 'company_admin');
    const list = await gql(t.url, LIST_QUERY, {}, { token: company });
    expect(list.errors ?? []).toEqual([]);
    expect(list.data.contactMessages.rows).toEqual([]);
    await gql(t.url, ACT, { ids: [id], action: 'answered' }, { token: company });
    expect((await messageOf('private@example.com')).status).toBe('new');
    // The platform sees it.
    const platform = await gql(t.url, LIST_QUERY, {}, { token: await t.tokenOf('admin') });
    expect(platform.data.contactMessages.rows.map((r: { id: string }) => r.id)).toContain(id);
  });
});

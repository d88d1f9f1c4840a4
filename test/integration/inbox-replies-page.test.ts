/**
 * /admin/inbox/replies (docs/inbox.md "Canned replies"): staff add, change and delete their
 * company's canned replies with the page's own forms, as a browser posts them; a reply with a
 * placeholder the platform does not know is refused beside its field in both languages, with what
 * was typed kept; another company sees none of them and cannot change them; a role without the
 * chat code gets no page and no write.
 */
import { describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { firstCode } from '../helpers/graphql.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';
import { getPage, text } from '../helpers/pages.ts';
import { withoutCodes } from '../helpers/roles.ts';
import { DEMO } from '../helpers/app.ts';

const t = appForFile();
const PATH = '/admin/inbox/replies';
const session = (who: 'company_admin' | 'company_staff' | 'company2' | 'client_admin', lang: 'ja' | 'en' = 'ja') => sessionOf(t, who, lang);
const page = async (who: 'company_admin' | 'company_staff' | 'company2' | 'client_admin', lang: 'ja' | 'en' = 'ja') => {
  const r = await getPage(t, PATH, await t.tokenOf(who));
  return { status: r.status, html: text(r.html), lang };
};
const repliesOf = async (company: string) => t.database.db.selectFrom('canned_replies').selectAll().where('company_id', '=', company).orderBy('title').execute();

describe('the canned replies page', () => {
  it('lists the company’s replies in both languages and links back to the inbox', async () => {
    const { status, html } = await page('company_admin');
    expect(status).toBe(200);
    expect(html).toContain('集合場所 / Meeting point');
    expect(html).toContain('{name}さん、{job}（{shift}）の集合場所は{place}です。');
    expect(html).toContain('Hi {name}, for {job} ({shift}) please meet us at {place}');
    expect(html).toContain('href="/admin/inbox"');
    // The inbox links here.
    expect(text((await getPage(t, '/admin/inbox', await t.tokenOf('company_admin'))).html)).toContain(`href="${PATH}"`);
  });

  it('adds a reply with the new form, changes it with its own form and deletes it, recording who changed it', async () => {
    const company = await companyOf(t, DEMO.company_admin);
    const staff = await session('company_staff');
    const added = await pressButton(t, staff, PATH, 'add', { title: '雨天 / Rain', bodyJa: '{name}さん、雨の日も{job}は予定どおりです。', bodyEn: 'Hi {name}, {job} goes ahead in the rain.' });
    expect(added.status).toBe(303);
    expect(added.location).toMatch(/^\/admin\/inbox\/replies\?done=saved#reply-/);
    const row = (await repliesOf(company)).find((r) => r.title === '雨天 / Rain')!;
    expect(row).toMatchObject({ body_ja: '{name}さん、雨の日も{job}は予定どおりです。', body_en: 'Hi {name}, {job} goes ahead in the rain.' });
    const staffId = await userId(t, DEMO.company_staff);
    expect(row.updated_by).toBe(staffId);
    const after = text((await getPage(t, '/admin/inbox/replies?done=saved', await t.tokenOf('company_staff'))).html);
    expect(after).toContain('定型文を保存しました。');
    expect(after).toContain('雨天 / Rain');

    // Its own form: the title changed, the rest as drawn.
    const admin = await session('company_admin');
    const changed = await pressButton(t, admin, PATH, `save:${row.id}`, { title: '雨天の連絡 / Rain' });
    expect(changed.status).toBe(303);
    const now = (await repliesOf(company)).find((r) => r.id === row.id)!;
    expect(now.title).toBe('雨天の連絡 / Rain');
    expect(now.body_en).toBe('Hi {name}, {job} goes ahead in the rain.');

    // Delete asks first in the browser (the button's confirm), then the post removes it.
    const { html } = await page('company_admin');
    expect(html).toMatch(
      new RegExp(
        `value="delete:${row.id}"[^>]*data-confirm="定型文「雨天の連絡 / Rain」を削除しますか？元に戻せません。"|data-confirm="定型文「雨天の連絡 / Rain」を削除しますか？元に戻せません。"[^>]*value="delete:${row.id}"`,
      ),
    );
    const deleted = await pressButton(t, admin, PATH, `delete:${row.id}`);
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe('/admin/inbox/replies?done=deleted');
    expect((await repliesOf(company)).some((r) => r.id === row.id)).toBe(false);
  });

  it('refuses an unknown placeholder beside its field, in Japanese and English, keeping what was typed', async () => {
    const company = await companyOf(t, DEMO.company_admin);
    const before = (await repliesOf(company)).length;
    for (const [lang, words] of [
      ['ja', '使える差し込みは {name} {job} {shift} {place} {company} です。'],
      ['en', 'The placeholders you can use are {name} {job} {shift} {place} {company}.'],
    ] as const) {
      const r = await pressButton(t, await session('company_admin', lang), PATH, 'add', { title: '時給 / Pay', bodyJa: '時給は{salary}円です。', bodyEn: 'The pay is {salary} yen.' });
      expect(r.status).toBe(422);
      const html = text(r.html);
      expect(html).toContain(words);
      expect(html).toContain('時給は{salary}円です。');
      expect(html).toMatch(/name="bodyJa"[^>]*aria-invalid="true"/);
    }
    expect((await repliesOf(company)).length).toBe(before);
  });

  it('shows another company none of them, and refuses it a change or a delete', async () => {
    const company = await companyOf(t, DEMO.company_admin);
    const [first] = await repliesOf(company);
    const other = await page('company2');
    expect(other.status).toBe(200);
    expect(other.html).not.toContain(first!.title);
    const save = `mutation($input: CannedReplyInput!) { saveCannedReply(input: $input) }`;
    expect(firstCode(await t.gql(save, { input: { id: first!.id, title: 'x', bodyJa: 'x', bodyEn: 'x' } }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect(firstCode(await t.gql(`mutation($id: ID!) { deleteCannedReply(id: $id) }`, { id: first!.id }, { as: 'company2' }))).toBe('NOT_FOUND');
    expect((await repliesOf(company)).find((r) => r.id === first!.id)?.title).toBe(first!.title);
  });

  it('gives a role without the chat code neither the page nor a write', async () => {
    // The client's users hold no chat code by default.
    const client = await page('client_admin');
    // The guard's answer to a page outside the role's codes (not the page).
    expect(client.status).not.toBe(200);
    expect(client.html).not.toContain('集合場所');
    await withoutCodes(t, [120001, 340001, 420001], 'company_staff', async () => {
      const refused = await page('company_staff');
      expect(refused.status).not.toBe(200);
      expect(refused.html).not.toContain('集合場所');
      const r = await t.gql(`mutation($input: CannedReplyInput!) { saveCannedReply(input: $input) }`, { input: { title: 'x', bodyJa: 'x', bodyEn: 'x' } }, { as: 'company_staff' });
      expect(firstCode(r)).toBe('FORBIDDEN');
    });
  });
});

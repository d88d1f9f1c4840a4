/**
 * GET and POST /admin/inbox as browsers send them (docs/inbox.md): the list server-drawn with its
 * filters as GET parameters, the open conversation with the candidate at a glance, the assignee,
 * status and note forms posting as the kit's actions; a role without a chat code is turned away,
 * and another company's conversation named by ?c= is not shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginToken, startTestApp, type TestApp } from '../helpers/app.ts';
import { acked, candidateConversation, rawSocket, sendMessage, socketConnected } from '../helpers/chat.ts';
import { getPage, postForm } from '../helpers/pages.ts';
import { userId } from '../helpers/demo-data.ts';
import { sql } from 'kysely';
import { dateText } from '../../shared/format.ts';

let t: TestApp;
let conversationId: string;
let candidateName: string;
const tokens: Record<string, string> = {};
const closers: (() => void)[] = [];
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp();
  const opened = await candidateConversation(t);
  conversationId = opened.conversationId;
  const candidate = rawSocket(t.url, opened.candidateToken, { dispose: (close) => closers.push(close) });
  await socketConnected(candidate);
  acked(await sendMessage(candidate, conversationId, 'Where do we meet tomorrow?'));
  candidateName = (await db().selectFrom('users').select('name').where('email', '=', DEMO.candidate).executeTakeFirstOrThrow()).name;
  for (const who of ['company_admin', 'company_staff', 'company2', 'client_staff'] as const) tokens[who] = await loginToken(t.url, DEMO[who]);
});
afterAll(async () => {
  for (const close of closers) close();
  await t?.close();
});

const rowOf = (html: string, id: string) => html.includes(`data-conversation="${id}"`);

describe('GET /admin/inbox', () => {
  it('lists the new conversation first with its unread count, and opens it beside the list with the candidate at a glance', async () => {
    const list = await getPage(t, '/admin/inbox', tokens.company_admin);
    expect(list.status).toBe(200);
    const first = /<li data-conversation="([0-9a-f-]{36})"/.exec(list.html)?.[1];
    expect(first).toBe(conversationId);
    expect(list.html).toContain('data-testid="inbox-unread"');
    expect(list.html).toContain('Where do we meet tomorrow?');
    // The sidebar lists the inbox with the chat pages.
    expect(list.html).toContain('href="/admin/inbox"');

    const open = await getPage(t, `/admin/inbox?c=${conversationId}`, tokens.company_admin);
    expect(open.status).toBe(200);
    expect(open.html).toContain('class="inbox has-selection"');
    expect(open.html).toContain(`<h2>${candidateName}</h2>`);
    expect(open.html).toContain('応募者の概要');
    // The application's status and the shift applied to, from the pipeline's and workforce's records.
    expect(open.html).toMatch(/data-testid="glance-status">(?!なし)[^<]+</);
    expect(open.html).not.toMatch(/<dt>次のシフト<\/dt><dd>なし/);
    expect(open.html).toContain('data-island="InboxThread"');
    // The assignee select offers the colleagues who may open it, the staff member among them.
    expect(open.html).toMatch(/<option value="[0-9a-f-]{36}">[^<]+<\/option>/);
  });

  it("names a shift conversation's day after its job's title, so two shifts of one job read apart", async () => {
    const shift = await db()
      .selectFrom('conversations as c')
      .innerJoin('job_daily_shifts as s', 's.id', 'c.shift_id')
      .innerJoin('jobs as j', 'j.id', 's.job_id')
      .select(['j.title_ja', 'j.title_en', sql<string>`to_char(s.date, 'YYYY-MM-DD')`.as('day')])
      .where('c.id', '=', conversationId)
      .executeTakeFirstOrThrow();
    const rowText = (html: string) => new RegExp(`<li data-conversation="${conversationId}".*?<span class="inbox-job">(.*?)</span>`).exec(html)?.[1];
    expect(rowText((await getPage(t, '/admin/inbox', tokens.company_admin)).html)).toBe(`${shift.title_ja} · ${dateText(shift.day, 'ja')}`);
    expect(rowText((await getPage(t, '/admin/inbox', tokens.company_admin, 'en')).html)).toBe(`${shift.title_en} · ${dateText(shift.day, 'en')}`);
  });

  it('filters by GET parameters: a search nobody matches says so', async () => {
    const none = await getPage(t, '/admin/inbox?q=zzzz-nobody-writes-this', tokens.company_admin);
    expect(none.status).toBe(200);
    expect(none.html).toContain('条件に合う会話はありません。');
    expect(rowOf(none.html, conversationId)).toBe(false);
    const resolved = await getPage(t, '/admin/inbox?status=resolved', tokens.company_admin);
    expect(rowOf(resolved.html, conversationId)).toBe(false);
    // A forged "more" cursor is a bad request, not a server error.
    expect((await getPage(t, '/admin/inbox?after=Zm9yZ2Vk', tokens.company_admin)).status).toBe(400);
  });

  it('offers the kind "support" only to a role that may open support conversations: a company’s staff never have one', async () => {
    const kindsOf = async (token: string) =>
      [...(await getPage(t, '/admin/inbox', token, 'en')).html.matchAll(/<select name="kind"[^>]*>(.*?)<\/select>/g)].flatMap((m) => [...m[1]!.matchAll(/<option value="([a-z]*)"/g)].map((o) => o[1]));
    expect(await kindsOf(tokens.company_staff!)).toEqual(['', 'application', 'shift', 'scout']);
    expect(await kindsOf(await t.tokenOf('superadmin'))).toEqual(['', 'application', 'shift', 'support', 'scout']);
  });

  it('turns away a role without a chat code, and shows another company nothing of the conversation', async () => {
    const client = await getPage(t, '/admin/inbox', tokens.client_staff);
    expect(client.status).toBe(302);
    expect(client.location).not.toContain('/admin/inbox');

    const other = await getPage(t, `/admin/inbox?c=${conversationId}`, tokens.company2);
    expect(other.status).toBe(200);
    expect(other.html).toContain('この会話は見つからないか、開く権限がありません。');
    expect(rowOf(other.html, conversationId)).toBe(false);
    expect(other.html).not.toContain(candidateName);
    expect(other.html).not.toContain('data-island="InboxThread"');
  });
});

describe('POST /admin/inbox', () => {
  const here = () => `/admin/inbox?c=${conversationId}`;

  it('assigns, writes a private note mentioning the colleague, resolves and reopens, each told in the history', async () => {
    const staffId = await userId(t, DEMO.company_staff);
    const assigned = await postForm(t, here(), tokens.company_admin, { _action: 'assign', assigneeId: staffId });
    expect(assigned.status).toBe(303);
    expect(assigned.location).toBe(`${here()}&saved=1`);

    const noted = await postForm(t, here(), tokens.company_admin, { _action: 'note', body: 'Please call them before 5 pm.', mentions: [staffId] });
    expect(noted.status).toBe(303);
    expect((await postForm(t, here(), tokens.company_admin, { _action: 'resolve' })).status).toBe(303);

    const page = await getPage(t, `${here()}&saved=1`, tokens.company_admin);
    expect(page.html).toContain('保存しました。');
    expect(page.html).toMatch(/<li class="inbox-note"[^>]*><p class="inbox-note-body">Please call them before 5 pm.<\/p>/);
    expect(page.html).toContain('解決済みにしました');
    expect(page.html).toContain('未解決に戻す');
    // The staff member was told of both.
    const { count } = await db()
      .selectFrom('notifications')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('user_id', '=', staffId)
      .where('link', '=', here())
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(2);

    expect((await postForm(t, here(), tokens.company_admin, { _action: 'reopen' })).status).toBe(303);
    expect((await getPage(t, here(), tokens.company_admin)).html).toContain('解決済みにする');
  });

  it('draws the form again with the API’s error beside the field: an empty note, a snooze in the past', async () => {
    const empty = await postForm(t, here(), tokens.company_admin, { _action: 'note', body: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.html).toContain('field-error');
    const past = await postForm(t, here(), tokens.company_admin, { _action: 'snooze', snoozedUntil: '2020-01-01T09:00' });
    expect(past.status).toBe(422);
    expect(past.html).toContain('スヌーズは今から90日以内の日時を指定してください。');
  });

  it('refuses another company’s post on the conversation', async () => {
    const r = await postForm(t, here(), tokens.company2, { _action: 'resolve' });
    expect(r.status).toBe(404);
    const { inbox_status } = await db().selectFrom('conversations').select('inbox_status').where('id', '=', conversationId).executeTakeFirstOrThrow();
    expect(inbox_status).toBe('open');
  });
});

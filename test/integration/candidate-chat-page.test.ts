import { describe, expect, it } from 'vitest';
import { dataOf } from '../helpers/graphql.ts';
import { candidateLogin } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';

/** The candidate's chat page, /staff/chat, and the links to it from /staff/applications. */

const t = appForFile();

const db = () => t.database.db;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers });

/** Logs in through the candidate's own form, as a browser would; returns the cookie header. */
async function candidateCookie(email: string): Promise<string> {
  const { token, location } = await candidateLogin(t, email, { next: '/staff/chat' });
  expect(location).toBe('/staff/chat');
  return `candidate_token=${token}`;
}

/** The props the server serialised beside an island. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const m = new RegExp(`<script type="application/json" data-island-props="${name}">([^<]*)</script>`).exec(html);
  expect(m, `props of ${name}`).not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

async function conversationsOf(email: string) {
  return db()
    .selectFrom('conversations as c')
    .innerJoin('users as u', 'u.id', 'c.candidate_id')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select(['c.id', 'a.id as applicationId'])
    .where('u.email', '=', email)
    .execute();
}

describe('/staff/chat', () => {
  it('sends a visitor who is not logged in as a candidate to the candidate login, and back afterwards', async () => {
    const res = await get('/staff/chat');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/staff/login?next=%2Fstaff%2Fchat');

    // The conversation asked for survives the login (the address as asked: the chat reads only a conversation id from it).
    const id = '0b5c1b8e-8d3a-4c59-9a49-8d0f1e2a3b4c';
    expect((await get(`/staff/chat?c=${id}`)).headers.get('location')).toBe(`/staff/login?next=${encodeURIComponent(`/staff/chat?c=${id}`)}`);
    expect((await get('/staff/chat?c=%3Cscript%3E')).headers.get('location')).toBe(`/staff/login?next=${encodeURIComponent('/staff/chat?c=%3Cscript%3E')}`);

    // A back-office session is not a candidate session.
    const admin = await t.login('company_admin');
    const asAdmin = await get('/staff/chat', { cookie: `token=${admin}` });
    expect(asAdmin.status).toBe(302);
    expect(asAdmin.headers.get('location')).not.toMatch(/^\/staff\/chat/);
  });

  it('shows a logged-in candidate the chat island, with a no-JavaScript fallback', async () => {
    const cookie = await candidateCookie('candidate2@demo.test');
    const res = await get('/staff/chat', { cookie, 'accept-language': 'ja' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-island="CandidateChat"');
    // Come back from the login with something else in ?c=: the chat opens without it.
    const odd = await (await get('/staff/chat?c=%3Cscript%3E', { cookie, 'accept-language': 'ja' })).text();
    expect(odd).toContain('data-island="CandidateChat"');
    expect(odd).not.toMatch(/&lt;script|%3Cscript/i);
    expect(islandProps(html, 'CandidateChat')).toEqual({ lang: 'ja', initial: null });
    expect(html).toMatch(/<noscript>[\s\S]*JavaScript[\s\S]*<\/noscript>/);
    expect(html).toContain('<title>チャット');
    expect(html).toContain('Maria Santos');
    // The header knows the candidate: its name and the chat instead of the back office's "log in".
    expect(html).toContain('<a class="header-candidate" href="/staff/applications">Maria Santos</a>');
    expect(html).not.toContain('href="/login"');
    // The page loads the island bundle and the public site's styles, never the back office's.
    expect(html).toContain('/css/site.css');
    expect(html).not.toContain('data-island="ChatDock"');

    // ?c= opens that conversation first.
    const [conv] = await conversationsOf('candidate2@demo.test');
    expect(conv).toBeDefined();
    const withC = await (await get(`/staff/chat?c=${conv!.id}`, { cookie, 'accept-language': 'en' })).text();
    expect(islandProps(withC, 'CandidateChat')).toEqual({ lang: 'en', initial: conv!.id });
    expect(withC).toMatch(/<noscript>[\s\S]*The chat needs JavaScript[\s\S]*<\/noscript>/);
    // Something that is not a conversation id is ignored.
    const bad = await (await get('/staff/chat?c=not-an-id', { cookie })).text();
    expect(islandProps(bad, 'CandidateChat').initial).toBeNull();
  });
});

describe('/staff/applications', () => {
  it('links each application that has a conversation to it on the chat page, and has a chat link in the candidate menu', async () => {
    const convs = await conversationsOf('candidate2@demo.test');
    expect(convs.length).toBeGreaterThan(0);
    const cookie = await candidateCookie('candidate2@demo.test');
    const ja = await (await get('/staff/applications', { cookie, 'accept-language': 'ja' })).text();
    for (const c of convs) expect(ja).toContain(`href="/staff/chat?c=${c.id}"`);
    expect(ja).toContain('チャットする');
    expect(ja).toContain('href="/staff/chat"');
    const en = await (await get('/staff/applications', { cookie, 'accept-language': 'en' })).text();
    expect(en).toMatch(new RegExp(`href="/staff/chat\\?c=${convs[0]!.id}"[^>]*>Chat<`));

    // The API gives the candidate the same conversation id with each application, and only theirs.
    const token = cookie.slice('candidate_token='.length);
    const { myApplications } = dataOf(await t.gql('{ myApplications { id conversationId } }', {}, token)) as { myApplications: { id: string; conversationId: string | null }[] };
    const byApp = new Map(myApplications.map((a) => [a.id, a.conversationId]));
    for (const c of convs) expect(byApp.get(c.applicationId)).toBe(c.id);
  });

  it('shows no chat link on an application without a conversation', async () => {
    const cookie = await candidateCookie('candidate2@demo.test');
    const [conv] = await conversationsOf('candidate2@demo.test');
    // Detach the conversation from its application (as for an application made before conversations belonged to one).
    await db().updateTable('conversations').set({ application_id: null }).where('id', '=', conv!.id).execute();
    try {
      const html = await (await get('/staff/applications', { cookie })).text();
      expect(html).not.toContain(`/staff/chat?c=${conv!.id}`);
      // The menu link to the chat page is still there.
      expect(html).toContain('href="/staff/chat"');
    } finally {
      await db().updateTable('conversations').set({ application_id: conv!.applicationId }).where('id', '=', conv!.id).execute();
    }
  });
});

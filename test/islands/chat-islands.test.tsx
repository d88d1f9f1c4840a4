/**
 * The back office's chat islands as a company admin sees them (DESIGN.md §7, §8): the chat dock,
 * the badge bell and the chat windows, rendered together as AdminLayout renders them, after each
 * thing that happens: the candidate writes, someone reads, the badges are looked at, a window is
 * opened, minimised, restored and closed.
 *
 * How the islands are driven, and why so:
 * - The islands' state goes through the pure stores (client/stores) under the one connection of
 *   client/chat/live.ts, which makes its own socket.io connection and graphql-ws client with no
 *   seam to hand it another transport. So the test runs the real thing on loopback: the app as a
 *   real server process (`server/main.ts`, as a deploy runs it) on its own cloned database. A
 *   process of its own, not createApp() in this file: under jsdom the server's libraries would see
 *   the page's globals (jose refuses a Uint8Array from jsdom's realm).
 * - The page is jsdom at the app's address, holding the admin's session as the httpOnly `token`
 *   cookie; socket.io and graphql-ws run their browser builds (vitest.config.ts, project "islands")
 *   over a WebSocket that sends the page's Origin and cookies as a browser's does
 *   (test/setup/browser-websocket.ts). Nothing of ours is mocked.
 * - The other side is real too: the candidate's own socket sends and reads messages, and a second
 *   tab of the same admin (a raw socket) reads a conversation elsewhere.
 * Updates arrive from the network, not from a click, so they cannot be wrapped in act(): the test
 * waits for what the user sees (findBy…, waitFor) instead.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import BadgeBell from '../../client/islands/BadgeBell.tsx';
import ChatDock from '../../client/islands/ChatDock.tsx';
import ChatWindowsV3 from '../../client/islands/ChatWindowsV3.tsx';
import { closeWindow } from '../../client/chat/live.ts';
import { chat, chatV3 } from '../../client/chat/state.ts';
import { sql } from 'kysely';
import { RECENT_SIZE, type BadgesPayload, type ChatMessage } from '../../server/chat/events.ts';
import { DEMO, loginToken } from '../helpers/app.ts';
import { acked, applyToDailyShift, rawSocket, sendMessage, socketConnected, type RawChatSocket } from '../helpers/chat.ts';
import { openPage } from '../helpers/jsdom-page.ts';
import { processGround, type ProcessGround, type ServerProcess } from '../helpers/server-process.ts';

// Updates come from sockets, outside any act() (see above); a round trip to the server process
// on a busy machine can take longer than the library's default second.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
configure({ asyncUtilTimeout: 10_000 });

let server: ServerProcess;
let ground: ProcessGround;
let conversationId: string;
let candidateName: string;
let candidate: RawChatSocket;
/** Another tab of the same admin, outside the page under test. */
let otherTab: RawChatSocket;
const sockets: (() => void)[] = [];

beforeAll(async () => {
  ground = await processGround('islands');
  server = await ground.start();
  const [adminToken, candidateToken] = await Promise.all([loginToken(server.url, DEMO.company_admin), loginToken(server.url, DEMO.candidate)]);
  ({ conversationId } = await applyToDailyShift({ url: server.url, db: ground.database.db, candidateToken }));
  candidateName = (await ground.database.db.selectFrom('users').select('name').where('email', '=', DEMO.candidate).executeTakeFirstOrThrow()).name;

  // The admin's page: its address and its session cookie, as after logging in.
  openPage(`${server.url}/admin/jobs/list`, { token: adminToken });

  candidate = rawSocket(server.url, candidateToken, { dispose: (close) => sockets.push(close) });
  otherTab = rawSocket(server.url, adminToken, { dispose: (close) => sockets.push(close) });
  await Promise.all([socketConnected(candidate), socketConnected(otherTab)]);

  render(
    <>
      <BadgeBell lang="en" support={false} />
      <ChatDock lang="en" />
      <ChatWindowsV3 lang="en" />
    </>,
  );
});

afterAll(async () => {
  // The page's connections close before the server goes, so nothing retries against a dead port.
  for (const w of chatV3.state.value.openConversationV3) closeWindow(w);
  chat.dispatch({ type: 'disconnect' });
  cleanup();
  for (const close of sockets.splice(0)) close();
  await server?.kill();
  await ground?.remove();
});

/** The candidate writes in the conversation; resolves with the stored message. */
const candidateWrites = async (content: string, conversation = conversationId): Promise<ChatMessage> => acked(await sendMessage(candidate, conversation, content)).message;

const dock = () => screen.getByTestId('chat-dock');
const dockToggle = () => within(dock()).getByRole('button', { name: /^Chat/ });
const dockRow = () => dock().querySelector<HTMLElement>(`li[data-conversation="${conversationId}"]`);
/** The number on the dock's toggle (unread conversations), 0 when it shows none. */
const dockUnread = () => Number(within(dock()).queryByTestId('chat-dock-unread')?.textContent ?? 0);
const bell = () => screen.getByTestId('badge-bell');
const bellCount = () => Number(within(bell()).queryByTestId('badge-bell-count')?.textContent ?? 0);
const windowOf = () => screen.queryByRole('region', { name: candidateName });
/** Opens the dock's list unless it is open: choosing a conversation there closes it. */
const openDock = () => {
  if (!screen.queryByRole('region', { name: 'Recent chats' })) fireEvent.click(dockToggle());
};

describe('ChatDock', () => {
  it('lists the company’s conversations once opened, the new application among them under the candidate’s name', async () => {
    fireEvent.click(dockToggle());
    const panel = await screen.findByRole('region', { name: 'Recent chats' });
    await waitFor(() => expect(dockRow()).not.toBeNull());
    expect(within(dockRow()!).getByText(candidateName)).toBeTruthy();
    // The seeded conversations of the company are there too, and "Loading…" is gone.
    expect(panel.querySelectorAll('li[data-conversation]').length).toBeGreaterThan(1);
    expect(within(panel).queryByText('Loading…')).toBeNull();
  });

  it('shows the candidate’s new message in the row, marks it unread and counts it on the toggle', async () => {
    await candidateWrites('Can I bring my own gloves?');
    await waitFor(() => expect(within(dockRow()!).getByText('Can I bring my own gloves?')).toBeTruthy());
    expect(dockRow()!.className).toBe('is-unread');
    expect(within(dockRow()!).getByLabelText('unread')).toBeTruthy();
    // The newest conversation comes first.
    expect(dock().querySelector('li[data-conversation]')).toBe(dockRow());
    // The toggle's number is the server's count of unread conversations, this one among them.
    // (Counting up from the number read before the message raced the page's first badge list,
    // which may arrive in between with the seeded unread conversations: 4 where 1 was expected.)
    const badges = await new Promise<BadgesPayload>((resolve) => {
      otherTab.once('badges', resolve);
      otherTab.emit('getBadges', {});
    });
    expect([...badges.dailyChats, ...badges.otherChats].some((b) => b.id === conversationId)).toBe(true);
    await waitFor(() => expect(dockUnread()).toBe(badges.dailyChatsTotal + badges.otherChatsTotal));
  });

  it('clears the unread mark when the admin reads the conversation in another tab (a seen notice)', async () => {
    const r = await otherTab.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversationId });
    expect(r.ok).toBe(true);
    await waitFor(() => expect(dockRow()!.className).toBe('is-read'));
    expect(within(dockRow()!).queryByLabelText('unread')).toBeNull();
    // The toggle's number is the server's count of unread conversations, this one no longer among
    // them. (Counting down from the number read before the notice raced the page's first badge list,
    // which may arrive in between with the seeded unread conversations.)
    const badges = await new Promise<BadgesPayload>((resolve) => {
      otherTab.once('badges', resolve);
      otherTab.emit('getBadges', {});
    });
    expect([...badges.dailyChats, ...badges.otherChats].some((b) => b.id === conversationId)).toBe(false);
    await waitFor(() => expect(dockUnread()).toBe(badges.dailyChatsTotal + badges.otherChatsTotal));
  });
});

describe('BadgeBell', () => {
  it('counts the conversations with news and lists them by candidate and job when opened; opening marks them all seen', async () => {
    await candidateWrites('Also: where do I meet the team?');
    // Badges are asked for again after a burst of messages (250 ms), so the count follows shortly.
    await waitFor(() => expect(bellCount()).toBeGreaterThan(0));
    fireEvent.click(bell());
    const panel = await screen.findByRole('dialog', { name: 'Unread chats' });
    expect(within(panel).getByRole('button', { name: new RegExp(`^${candidateName} — `) })).toBeTruthy();
    // Seen on opening: the number goes at once…
    expect(within(bell()).queryByTestId('badge-bell-count')).toBeNull();
    // …and the server keeps it so for the admin's other tabs and the next page load.
    await waitFor(async () => {
      const badges = await new Promise<BadgesPayload>((resolve) => {
        otherTab.once('badges', resolve);
        otherTab.emit('getBadges', {});
      });
      expect(badges.dailyChats.length + badges.otherChats.length).toBeGreaterThan(0);
      expect([...badges.dailyChats, ...badges.otherChats].every((b) => b.isSee === 1)).toBe(true);
    });
    fireEvent.click(bell());
    expect(screen.queryByRole('dialog', { name: 'Unread chats' })).toBeNull();
  });

  it('counts again when the candidate writes after the badges were seen', async () => {
    expect(bellCount()).toBe(0);
    await candidateWrites('Sorry, one more question.');
    await waitFor(() => expect(bellCount()).toBe(1));
  });
});

describe('ChatWindowsV3', () => {
  it('opens the conversation from the dock: a window with the candidate’s name and the messages so far', async () => {
    fireEvent.click(within(dockRow()!).getByRole('button'));
    const win = await screen.findByRole('region', { name: candidateName });
    await within(win).findByText('Can I bring my own gloves?');
    expect(within(win).getByText('Sorry, one more question.')).toBeTruthy();
    expect(within(win).getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('shows a new message of the candidate in the open window, and reads it (the dock row stays read)', async () => {
    await candidateWrites('Thank you!');
    const win = windowOf()!;
    await within(win).findByText('Thank you!');
    openDock();
    await waitFor(() => expect(dockRow()!.className).toBe('is-read'));
  });

  it('sends what the admin writes: shown at once, stored, heard by the candidate, then marked Read once the candidate has seen it', async () => {
    const win = windowOf()!;
    const heard = new Promise<ChatMessage>((resolve) => {
      const listener = (m: ChatMessage) => {
        if (m.content !== 'See you at 9 at the north gate.') return;
        candidate.off('newMessage', listener);
        resolve(m);
      };
      candidate.on('newMessage', listener);
    });
    fireEvent.change(within(win).getByRole('textbox', { name: 'Message' }), { target: { value: 'See you at 9 at the north gate.' } });
    fireEvent.click(within(win).getByRole('button', { name: 'Send' }));
    await within(win).findByText('See you at 9 at the north gate.');
    const stored = await heard;
    expect(stored.sender_role).toBe('staff');
    const mine = await waitFor(() => {
      const li = win.querySelector<HTMLElement>(`li[data-seq="${stored.seq}"]`);
      expect(li?.className).toContain('is-mine');
      return li!;
    });
    expect(within(mine).queryByText('Read')).toBeNull();
    const r = await candidate.timeout(5_000).emitWithAck('sendSeenAdmin', { conversation_id: conversationId });
    expect(r.ok).toBe(true);
    await within(mine).findByText('Read');
  });

  it('minimises to its title bar and restores with the thread as it was', async () => {
    const win = windowOf()!;
    fireEvent.click(within(win).getByRole('button', { name: 'Minimise' }));
    await waitFor(() => expect(within(win).queryByRole('textbox', { name: 'Message' })).toBeNull());
    expect(win.className).toContain('is-mini');
    expect(within(win).queryByText('Thank you!')).toBeNull();
    fireEvent.click(within(win).getByRole('button', { name: 'Restore' }));
    await within(win).findByRole('textbox', { name: 'Message' });
    expect(win.className).not.toContain('is-mini');
    expect(within(win).getByText('Thank you!')).toBeTruthy();
  });

  it('closes, and opens again from the dock', async () => {
    fireEvent.click(within(windowOf()!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(windowOf()).toBeNull());
    expect(screen.queryAllByTestId('chat-window')).toHaveLength(0);
    openDock();
    await waitFor(() => expect(dockRow()).not.toBeNull());
    fireEvent.click(within(dockRow()!).getByRole('button'));
    await within(await screen.findByRole('region', { name: candidateName })).findByText('Thank you!');
  });
});

describe('BadgeBell past the loaded conversations', () => {
  it('names an unread conversation the dock has not loaded (candidate and job title in the reader’s language) and opens it when clicked', async () => {
    for (const w of chatV3.state.value.openConversationV3) closeWindow(w);
    await waitFor(() => expect(screen.queryAllByTestId('chat-window')).toHaveLength(0));
    const db = ground.database.db;
    const company = (await db.selectFrom('users').select('company_id').where('email', '=', DEMO.company_admin).executeTakeFirstOrThrow()).company_id!;
    const me = (await db.selectFrom('users').select('id').where('email', '=', DEMO.candidate).executeTakeFirstOrThrow()).id;
    const job = await db
      .selectFrom('jobs')
      .select(['id', 'title_en'])
      .where('company_id', '=', company)
      .where('kind', '=', 'daily')
      .where('title_en', '<>', '')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    // The candidate's own conversation about the job, with no message yet…
    const target = (
      await db
        .insertInto('conversations')
        .values({ company_id: company, candidate_id: me, job_id: job.id, shift_id: null, application_id: null, type: 1, last_message_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // …and more conversations of the company than the dock's first page, all newer than anything written today.
    // Each a minute apart, so the dock's order (newest first) is known: ties would leave which
    // fillers make the first page to the database.
    const fillers = await sql<{ id: string; last_message_at: Date }>`
      insert into conversations (company_id, candidate_id, job_id, type, last_message_at)
      select company_id, candidate_id, job_id, 1, now() + interval '1 day' + n * interval '1 minute'
      from (
        select j.company_id, u.id as candidate_id, j.id as job_id, row_number() over () as n
        from jobs j cross join users u
        where j.company_id = ${company} and u.role = 'candidate'
        limit ${RECENT_SIZE + 5}
      ) f
      on conflict do nothing
      returning id, last_message_at`.execute(db);
    expect(fillers.rows.length).toBeGreaterThan(RECENT_SIZE);
    const newest = fillers.rows.reduce((a, b) => (a.last_message_at > b.last_message_at ? a : b));
    try {
      openDock();
      const question = 'Is there parking near the warehouse?';
      await candidateWrites(question, target);
      // The page heard of a conversation it had not listed and loaded the first page again: the
      // newer conversations fill it, so the one with news is not among the loaded ones.
      await waitFor(() => expect(dock().querySelector(`li[data-conversation="${newest.id}"]`)).not.toBeNull());
      expect(dock().querySelector(`li[data-conversation="${target}"]`)).toBeNull();
      await waitFor(() => expect(bellCount()).toBeGreaterThan(0));

      fireEvent.click(bell());
      const panel = await screen.findByRole('dialog', { name: 'Unread chats' });
      const entry = await within(panel).findByRole('button', { name: `${candidateName} — ${job.title_en}` });
      expect(within(panel).queryByText('Loading…')).toBeNull();
      fireEvent.click(entry);
      const win = await screen.findByRole('region', { name: candidateName });
      await within(win).findByText(question);
    } finally {
      for (const w of chatV3.state.value.openConversationV3) closeWindow(w);
      await db
        .deleteFrom('conversations')
        .where(
          'id',
          'in',
          fillers.rows.map((r) => r.id),
        )
        .execute();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CHAT_STATE, RECENT_PAGE_SIZE, reduceChat, stepChat, type ChatAction, type ChatMessageEvent, type ChatState, type Conversation } from './chat.ts';

const conv = (n: number, over: Partial<Conversation> = {}): Conversation => ({
  id: `r${n}`,
  conversation_id: `c${n}`,
  is_read: 1,
  message_type: 1,
  message_user_name: 'admin',
  message_content: 'hello',
  message_date: `2026-01-0${n}T00:00:00.000Z`,
  last_message: 'hello',
  type: 1,
  ...over,
});

const msg = (conversation_id: string, over: Partial<ChatMessageEvent> = {}): ChatMessageEvent => ({
  conversation_id,
  message_type: 1,
  message_user_name: 'Nguyen',
  message_content: 'new',
  message_date: '2026-02-01T00:00:00.000Z',
  fromOtherParty: true,
  ...over,
});

const run = (s: ChatState, ...actions: ChatAction[]) => actions.reduce(reduceChat, s);
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => conv(from + i));
/** A recent list of c1 (type 1, oldest), c2 (type 2), c3 (type 1, newest), sorted newest first. */
const listed = run(CHAT_STATE, { type: 'recentLoaded', page: { current: 1, data: [conv(3), conv(2, { type: 2 }), conv(1)] } });

describe('socket (SPEC §4)', () => {
  it('connect sets the connected flag', () => {
    expect(run(CHAT_STATE, { type: 'connected', socketId: 's1' })).toMatchObject({ socketId: 's1', connected: true });
  });
  it('a failed connect clears the connection only if one existed', () => {
    expect(reduceChat(CHAT_STATE, { type: 'connectFailed' })).toBe(CHAT_STATE);
    expect(run(CHAT_STATE, { type: 'connected', socketId: 's1' }, { type: 'connectFailed' })).toMatchObject({ socketId: null, connected: false });
  });
  it('disconnect closes the connection', () => {
    const step = stepChat(run(CHAT_STATE, { type: 'connected', socketId: 's1' }), { type: 'disconnect' });
    expect(step.state).toMatchObject({ socketId: null, connected: false });
    expect(step.effects).toEqual([{ type: 'closeSocket' }]);
    expect(stepChat(CHAT_STATE, { type: 'disconnect' }).effects).toEqual([]);
  });
  it('logout resets the whole chat store', () => {
    const busy = run(
      listed,
      { type: 'connected', socketId: 's1' },
      { type: 'openConversation', conversation: conv(1) },
      { type: 'openConversation', conversation: conv(2, { type: 2 }) },
      { type: 'messageReceived', message: msg('c3') },
      { type: 'setProfileInfo', profile: { name: 'x' } },
      { type: 'supportBadgesLoaded', badges: [{ id: 's', isSee: 0 }] },
    );
    const step = stepChat(busy, { type: 'logout' });
    expect(step.state).toEqual(CHAT_STATE);
    expect(step.effects).toEqual([]);
  });
});

describe('recent conversations (SPEC §4)', () => {
  it('a new message in a conversation that is not open, from the other party, is unread and adds a badge entry', () => {
    const s = run(listed, { type: 'messageReceived', message: msg('c1') });
    const c1 = s.recentList.find((c) => c.conversation_id === 'c1');
    expect(c1).toMatchObject({ is_read: 0, message_content: 'new', last_message: 'new', message_user_name: 'Nguyen', message_date: '2026-02-01T00:00:00.000Z' });
    expect(s.dailyBadges).toEqual([{ id: 'c1', isSee: 0 }]);
    expect(s.otherBadges).toEqual([]);
  });
  it('a badge entry goes to the daily list for type 1 and the other list for type 2', () => {
    const s = run(listed, { type: 'messageReceived', message: msg('c2') }, { type: 'messageReceived', message: msg('c3') });
    expect(s.dailyBadges).toEqual([{ id: 'c3', isSee: 0 }]);
    expect(s.otherBadges).toEqual([{ id: 'c2', isSee: 0 }]);
  });
  it('adds the badge entry once per conversation', () => {
    const s = run(listed, { type: 'messageReceived', message: msg('c1') }, { type: 'seeBadges' }, { type: 'messageReceived', message: msg('c1', { message_date: '2026-02-02T00:00:00.000Z' }) });
    expect(s.dailyBadges).toEqual([{ id: 'c1', isSee: 1 }]);
  });
  it('a new message in an open window is read and adds no badge', () => {
    const s = run(listed, { type: 'openConversation', conversation: conv(1) }, { type: 'messageReceived', message: msg('c1') });
    expect(s.recentList.find((c) => c.conversation_id === 'c1')?.is_read).toBe(1);
    expect(s.dailyBadges).toEqual([]);
  });
  it('a new message in the current conversation is read and adds no badge', () => {
    const s = run(listed, { type: 'openConversation', conversation: conv(2, { type: 2 }) }, { type: 'messageReceived', message: msg('c2') });
    expect(s.recentList.find((c) => c.conversation_id === 'c2')?.is_read).toBe(1);
    expect(s.otherBadges).toEqual([]);
  });
  it('a new message not from the other party is read and adds no badge', () => {
    const unread = run(CHAT_STATE, { type: 'recentLoaded', page: { current: 1, data: [conv(1, { is_read: 0 })] } });
    const s = run(unread, { type: 'messageReceived', message: msg('c1', { fromOtherParty: false }) });
    expect(s.recentList[0]?.is_read).toBe(1);
    expect(s.dailyBadges).toEqual([]);
  });
  it('re-sorts the list by message date, newest first, after a new message', () => {
    const s = run(listed, { type: 'messageReceived', message: msg('c1') });
    expect(s.recentList.map((c) => c.conversation_id)).toEqual(['c1', 'c3', 'c2']);
  });
  it('keeps the order of conversations with equal message dates when re-sorting', () => {
    const same = '2026-01-05T00:00:00.000Z';
    const s0 = run(CHAT_STATE, {
      type: 'recentLoaded',
      page: { current: 1, data: [conv(1, { message_date: same }), conv(2, { message_date: same }), conv(3, { message_date: same }), conv(4, { message_date: '2026-01-01T00:00:00.000Z' })] },
    });
    const s = run(s0, { type: 'messageReceived', message: msg('c4', { message_date: same }) });
    expect(s.recentList.map((c) => c.conversation_id)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });
  it('a message for a conversation outside the recent list changes nothing', () => {
    expect(reduceChat(listed, { type: 'messageReceived', message: msg('c9') })).toBe(listed);
  });
  it('a seen event marks the conversation read and removes its badge', () => {
    const s = run(listed, { type: 'messageReceived', message: msg('c1') }, { type: 'messageReceived', message: msg('c2') }, { type: 'seen', conversation_id: 'c1' });
    expect(s.recentList.find((c) => c.conversation_id === 'c1')?.is_read).toBe(1);
    expect(s.recentList.find((c) => c.conversation_id === 'c2')?.is_read).toBe(0);
    expect(s.dailyBadges).toEqual([]);
    expect(s.otherBadges).toEqual([{ id: 'c2', isSee: 0 }]);
  });
  it('a new conversation is added once, by id', () => {
    const s = run(listed, { type: 'conversationAdded', conversation: conv(7) });
    expect(s.recentList.map((c) => c.id)).toEqual(['r7', 'r3', 'r2', 'r1']);
    expect(reduceChat(s, { type: 'conversationAdded', conversation: conv(7, { message_content: 'again' }) })).toBe(s);
  });
  it('opening a conversation sends a seen notice', () => {
    expect(stepChat(listed, { type: 'openConversation', conversation: conv(1) }).effects).toEqual([{ type: 'sendSeenAdmin', conversation_id: 'c1' }]);
    expect(stepChat(listed, { type: 'openConversation', conversation: conv(2, { type: 2 }) }).effects).toEqual([{ type: 'sendSeenAdmin', conversation_id: 'c2' }]);
  });
  it('opening a type 1 conversation adds it to the open windows once', () => {
    const s = run(listed, { type: 'openConversation', conversation: conv(1) }, { type: 'openConversation', conversation: conv(3) }, { type: 'openConversation', conversation: conv(1) });
    expect(s.openConversations.map((c) => c.conversation_id)).toEqual(['c1', 'c3']);
    expect(s.currentConversation).toBeNull();
  });
  it('opening a type 2 conversation sets it as the current conversation', () => {
    const s = run(listed, { type: 'openConversation', conversation: conv(2, { type: 2 }) }, { type: 'openConversation', conversation: conv(4, { type: 2 }) });
    expect(s.currentConversation?.conversation_id).toBe('c4');
    expect(s.openConversations).toEqual([]);
  });
  it('closing a window sends a seen notice and removes it', () => {
    const open = run(listed, { type: 'openConversation', conversation: conv(1) }, { type: 'openConversation', conversation: conv(3) });
    const step = stepChat(open, { type: 'closeConversation', conversation_id: 'c1' });
    expect(step.effects).toEqual([{ type: 'sendSeenAdmin', conversation_id: 'c1' }]);
    expect(step.state.openConversations.map((c) => c.conversation_id)).toEqual(['c3']);
  });
  it('closing the current conversation sends a seen notice and clears it', () => {
    const open = run(listed, { type: 'openConversation', conversation: conv(2, { type: 2 }) }, { type: 'openConversation', conversation: conv(1) });
    const step = stepChat(open, { type: 'closeConversation', conversation_id: 'c2' });
    expect(step.effects).toEqual([{ type: 'sendSeenAdmin', conversation_id: 'c2' }]);
    expect(step.state.currentConversation).toBeNull();
    expect(step.state.openConversations.map((c) => c.conversation_id)).toEqual(['c1']);
  });
  it('closing a conversation that is not open sends nothing and changes nothing', () => {
    const step = stepChat(listed, { type: 'closeConversation', conversation_id: 'c1' });
    expect(step).toEqual({ state: listed, effects: [] });
  });
  it('resetting the chat sends seen notices for all open conversations, then clears them', () => {
    const open = run(
      listed,
      { type: 'openConversation', conversation: conv(1) },
      { type: 'openConversation', conversation: conv(3) },
      { type: 'openConversation', conversation: conv(2, { type: 2 }) },
    );
    const step = stepChat(open, { type: 'resetChat' });
    expect(step.effects).toEqual([
      { type: 'sendSeenAdmin', conversation_id: 'c1' },
      { type: 'sendSeenAdmin', conversation_id: 'c3' },
      { type: 'sendSeenAdmin', conversation_id: 'c2' },
    ]);
    expect(step.state).toMatchObject({ openConversations: [], currentConversation: null });
    expect(step.state.recentList).toEqual(open.recentList);
    expect(stepChat(CHAT_STATE, { type: 'resetChat' }).effects).toEqual([]);
  });
  it('seeing the badges sets isSee to 1 on every entry', () => {
    const s = run(
      listed,
      {
        type: 'badgesLoaded',
        badges: {
          dailyChats: [
            { id: 'a', isSee: 0 },
            { id: 'b', isSee: 1 },
          ],
          otherChats: [{ id: 'c', isSee: 0 }],
          workerDailyIcCount: 0,
          workerOtherIcCount: 0,
        },
      },
      { type: 'seeBadges' },
    );
    expect(s.dailyBadges).toEqual([
      { id: 'a', isSee: 1 },
      { id: 'b', isSee: 1 },
    ]);
    expect(s.otherBadges).toEqual([{ id: 'c', isSee: 1 }]);
  });
  it('a badge list asked for before the seeing was stored does not bring the count back; news in a conversation does', () => {
    const unseen = {
      dailyChats: [
        { id: 'c1', isSee: 0 },
        { id: 'c3', isSee: 0 },
      ],
      otherChats: [],
      workerDailyIcCount: 2,
      workerOtherIcCount: 0,
    };
    let s = run(listed, { type: 'badgesLoaded', badges: unseen }, { type: 'seeBadges' }, { type: 'badgesLoaded', badges: unseen });
    expect(s.dailyBadges).toEqual([
      { id: 'c1', isSee: 1 },
      { id: 'c3', isSee: 1 },
    ]);
    // The candidate writes in c3 (listed) and in c9 (not listed here): both count again.
    s = run(
      s,
      { type: 'messageReceived', message: msg('c3') },
      { type: 'messageReceived', message: msg('c9') },
      { type: 'badgesLoaded', badges: { ...unseen, dailyChats: [...unseen.dailyChats, { id: 'c9', isSee: 0 }] } },
    );
    expect(s.dailyBadges).toEqual([
      { id: 'c1', isSee: 1 },
      { id: 'c3', isSee: 0 },
      { id: 'c9', isSee: 0 },
    ]);
    expect(run(s, { type: 'logout' }).seenBadgeIds).toEqual([]);
  });
  it('a badge list that answers after the bell was opened, before the seen was stored, counts nothing the opening saw: even entries the page had not heard of yet', () => {
    const older = {
      dailyChats: [
        { id: 'c1', isSee: 0 },
        { id: 'c2', isSee: 0 },
        { id: 'c3', isSee: 0 },
      ],
      otherChats: [],
      workerDailyIcCount: 3,
      workerOtherIcCount: 0,
    };
    // Only c1's live message had reached the page when the bell was opened.
    let s = run(listed, { type: 'messageReceived', message: msg('c1') }, { type: 'seeBadges' }, { type: 'badgesLoaded', badges: older });
    expect(s.dailyBadges.filter((b) => b.isSee !== 1)).toEqual([]);
    // Once stored, the server's lists count again what has news since.
    s = run(
      s,
      { type: 'badgesSeenStored' },
      { type: 'messageReceived', message: msg('c2') },
      {
        type: 'badgesLoaded',
        badges: {
          ...older,
          dailyChats: [
            { id: 'c1', isSee: 1 },
            { id: 'c2', isSee: 0 },
            { id: 'c3', isSee: 1 },
          ],
        },
      },
    );
    expect(s.dailyBadges.filter((b) => b.isSee !== 1).map((b) => b.id)).toEqual(['c2']);
  });
  it('a page with current 1 replaces the list and later pages are appended', () => {
    let s = run(CHAT_STATE, { type: 'recentLoaded', page: { current: 1, data: rows(1, 30) } });
    s = run(s, { type: 'recentLoaded', page: { current: 2, data: rows(31, 5) } });
    expect(s.recentList).toHaveLength(35);
    expect(s.recentList[30]?.id).toBe('r31');
    expect(s).toMatchObject({ recentPage: 2, recentWorked: true });
    s = run(s, { type: 'recentLoaded', page: { current: 1, data: rows(100, 2) } });
    expect(s.recentList.map((c) => c.id)).toEqual(['r100', 'r101']);
    expect(s.recentPage).toBe(1);
  });
  it('a later page does not repeat a conversation already in the list', () => {
    let s = run(CHAT_STATE, { type: 'recentLoaded', page: { current: 1, data: rows(1, 30) } });
    s = run(s, { type: 'recentLoaded', page: { current: 2, data: [conv(30), conv(31)] } });
    expect(s.recentList.map((c) => c.id).slice(-2)).toEqual(['r30', 'r31']);
    expect(s.recentList).toHaveLength(31);
  });
  it('a page with fewer than 30 rows finishes the list', () => {
    expect(RECENT_PAGE_SIZE).toBe(30);
    expect(run(CHAT_STATE, { type: 'recentLoaded', page: { current: 1, data: rows(1, 30) } }).recentFinished).toBe(false);
    expect(run(CHAT_STATE, { type: 'recentLoaded', page: { current: 1, data: rows(1, 29) } }).recentFinished).toBe(true);
    expect(run(CHAT_STATE, { type: 'recentLoaded', page: { current: 2, data: [] } }).recentFinished).toBe(true);
  });
});

describe('badge responses and support chat (SPEC §3, §7)', () => {
  it('a badge response sets both badge lists and the worker unread counts', () => {
    const s = run(CHAT_STATE, { type: 'badgesLoaded', badges: { dailyChats: [{ id: 'a', isSee: 0 }], otherChats: [], workerDailyIcCount: 3, workerOtherIcCount: 4 } });
    expect(CHAT_STATE.badgesWorked).toBe(false);
    expect(s).toMatchObject({ dailyBadges: [{ id: 'a', isSee: 0 }], otherBadges: [], workerDailyIcCount: 3, workerOtherIcCount: 4, badgesWorked: true });
  });
  it('a cut badge list keeps the count past its end, through live additions and reads, until the next response', () => {
    const cut = { dailyChats: [{ id: 'a', isSee: 0 }], otherChats: [{ id: 'c', isSee: 0 }], workerDailyIcCount: 9, workerOtherIcCount: 1, dailyChatsTotal: 120, otherChatsTotal: 1 };
    let s = run(CHAT_STATE, { type: 'recentLoaded', page: { current: 1, data: rows(1, 3) } }, { type: 'badgesLoaded', badges: cut });
    expect([s.dailyBadgesMore, s.otherBadgesMore]).toEqual([119, 0]);
    const id = s.recentList.find((c) => c.type === 1)!.conversation_id;
    s = reduceChat(s, {
      type: 'messageReceived',
      message: { conversation_id: id, message_type: 1, message_user_name: 'W', message_content: 'hi', message_date: '2026-11-26T00:00:00Z', fromOtherParty: true },
    });
    expect(s.dailyBadges.map((b) => b.id)).toContain(id);
    expect(s.dailyBadgesMore).toBe(119);
    s = reduceChat(s, { type: 'seen', conversation_id: 'a' });
    expect([s.dailyBadges.some((b) => b.id === 'a'), s.dailyBadgesMore]).toEqual([false, 119]);
    // A response without totals (SPEC §7 as written) lists everything: nothing past the end.
    expect(reduceChat(s, { type: 'badgesLoaded', badges: { ...cut, dailyChatsTotal: undefined } }).dailyBadgesMore).toBe(0);
    expect(run(CHAT_STATE, { type: 'supportBadgesLoaded', badges: [{ id: 's1', isSee: 0 }], total: 5 }).supportBadgesMore).toBe(4);
  });
  it('keeps the support badge list, the newest support message and the seen notice', () => {
    const s = run(
      CHAT_STATE,
      { type: 'supportBadgesLoaded', badges: [{ id: 's1', isSee: 0 }] },
      { type: 'supportMessageReceived', message: { id: 'm1', conversation_id: 's1' } },
      { type: 'supportMessageReceived', message: { id: 'm2', conversation_id: 's1' } },
      { type: 'supportSeen', notice: { conversation_id: 's1' } },
    );
    expect(s).toMatchObject({ supportBadges: [{ id: 's1', isSee: 0 }], newestSupportMessage: { id: 'm2' }, supportSeenNotice: { conversation_id: 's1' } });
  });
  it('keeps the profile info', () => {
    expect(run(CHAT_STATE, { type: 'setProfileInfo', profile: { name: 'A' } }).profileInfo).toEqual({ name: 'A' });
  });
  it('reduceChat is the state of stepChat', () => {
    const action: ChatAction = { type: 'openConversation', conversation: conv(1) };
    expect(reduceChat(listed, action)).toEqual(stepChat(listed, action).state);
  });
});

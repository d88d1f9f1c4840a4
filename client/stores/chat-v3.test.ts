import { describe, expect, it } from 'vitest';
import { CHAT_V3_STATE, messageKey, reduceChatV3, type ChatMessageV3, type ChatV3Action, type ChatV3State, type ConversationRef } from './chat-v3.ts';

const run = (s: ChatV3State, ...actions: ChatV3Action[]) => actions.reduce(reduceChatV3, s);
const ref = (conversationId: string, jobDailyShiftId: string | null = null, candidateId = 'cand1'): ConversationRef => ({ conversationId, jobDailyShiftId, candidateId });
const open = (r: ConversationRef, name = 'Nguyen'): ChatV3Action => ({ type: 'open', window: { ...r, image: null, name } });
const m = (id: string, seq?: number): ChatMessageV3 => (seq === undefined ? { id, text: id } : { id, seq, text: id });
const ids = (s: ChatV3State, r: ConversationRef) => s.conversationMessages[messageKey(r)]?.map((x) => x.id);

describe('chat V3 (SPEC §4)', () => {
  it('opening a conversation adds a window', () => {
    const s = run(CHAT_V3_STATE, open(ref('c1')), open(ref('c2', 'sh1')));
    expect(s.openConversationV3).toEqual([
      { conversationId: 'c1', jobDailyShiftId: null, candidateId: 'cand1', image: null, name: 'Nguyen', isMini: false },
      { conversationId: 'c2', jobDailyShiftId: 'sh1', candidateId: 'cand1', image: null, name: 'Nguyen', isMini: false },
    ]);
  });
  it('opening a conversation that already has a window adds none and restores it from mini', () => {
    const mini = run(CHAT_V3_STATE, open(ref('c1')), { type: 'minimise', ref: ref('c1') });
    expect(mini.openConversationV3[0]?.isMini).toBe(true);
    const s = run(mini, open(ref('c1'), 'other name'));
    expect(s.openConversationV3).toHaveLength(1);
    expect(s.openConversationV3[0]).toMatchObject({ isMini: false, name: 'Nguyen' });
  });
  it('opening an already open, restored window changes nothing', () => {
    const s = run(CHAT_V3_STATE, open(ref('c1')));
    expect(reduceChatV3(s, open(ref('c1')))).toBe(s);
  });
  it('keeps one window per conversation and shift when a shift is given', () => {
    let s = run(CHAT_V3_STATE, open(ref('c1', 'sh1')), open(ref('c1', 'sh2')));
    expect(s.openConversationV3.map((w) => w.jobDailyShiftId)).toEqual(['sh1', 'sh2']);
    s = run(s, { type: 'minimise', ref: ref('c1', 'sh2') }, open(ref('c1', 'sh2')), open(ref('c1', 'sh1')));
    expect(s.openConversationV3).toHaveLength(2);
    expect(s.openConversationV3.every((w) => !w.isMini)).toBe(true);
  });
  it('opening without a shift matches any window of the conversation', () => {
    const s = run(CHAT_V3_STATE, open(ref('c1', 'sh1')), { type: 'minimise', ref: ref('c1', 'sh1') }, open(ref('c1')));
    expect(s.openConversationV3).toEqual([expect.objectContaining({ jobDailyShiftId: 'sh1', isMini: false })]);
  });
  it('minimises and restores a window', () => {
    let s = run(CHAT_V3_STATE, open(ref('c1')), open(ref('c2')), { type: 'minimise', ref: ref('c2') });
    expect(s.openConversationV3.map((w) => w.isMini)).toEqual([false, true]);
    s = run(s, { type: 'restore', ref: ref('c2') });
    expect(s.openConversationV3.map((w) => w.isMini)).toEqual([false, false]);
    expect(reduceChatV3(s, { type: 'restore', ref: ref('c9') })).toBe(s);
  });
  it('minimising one shift window leaves the other shift window of the same conversation alone', () => {
    const s = run(CHAT_V3_STATE, open(ref('c1', 'sh1')), open(ref('c1', 'sh2')), { type: 'minimise', ref: ref('c1', 'sh2') });
    expect(s.openConversationV3.map((w) => [w.jobDailyShiftId, w.isMini])).toEqual([
      ['sh1', false],
      ['sh2', true],
    ]);
  });
  it('closing removes the window and its stored messages, stored under the conversation, shift and candidate ids', () => {
    const s0 = run(
      CHAT_V3_STATE,
      open(ref('c1', 'sh1')),
      open(ref('c1', 'sh2')),
      { type: 'messageReceived', ref: ref('c1', 'sh1'), message: m('a') },
      { type: 'messageReceived', ref: ref('c1', 'sh2'), message: m('b') },
    );
    const s = run(s0, { type: 'close', ref: ref('c1', 'sh1') });
    expect(s.openConversationV3.map((w) => w.jobDailyShiftId)).toEqual(['sh2']);
    expect(Object.keys(s.conversationMessages)).toEqual([messageKey(ref('c1', 'sh2'))]);
    expect(ids(s, ref('c1', 'sh2'))).toEqual(['b']);
  });
  it('the message key tells conversation, shift and candidate apart', () => {
    const keys = [ref('c1'), ref('c1', 'sh1'), ref('c1', null, 'cand2'), ref('c2')].map(messageKey);
    expect(new Set(keys).size).toBe(4);
    expect(messageKey(ref('a:b', 'c'))).not.toBe(messageKey(ref('a', 'b:c')));
  });
  it('a new message goes into its conversation list, created if missing', () => {
    const s = run(CHAT_V3_STATE, { type: 'messageReceived', ref: ref('c1'), message: m('a') });
    expect(s.conversationMessages).toEqual({ [messageKey(ref('c1'))]: [{ id: 'a', text: 'a' }] });
  });
  it('an array of messages is placed before the existing ones and a single message after', () => {
    const s = run(
      CHAT_V3_STATE,
      { type: 'messageReceived', ref: ref('c1'), message: m('m3') },
      { type: 'messageReceived', ref: ref('c1'), message: [m('m1'), m('m2')] },
      { type: 'messageReceived', ref: ref('c1'), message: m('m4') },
      { type: 'messageReceived', ref: ref('c1'), message: [m('m0')] },
    );
    expect(ids(s, ref('c1'))).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });
  it('a message whose id is already stored is not doubled (a resend after a reconnect)', () => {
    const s = run(
      CHAT_V3_STATE,
      { type: 'messageReceived', ref: ref('c1'), message: [m('m1'), m('m2')] },
      { type: 'messageReceived', ref: ref('c1'), message: m('m3') },
      { type: 'messageReceived', ref: ref('c1'), message: { id: 'm3', text: 'stored' } },
      { type: 'messageReceived', ref: ref('c1'), message: [m('m2'), m('m1'), m('m1')] },
    );
    expect(ids(s, ref('c1'))).toEqual(['m1', 'm2', 'm3']);
    expect(s.conversationMessages[messageKey(ref('c1'))]?.[2]).toEqual({ id: 'm3', text: 'stored' });
  });
  it('keeps messages ordered by sequence number when every message has one', () => {
    const s = run(
      CHAT_V3_STATE,
      { type: 'messageReceived', ref: ref('c1'), message: m('m5', 5) },
      { type: 'messageReceived', ref: ref('c1'), message: [m('m6', 6), m('m7', 7)] }, // a backfill after a reconnect
      { type: 'messageReceived', ref: ref('c1'), message: m('m4', 4) }, // a late delivery
      { type: 'messageReceived', ref: ref('c1'), message: [m('m1', 1), m('m2', 2)] }, // a history page
      { type: 'messageReceived', ref: ref('c1'), message: m('m6', 6) }, // a repeat
    );
    expect(ids(s, ref('c1'))).toEqual(['m1', 'm2', 'm4', 'm5', 'm6', 'm7']);
  });
  it('messages of one shift do not reach another shift of the same conversation', () => {
    const s = run(CHAT_V3_STATE, { type: 'messageReceived', ref: ref('c1', 'sh1'), message: m('a') }, { type: 'messageReceived', ref: ref('c1', 'sh2'), message: m('b') });
    expect(ids(s, ref('c1', 'sh1'))).toEqual(['a']);
    expect(ids(s, ref('c1', 'sh2'))).toEqual(['b']);
  });
  it('clearing resets everything', () => {
    const s = run(CHAT_V3_STATE, open(ref('c1')), { type: 'messageReceived', ref: ref('c1'), message: m('a') }, { type: 'clear' });
    expect(s).toEqual(CHAT_V3_STATE);
  });
});

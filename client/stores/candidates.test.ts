import { describe, expect, it } from 'vitest';
import { CANDIDATES_STATE, reduceCandidates, type CandidateRoot, type CandidateRow, type CandidatesAction, type CandidatesState } from './candidates.ts';

const row = (n: number, over: Partial<CandidateRow> = {}): CandidateRow => ({
  id: `p${n}`,
  roots: [],
  candidate_status_id: 's1',
  chat_status: 0,
  conversation_id: `c${n}`,
  is_read: 1,
  message_count: 0,
  updated_at: `2026-01-0${n}T00:00:00.000Z`,
  ...over,
});
const run = (s: CandidatesState, ...actions: CandidatesAction[]) => actions.reduce(reduceCandidates, s);
const ids = (list: CandidateRow[]) => list.map((r) => r.id);
const roots: CandidateRoot[] = [
  {
    status_id: 's3',
    translate: [
      { language_key: 'ja', name: '面接' },
      { language_key: 'en', name: 'Interview' },
    ],
  },
];

/** Three rows per list, newest first: p3, p2, p1; kakunin rows carry a name. */
const loaded = run(
  CANDIDATES_STATE,
  { type: 'loaded', list: 'candidates', value: [row(3), row(2), row(1)], count: 42 },
  { type: 'loaded', list: 'shukkins', value: [row(3), row(2)], count: 2 },
  { type: 'loaded', list: 'kakunins', value: [row(3, { candidate_name: 'An' }), row(1, { candidate_name: 'Binh' })], count: 7 },
);
const message = (over: Partial<Extract<CandidatesAction, { type: 'messageReceived' }>> = {}): CandidatesAction => ({
  type: 'messageReceived',
  list: 'candidates',
  conversation_id: 'c1',
  fromOtherParty: true,
  windowOpen: false,
  updated_at: '2026-02-01T00:00:00.000Z',
  ...over,
});

describe('candidate, shukkin and kakunin lists (SPEC §4)', () => {
  it('a fetch result replaces the list and its count', () => {
    expect(loaded).toMatchObject({ row_count: 42, shukkin_count: 2, kakunin_size: 7 });
    expect(loaded.kakunins[1]?.candidate_name).toBe('Binh');
    const s = run(loaded, { type: 'loaded', list: 'candidates', value: [row(5)], count: 1 });
    expect(ids(s.candidates)).toEqual(['p5']);
    expect(s.row_count).toBe(1);
    expect(s.shukkins).toBe(loaded.shukkins);
  });
  it('a failed fetch of candidates, shukkins or kakunins empties the list', () => {
    for (const list of ['candidates', 'shukkins', 'kakunins'] as const) {
      const s = run(loaded, { type: 'fetchFailed', list });
      expect(s[list]).toEqual([]);
      for (const other of ['candidates', 'shukkins', 'kakunins'] as const) if (other !== list) expect(s[other]).toBe(loaded[other]);
    }
    expect(run(loaded, { type: 'fetchFailed', list: 'kakunins' }).kakunin_size).toBe(0);
  });
  it('a new candidate is updated in place if its id is known', () => {
    const s = run(loaded, { type: 'candidateAdded', list: 'candidates', candidate: row(2, { chat_status: 9 }) });
    expect(ids(s.candidates)).toEqual(['p3', 'p2', 'p1']);
    expect(s.candidates[1]?.chat_status).toBe(9);
  });
  it('a new candidate is added at the top otherwise', () => {
    const s = run(loaded, { type: 'candidateAdded', list: 'shukkins', candidate: row(7) });
    expect(ids(s.shukkins)).toEqual(['p7', 'p3', 'p2']);
    expect(s.candidates).toBe(loaded.candidates);
  });
  it('a status change updates candidate_status_id, roots and chat_status in whichever list holds the person', () => {
    const s = run(loaded, { type: 'statusChanged', id: 'p1', candidate_status_id: 's3', roots, chat_status: 2 });
    expect(s.candidates[2]).toMatchObject({ id: 'p1', candidate_status_id: 's3', roots, chat_status: 2 });
    expect(s.kakunins[1]).toMatchObject({ id: 'p1', candidate_status_id: 's3', roots, chat_status: 2, candidate_name: 'Binh' });
    expect(s.shukkins).toBe(loaded.shukkins);
    expect(s.candidates[0]).toBe(loaded.candidates[0]);
  });
  it('a check event for one list removes that person from the other two lists', () => {
    const s = run(loaded, { type: 'checked', list: 'shukkins', id: 'p3' });
    expect(ids(s.shukkins)).toEqual(['p3', 'p2']);
    expect(ids(s.candidates)).toEqual(['p2', 'p1']);
    expect(ids(s.kakunins)).toEqual(['p1']);
    expect(reduceCandidates(loaded, { type: 'checked', list: 'candidates', id: 'p9' })).toBe(loaded);
  });
  it('a new message from the other party with its chat window closed raises message_count and leaves the row unread', () => {
    const s = run(loaded, message(), message({ updated_at: '2026-02-02T00:00:00.000Z' }));
    expect(s.candidates[0]).toMatchObject({ id: 'p1', is_read: 0, message_count: 2, updated_at: '2026-02-02T00:00:00.000Z' });
  });
  it('a new message with its chat window open is read with count 0', () => {
    const s = run(loaded, message(), message({ windowOpen: true }));
    expect(s.candidates[0]).toMatchObject({ id: 'p1', is_read: 1, message_count: 0 });
  });
  it('a new message not from the other party is read with count 0', () => {
    const s = run(loaded, message(), message({ fromOtherParty: false }));
    expect(s.candidates[0]).toMatchObject({ id: 'p1', is_read: 1, message_count: 0 });
  });
  it('a new message sets the row updated_at and re-sorts the list by it, newest first', () => {
    const s = run(loaded, message({ list: 'shukkins', conversation_id: 'c2' }));
    expect(ids(s.shukkins)).toEqual(['p2', 'p3']);
    expect(s.shukkins[0]?.updated_at).toBe('2026-02-01T00:00:00.000Z');
    expect(s.candidates).toBe(loaded.candidates);
  });
  it('keeps the order of rows with equal updated_at when re-sorting', () => {
    const same = '2026-01-05T00:00:00.000Z';
    const s0 = run(CANDIDATES_STATE, { type: 'loaded', list: 'candidates', value: [row(1, { updated_at: same }), row(2, { updated_at: same }), row(3)], count: 3 });
    const s = run(s0, message({ conversation_id: 'c3', updated_at: same }));
    expect(ids(s.candidates)).toEqual(['p1', 'p2', 'p3']);
  });
  it('a new message for a conversation not in the route list changes nothing', () => {
    expect(reduceCandidates(loaded, message({ conversation_id: 'c9' }))).toBe(loaded);
  });
  it('a seen event on a row sets it read with count 0', () => {
    const s = run(loaded, message(), { type: 'seen', list: 'candidates', conversation_id: 'c1' });
    expect(s.candidates[0]).toMatchObject({ id: 'p1', is_read: 1, message_count: 0 });
    expect(ids(s.candidates)).toEqual(['p1', 'p3', 'p2']);
  });
});

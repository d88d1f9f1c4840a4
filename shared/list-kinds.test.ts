import { describe, expect, it } from 'vitest';
import { badgeStates, stateOf } from './list-kinds.ts';

describe('badgeStates', () => {
  it('keeps the order the states were written in, which is the order a filter offers them', () => {
    const states = badgeStates({ pending: ['res.cardChecks.waitingCheck', 'warning'], verified: ['res.common.verified', 'success'] });
    expect(states).toEqual([
      { value: 'pending', label: { ja: '確認待ち', en: 'Waiting for a check' }, tone: 'warning' },
      { value: 'verified', label: { ja: '確認済み', en: 'Verified' }, tone: 'success' },
    ]);
    expect(stateOf(states, 'verified')?.tone).toBe('success');
    expect(stateOf(states, 'replaced')).toBeUndefined();
  });

  it('refuses a state that reads as a number: JavaScript would list it first whatever the order written', () => {
    expect(() => badgeStates({ draft: ['res.common.draft', 'warning'], 2: ['res.common.verified', 'success'] })).toThrow('badgeStates: "2" reads as a number');
  });
});

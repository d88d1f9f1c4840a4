import { describe, expect, it } from 'vitest';
import { transferDateProblem } from './ledger.ts';

// 2026-11-20 (Friday) 10:00 in Japan = 01:00 UTC; the cut-off is 15:00.
const friday10 = new Date('2026-11-20T01:00:00Z');
const friday16 = new Date('2026-11-20T07:00:00Z');

describe('transferDateProblem: the day a transfer file is dated', () => {
  it('a business day from today on (today only before the cut-off) is taken', () => {
    expect(transferDateProblem('2026-11-20', friday10, '15:00')).toBeNull();
    expect(transferDateProblem('2026-11-24', friday10, '15:00')).toBeNull();
  });
  it('refuses weekends, national holidays (勤労感謝の日 2026-11-23, 祝日法), bank holidays of the new year, past days, after the cut-off and too far ahead', () => {
    expect(transferDateProblem('2026-11-21', friday10, '15:00')).toBe('closed');
    expect(transferDateProblem('2026-11-23', friday10, '15:00')).toBe('closed');
    expect(transferDateProblem('2026-12-31', new Date('2026-12-20T01:00:00Z'), '15:00')).toBe('closed');
    expect(transferDateProblem('2026-11-19', friday10, '15:00')).toBe('past');
    expect(transferDateProblem('2026-11-20', friday16, '15:00')).toBe('cutoff');
    expect(transferDateProblem('2027-01-05', friday10, '15:00')).toBe('far');
    expect(transferDateProblem('2026-02-30', friday10, '15:00')).toBe('format');
    expect(transferDateProblem('tomorrow', friday10, '15:00')).toBe('format');
  });
});

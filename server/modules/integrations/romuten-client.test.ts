import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs } from './romuten-client.ts';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates; nothing readable is null', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:30 GMT', Date.parse('2026-11-25T12:00:00Z'))).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', Date.parse('2026-11-25T12:00:00Z'))).toBe(0);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('exponential backoff', () => {
  const policy = { baseDelayMs: 500, maxDelayMs: 30_000 };
  it('doubles from the base, with at most 20% more, and never passes the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(policy, n, 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(backoffMs(policy, 1, 1)).toBe(600);
    expect(backoffMs(policy, 10, 0.5)).toBe(30_000);
  });
});

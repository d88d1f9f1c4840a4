import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './crypto.ts';

describe('sealed credentials (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens with the same key and row, and never holds the plaintext', () => {
    const sealed = seal(key, '{"secret":"s3cr3t-value"}', 'company:romuten');
    expect(sealed).not.toContain('s3cr3t');
    expect(open(key, sealed, 'company:romuten')).toBe('{"secret":"s3cr3t-value"}');
    // A fresh nonce each time: the same value never seals the same twice.
    expect(seal(key, 'x', 'a')).not.toBe(seal(key, 'x', 'a'));
  });

  it('refuses another key, another row, and a changed value', () => {
    const sealed = seal(key, 'value', 'company-a:romuten');
    expect(() => open(randomBytes(32), sealed, 'company-a:romuten')).toThrow();
    expect(() => open(key, sealed, 'company-b:romuten')).toThrow();
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0]! ^= 1;
    expect(() => open(key, [parts[0], parts[1], parts[2], ct.toString('base64url')].join('.'), 'company-a:romuten')).toThrow();
    expect(() => open(key, 'plain text', 'company-a:romuten')).toThrow();
  });
});

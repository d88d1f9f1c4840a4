import { describe, expect, it } from 'vitest';
import { isUuid, parseId } from './ids.ts';

describe('isUuid / parseId', () => {
  it('takes a UUID in either case', () => {
    expect(isUuid('0b7c3a52-9f1e-4d2a-8c11-3e5f6a7b8c9d')).toBe(true);
    expect(parseId('0B7C3A52-9F1E-4D2A-8C11-3E5F6A7B8C9D')).toBe('0B7C3A52-9F1E-4D2A-8C11-3E5F6A7B8C9D');
  });
  it('refuses anything else, 36 dashes and hex without its dashes included', () => {
    for (const v of ['-'.repeat(36), '0b7c3a529f1e4d2a8c113e5f6a7b8c9d0000', '0b7c3a52-9f1e-4d2a-8c11-3e5f6a7b8c9', 'x', '', undefined, null, 42, ['0b7c3a52-9f1e-4d2a-8c11-3e5f6a7b8c9d']]) {
      expect(isUuid(v)).toBe(false);
      expect(parseId(v)).toBeNull();
    }
  });
});

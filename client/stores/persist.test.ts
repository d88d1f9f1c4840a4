import { describe, expect, it } from 'vitest';
import { clearIdentity } from './persist.ts';

/** A Storage with just what clearIdentity uses, over a Map (the browser's localStorage in tests). */
function storage(entries: Record<string, string>) {
  const m = new Map(Object.entries(entries));
  return {
    get length() {
      return m.size;
    },
    key: (i: number) => [...m.keys()][i] ?? null,
    removeItem: (k: string) => void m.delete(k),
    keys: () => [...m.keys()].sort(),
  };
}

describe('clearIdentity', () => {
  it("removes one person's state and chat outbox, and nobody else's", () => {
    const s = storage({
      'tsunagu:candidate:a1:chat': '{}',
      'tsunagu.chat.outbox:candidate:a1': '[{"content":"hi"}]',
      'tsunagu:candidate:b2:chat': '{}',
      'tsunagu.chat.outbox:candidate:b2': '[]',
      'tsunagu:admin:a1:chat': '{}',
      'tsunagu:customizer': '{}',
    });
    clearIdentity('candidate:a1', s);
    expect(s.keys()).toEqual(['tsunagu.chat.outbox:candidate:b2', 'tsunagu:admin:a1:chat', 'tsunagu:candidate:b2:chat', 'tsunagu:customizer']);
  });

  it('never clears what belongs to nobody in particular', () => {
    const s = storage({ 'tsunagu:anonymous:chat': '{}' });
    clearIdentity('anonymous', s);
    expect(s.keys()).toEqual(['tsunagu:anonymous:chat']);
  });
});

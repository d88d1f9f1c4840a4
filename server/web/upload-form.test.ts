import { describe, expect, it } from 'vitest';
import { READING_PER_PERSON, takeSlot, type UploadSlots } from './upload-form.ts';

describe('takeSlot', () => {
  it('gives a person two slots at once, a third only once one is given back, and another person their own', () => {
    const slots: UploadSlots = new Map();
    const held = Array.from({ length: READING_PER_PERSON }, () => takeSlot(slots, 'hoa'));
    expect(held.every((r) => r !== null)).toBe(true);
    expect(takeSlot(slots, 'hoa')).toBeNull();
    expect(takeSlot(slots, 'minh')).not.toBeNull();
    held[0]!();
    // Given back twice (a read that ended and a connection that closed): one slot, not two.
    held[0]!();
    expect(takeSlot(slots, 'hoa')).not.toBeNull();
    expect(takeSlot(slots, 'hoa')).toBeNull();
  });

  it('forgets a person with nothing on its way', () => {
    const slots: UploadSlots = new Map();
    takeSlot(slots, 'hoa')!();
    expect(slots.size).toBe(0);
  });
});

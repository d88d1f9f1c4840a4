import type { Request } from 'express';
import { formOfBody, readUpload } from '../http-kit.ts';

/**
 * A form that sends files (a screen's `upload`: the residence card's photos), read by the web tier
 * the way the API's upload routes read theirs (server/http-kit.ts): only for a signed-in person (the
 * dispatcher has sent everyone else to sign in, unread), refused by its declared length before a
 * byte is read, and streamed to its limit. The API counts the upload against the person's budget
 * once it has it, after the read, so that every refusal, a rate limit's too, can draw the form
 * again as it was typed. What bounds the reading is the person's slots: at most READING_PER_PERSON
 * of their upload forms are read and handled at once in a process (one a phone lost on the way,
 * and the one sent again); another is refused unread, so one person never holds more than that
 * many bodies' limits of the process's memory.
 */
export const READING_PER_PERSON = 2;

/** How many upload forms each person has being read or handled: one count per dispatcher (per app). */
export type UploadSlots = Map<string, number>;

/** A slot for `who`'s form, and the function that gives it back; null when they have none free. */
export function takeSlot(slots: UploadSlots, who: string): (() => void) | null {
  const n = slots.get(who) ?? 0;
  if (n >= READING_PER_PERSON) return null;
  slots.set(who, n + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (slots.get(who) ?? 1) - 1;
    if (left > 0) slots.set(who, left);
    else slots.delete(who);
  };
}

/**
 * The fields of an upload form: text as strings (a repeated name as a list, as the urlencoded forms
 * give it), files as `File`s; or why not: over `limit` ('tooLarge'), the sender gone ('aborted'),
 * not a form ('malformed'). Read once the caller holds one of their slots (takeSlot).
 */
export async function readUploadForm(req: Request, limit: number): Promise<Record<string, unknown> | 'tooLarge' | 'aborted' | 'malformed'> {
  const bytes = await readUpload(req, limit);
  if (typeof bytes === 'string') return bytes;
  const form = await formOfBody(req.get('content-type') ?? '', bytes);
  if (!form) return 'malformed';
  const body: Record<string, unknown> = {};
  for (const [name, value] of form) {
    const had = body[name];
    body[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return body;
}

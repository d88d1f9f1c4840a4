/**
 * Links in a chat message (issue 14 item 3: the survey note's link to its answer page): addresses
 * of this site become links to its path, so a worker on a phone taps straight through; any other
 * address stays plain text (nobody is sent off-site by a message someone typed).
 */
export type Part = string | { href: string; text: string };

/** An absolute address, or one of the candidate pages' paths standing alone (`/staff/…`, as the demo data writes them). */
const URL_RE = /https?:\/\/[^\s<>"]+|(?<=^|[\s:：(（「])\/staff\/[^\s<>"]+/gu;

export function linkParts(text: string, origin: string | null): Part[] {
  if (!origin) return [text];
  const parts: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    // A sentence's closing punctuation is not part of the address.
    const raw = m[0].replace(/[.,;:!?)」』）]+$/u, '');
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ href: `${url.pathname}${url.search}${url.hash}`, text: raw });
    last = m.index + raw.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length ? parts : [text];
}

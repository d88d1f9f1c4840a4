/**
 * Links in a chat message: a survey note's link to its answer page, or any web address someone
 * typed. Only `http(s)` addresses with a host become links. This site's addresses link to their
 * path, so a worker on a phone taps straight through; another site's address is a link marked as
 * external (it opens in a new tab, without the referrer, and the page shows that it leaves the site).
 *
 * The href of a link to this site is never protocol-relative: `http://site//evil.example/login`
 * has the path `//evil.example/login`, which a browser reads as another host, so such a path keeps
 * its absolute address.
 */
export type Part = string | { href: string; text: string; external: boolean };

/** An absolute address, or one of the candidate pages' paths standing alone (`/staff/…`, as the demo data writes them). */
const URL_RE = /https?:\/\/[^\s<>"]+|(?<=^|[\s:：(（「])\/staff\/[^\s<>"]+/gu;

export function linkParts(text: string, origin: string | null): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    // A sentence's closing punctuation is not part of the address.
    const raw = m[0].replace(/[.,;:!?)」』）]+$/u, '');
    const href = linkHref(raw, origin);
    if (!href) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ ...href, text: raw });
    last = m.index + raw.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.length ? parts : [text];
}

function linkHref(raw: string, origin: string | null): { href: string; external: boolean } | null {
  // A path standing alone is this site's only when the site is known.
  if (raw.startsWith('/') && !origin) return null;
  let url: URL;
  try {
    url = new URL(raw, origin ?? undefined);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  // Credentials in an address (`https://site@evil.example`) only serve to disguise where it goes.
  if (url.username || url.password) return null;
  if (url.origin === origin) {
    const path = `${url.pathname}${url.search}${url.hash}`;
    return { href: path.startsWith('//') ? url.href : path, external: false };
  }
  return { href: url.href, external: true };
}

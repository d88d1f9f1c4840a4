import { describe, expect, it } from 'vitest';
import { linkParts } from './links.ts';

describe('links in a chat message', () => {
  const origin = 'https://tsunagu.example';
  it('turns this site’s address into a link to its path, leaving the sentence around it', () => {
    expect(linkParts('Answer here (once per person): https://tsunagu.example/staff/survey/abc.', origin)).toEqual([
      'Answer here (once per person): ',
      { href: '/staff/survey/abc', text: 'https://tsunagu.example/staff/survey/abc', external: false },
      '.',
    ]);
  });
  it('links a candidate page’s path standing alone', () => {
    expect(linkParts('こちらから回答してください（1人1回）：/staff/survey/abc', origin)).toEqual([
      'こちらから回答してください（1人1回）：',
      { href: '/staff/survey/abc', text: '/staff/survey/abc', external: false },
    ]);
  });
  it('never links this site’s address to a path a browser reads as another host', () => {
    const [, link] = linkParts('log in at https://tsunagu.example//evil.example/login', origin);
    expect(link).toEqual({ href: 'https://tsunagu.example//evil.example/login', text: 'https://tsunagu.example//evil.example/login', external: false });
    // Resolved as a browser resolves it from a page of this site, it stays on this site.
    expect(new URL((link as { href: string }).href, `${origin}/admin/chat`).host).toBe('tsunagu.example');
  });
  it('links another site’s address only as an external link to its full address', () => {
    expect(linkParts('see https://evil.example/staff/survey/abc', origin)).toEqual([
      'see ',
      { href: 'https://evil.example/staff/survey/abc', text: 'https://evil.example/staff/survey/abc', external: true },
    ]);
    expect(linkParts('http://site//evil.example/login', origin)).toEqual([{ href: 'http://site//evil.example/login', text: 'http://site//evil.example/login', external: true }]);
    expect(linkParts('https://tsunagu.example/x', null)).toEqual([{ href: 'https://tsunagu.example/x', text: 'https://tsunagu.example/x', external: true }]);
  });
  it('leaves as text what is not an http(s) address with a host', () => {
    expect(linkParts('no link', origin)).toEqual(['no link']);
    expect(linkParts('a/staff/x', origin)).toEqual(['a/staff/x']);
    expect(linkParts('/staff/survey/abc', null)).toEqual(['/staff/survey/abc']);
    expect(linkParts('javascript:alert(1) data:text/html,x //evil.example/x', origin)).toEqual(['javascript:alert(1) data:text/html,x //evil.example/x']);
    expect(linkParts('https://tsunagu.example@evil.example/login', origin)).toEqual(['https://tsunagu.example@evil.example/login']);
  });
});

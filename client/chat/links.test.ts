import { describe, expect, it } from 'vitest';
import { linkParts } from './links.ts';

describe('links in a chat message', () => {
  const origin = 'https://tsunagu.example';
  it('turns this site’s address into a link to its path, leaving the sentence around it', () => {
    expect(linkParts('Answer here (once per person): https://tsunagu.example/staff/survey/abc.', origin)).toEqual([
      'Answer here (once per person): ',
      { href: '/staff/survey/abc', text: 'https://tsunagu.example/staff/survey/abc' },
      '.',
    ]);
  });
  it('leaves other sites’ addresses, and everything without a known origin, as text', () => {
    expect(linkParts('see https://evil.example/staff/survey/abc', origin)).toEqual(['see https://evil.example/staff/survey/abc']);
    expect(linkParts('https://tsunagu.example/x', null)).toEqual(['https://tsunagu.example/x']);
    expect(linkParts('no link', origin)).toEqual(['no link']);
    expect(linkParts('a/staff/x', origin)).toEqual(['a/staff/x']);
  });
  it('links a candidate page’s path standing alone', () => {
    expect(linkParts('こちらから回答してください（1人1回）：/staff/survey/abc', origin)).toEqual(['こちらから回答してください（1人1回）：', { href: '/staff/survey/abc', text: '/staff/survey/abc' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { articlesToText } from './defaults.ts';
import { legalSections } from './legal-text.ts';

describe('legalSections', () => {
  it('splits paragraphs on blank lines and keeps line breaks inside a paragraph', () => {
    expect(legalSections('One\ntwo\n\nThree\r\n\r\nFour')).toEqual([{ heading: null, paragraphs: [['One', 'two'], ['Three'], ['Four']] }]);
  });

  it('opens a section at each one-line article heading, in Japanese and English', () => {
    expect(legalSections('前文\n\n第1条（適用）\n\n本規約は…\n\n第2条（定義）\n\n(1) A\n(2) B')).toEqual([
      { heading: null, paragraphs: [['前文']] },
      { heading: '第1条（適用）', paragraphs: [['本規約は…']] },
      { heading: '第2条（定義）', paragraphs: [['(1) A', '(2) B']] },
    ]);
    expect(legalSections('Article 1 (Scope)\n\nThese Terms…')[0]).toEqual({ heading: 'Article 1 (Scope)', paragraphs: [['These Terms…']] });
  });

  it('treats blank lines made of spaces as separators and drops empty paragraphs', () => {
    expect(legalSections('\n\nA\n \t\nB\n\u3000\n\n\n')).toEqual([{ heading: null, paragraphs: [['A'], ['B']] }]);
    expect(legalSections('')).toEqual([]);
  });

  it('keeps markup as text', () => {
    expect(legalSections('<script>alert(1)</script>')).toEqual([{ heading: null, paragraphs: [['<script>alert(1)</script>']] }]);
  });

  it('reads back the seeded texts article by article', () => {
    const articles = [
      { title: { ja: '適用', en: 'Scope' }, paragraphs: [{ ja: '本文', en: 'Body' }] },
      {
        title: { ja: '禁止事項', en: 'Prohibited' },
        paragraphs: [
          { ja: '次の行為', en: 'Do not:' },
          { ja: '二項', en: 'Second' },
        ],
        items: [
          { ja: '甲', en: 'a' },
          { ja: '乙', en: 'b' },
        ],
      },
    ];
    expect(legalSections(articlesToText(articles, 'ja'))).toEqual([
      { heading: '第1条（適用）', paragraphs: [['本文']] },
      { heading: '第2条（禁止事項）', paragraphs: [['1. 次の行為'], ['(1) 甲', '(2) 乙'], ['2. 二項']] },
    ]);
    expect(legalSections(articlesToText(articles, 'en'))[1]!.heading).toBe('Article 2 (Prohibited)');
  });
});

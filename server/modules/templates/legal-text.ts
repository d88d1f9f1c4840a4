/**
 * The body of a published terms or privacy version as text blocks, for the public pages:
 * paragraphs are separated by blank lines, lines inside a paragraph keep their breaks, and a
 * one-line paragraph that starts an article (第1条（…） / Article 1 (…)) becomes a heading that
 * opens a section. Pure text in, text out: the page renders it as text, never as HTML.
 */
export interface LegalSection {
  heading: string | null;
  /** Each paragraph as its lines. */
  paragraphs: string[][];
}

const HEADING = /^(第[0-9０-９一二三四五六七八九十百]+条|Article\s+\d+)/;

export function legalSections(body: string): LegalSection[] {
  const sections: LegalSection[] = [];
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== ''),
    )
    .filter((lines) => lines.length > 0);
  for (const lines of paragraphs) {
    const first = lines[0]!;
    if (lines.length === 1 && HEADING.test(first) && first.length <= 80) {
      sections.push({ heading: first, paragraphs: [] });
      continue;
    }
    if (!sections.length) sections.push({ heading: null, paragraphs: [] });
    sections[sections.length - 1]!.paragraphs.push(lines);
  }
  return sections;
}

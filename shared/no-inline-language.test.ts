import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One way to say things and to tell the time (docs/architecture.md, "Text and time"): sentences
 * come from the catalogue (`msg`), a record's two language columns from `pickLang`, dates and
 * numbers from shared/format.ts, "today" from server/time.ts (shared/time.ts in the browser).
 * This scans the source (not the tests) for the hand-written ways those replaced.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['server', 'views', 'client', 'shared'];

/** Where each kind of code may live: the module that is the one way. */
const HOME: Record<string, string> = {
  locale: 'shared/format.ts',
  intl: 'shared/format.ts',
  today: 'shared/time.ts',
};

const RULES: { name: string; home?: string; pattern: RegExp; why: string }[] = [
  {
    name: 'ternary',
    // lang === 'ja' ? …, ctx.lang !== "en" ? …, 'ja' === p.lang ? … (the `?` may start the next line)
    pattern: /\b(?:[\w$]+\.)*lang\s*[!=]==?\s*['"](?:ja|en)['"]\s*\?|['"](?:ja|en)['"]\s*[!=]==?\s*(?:[\w$]+\.)*lang\s*\?/gi,
    why: 'a sentence comes from the catalogue (msg), a record column from pickLang',
  },
  {
    name: 'language flag',
    // const ja = lang === 'ja'; — the same ternaries, one step removed
    pattern: /\b(?:const|let)\s+\w+\s*=\s*(?:[\w$]+\.)*lang\s*[!=]==?\s*['"](?:ja|en)['"]\s*;/gi,
    why: 'a sentence comes from the catalogue (msg), a record column from pickLang',
  },
  { name: 'toLocaleString', home: HOME.locale, pattern: /\.toLocale(?:Date|Time)?String\(/g, why: 'format through shared/format.ts' },
  { name: 'Intl formatter', home: HOME.intl, pattern: /\bnew\s+Intl\.(?:DateTimeFormat|NumberFormat)\b/g, why: 'format through shared/format.ts (cached formatters)' },
  { name: 'UTC today', home: HOME.today, pattern: /new Date\(\)\.toISOString\(\)\.slice\(0,\s*10\)/g, why: 'today in Japan is todayInJapan() (server/time.ts)' },
  { name: 'hand-made Japan time', home: HOME.today, pattern: /9\s*\*\s*(?:3_?600_?000|60\s*\*\s*60\s*\*\s*1000)/g, why: 'today in Japan is todayInJapan() (server/time.ts)' },
];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

type Hit = { file: string; line: number; rule: string; text: string };

function scan(): Hit[] {
  const hits: Hit[] = [];
  for (const file of DIRS.flatMap(sources)) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const rule of RULES) {
      if (rule.home === file) continue;
      for (const m of text.matchAll(rule.pattern)) {
        const line = text.slice(0, m.index).split('\n').length;
        hits.push({ file, line, rule: rule.name, text: (text.split('\n')[line - 1] ?? '').trim().slice(0, 120) });
      }
    }
  }
  return hits;
}

const hits = scan();
const why = Object.fromEntries(RULES.map((r) => [r.name, r.why]));

describe('text and time have one way each', () => {
  it('no source file picks a language inline, formats by hand or computes today itself', () => {
    const offenders = hits.map((h) => `${h.file}:${h.line} ${h.rule} (${why[h.rule]}): ${h.text}`);
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('finds what it looks for (the patterns themselves)', () => {
    const sample = [
      "const a = lang === 'ja' ? 'はい' : 'yes';",
      'const b = ctx.lang === "en"\n  ? x : y;',
      "const ja = row.lang === 'ja';",
      "n.toLocaleString('ja-JP'); d.toLocaleDateString();",
      "new Intl.NumberFormat('en');",
      'new Date().toISOString().slice(0, 10);',
      'Date.now() + 9 * 3_600_000;',
    ].join('\n');
    const found = RULES.flatMap((r) => [...sample.matchAll(r.pattern)].map(() => r.name));
    expect(found.sort()).toEqual(['Intl formatter', 'UTC today', 'hand-made Japan time', 'language flag', 'ternary', 'ternary', 'toLocaleString', 'toLocaleString'].sort());
    // What stays allowed: choosing by a value that is not a language, and the language helpers themselves.
    const fine = "const other = otherLang(lang); if (lang === 'en' && gloss) show(); pickLang(lang, a, b);";
    expect(RULES.flatMap((r) => [...fine.matchAll(r.pattern)])).toEqual([]);
  });
});

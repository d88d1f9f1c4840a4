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
  { name: 'Intl formatter', home: HOME.intl, pattern: /\bnew\s+Intl\.(?:DateTimeFormat|NumberFormat|DisplayNames)\b/g, why: 'format through shared/format.ts (cached formatters)' },
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

/** A rule's match at `index` of a file's text, by its line number and that line (trimmed, shortened). */
function hitAt(file: string, text: string, index: number, rule: string): Hit {
  const line = text.slice(0, index).split('\n').length;
  return { file, line, rule, text: (text.split('\n')[line - 1] ?? '').trim().slice(0, 120) };
}

function scan(): Hit[] {
  const hits: Hit[] = [];
  for (const file of DIRS.flatMap(sources)) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const rule of RULES) {
      if (rule.home === file) continue;
      for (const m of text.matchAll(rule.pattern)) hits.push(hitAt(file, text, m.index, rule.name));
    }
  }
  return hits;
}

/**
 * Inline pairs of languages: a `t('…', '…')` call, a local helper that builds one, a `pickLang` of two
 * literals, a
 * `{ ja: '…', en: '…' }` literal of a Japanese sentence. What the product says is in the catalogue
 * (shared/messages.ts, shared/texts/); a pair stays only where it is the text of a piece of data.
 * The folders the rule covers, listed so that the list can grow to the whole tree.
 */
const PAIR_DIRS = ['server', 'views', 'client', 'shared'];

/**
 * Where a pair is its data's own text (docs/architecture.md, "Text and time"). The long copy of the
 * public information pages and the legal articles is content data of its own (shared/content/*.json),
 * which this scan of the source does not read.
 */
const PAIR_HOMES = [
  'shared/messages.ts', // the catalogue itself (its entry helper)
  'shared/i18n.ts', // each language's name, written in that language
  'server/access/routes.ts', // a route's title is part of its row
  'server/auth/role-titles.ts', // the default roles' names, rows of the roles table
  'shared/scouting.ts', // the values of the scout profile's language levels and availability
  'server/db/seed/index.ts', // the demo data
  'server/modules/templates/', // the templates' default texts
];
const pairHome = (file: string) => PAIR_HOMES.some((a) => (a.endsWith('/') ? file.startsWith(a) : file === a));

/** One string literal: quoted, or a template (which may span lines). */
const STRING = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + '`(?:[^`\\\\]|\\\\.)*`)';
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const PAIR_RULES: { name: string; pattern: RegExp; japanese?: boolean }[] = [
  { name: 't(ja, en)', pattern: new RegExp(String.raw`(?<![\w$.])t\(\s*${STRING}\s*,\s*${STRING}\s*,?\s*\)`, 'g') },
  { name: 'pickLang of literals', pattern: new RegExp(String.raw`\bpickLang\(\s*[\w$.]+\s*,\s*${STRING}\s*,\s*${STRING}\s*\)`, 'g') },
  { name: 'pair helper', pattern: /\b(?:const|let|function)\s+[\w$]+\s*=?\s*\(\s*ja\s*:\s*string\s*,\s*en\s*:\s*string\s*\)/g },
  // a sentence, not a language's code or key ({ ja: 'ja_JP', en: 'en_US' }) nor an empty form value
  { name: '{ ja, en } literal', pattern: new RegExp(String.raw`\{\s*ja:\s*(${STRING})\s*,\s*en:\s*${STRING}\s*,?\s*\}`, 'g'), japanese: true },
];

function pairHits(text: string): { index: number; rule: string }[] {
  return PAIR_RULES.flatMap((rule) => [...text.matchAll(rule.pattern)].filter((m) => !rule.japanese || JAPANESE.test(m[1] ?? '')).map((m) => ({ index: m.index, rule: rule.name })));
}

function scanPairs(): Hit[] {
  return PAIR_DIRS.flatMap(sources)
    .filter((file) => !pairHome(file))
    .flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return pairHits(text).map(({ index, rule }) => hitAt(file, text, index, rule));
    });
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

  it('no inline pair of languages stands beside the catalogue', () => {
    const offenders = scanPairs().map((h) => `${h.file}:${h.line} ${h.rule} (say it with msg from the catalogue; a record's own text stays with its data): ${h.text}`);
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('finds inline pairs (the patterns themselves)', () => {
    const sample = [
      "label: t('氏名', 'Name'),",
      'tr(lang, t(`質問 ${i + 1}`, `Question ${i + 1}`));',
      'const t = (ja: string, en: string): Text => ({ ja, en });',
      "const title = { ja: '在留資格', en: 'Visa types' };",
      "pickLang(lang, '普通', 'Ordinary');",
      "body: {\n  ja: '日々のシフトを管理できます。',\n  en: 'Manage daily shifts.',\n},",
    ].join('\n');
    expect(
      pairHits(sample)
        .map((h) => h.rule)
        .sort(),
    ).toEqual(['pair helper', 'pickLang of literals', 't(ja, en)', 't(ja, en)', '{ ja, en } literal', '{ ja, en } literal'].sort());
    // What stays allowed: the catalogue's calls, a record's columns, codes by language, blank form values.
    const fine = [
      "msg(lang, 'record.contact'); msgText('pdf.payslip'); ctx.t(route.title);",
      '{ ja: c.name, en: c.name_en || c.name }',
      'pickLang(lang, s.jobJa, s.jobEn);',
      "const OG_LOCALE = { ja: 'ja_JP', en: 'en_US' };",
      "options.push({ ja: '', en: '' });",
      "list.sort((a, b) => a.t('x', 'y'));",
    ].join('\n');
    expect(pairHits(fine)).toEqual([]);
  });
});

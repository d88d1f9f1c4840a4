/**
 * The whole catalogue, for what the server draws: the browser's part (shared/messages.ts, which
 * every island may import and so ships in its bundles) and the parts only server-drawn pages,
 * PDFs and mails say (the files of this folder, one per area). The same `msg` and `msgText`
 * (a `msgParts` over `fillParts` when a server-drawn sentence first holds a link), the same `{name}` placeholders and the same checks (texts.test.ts); a key lives in
 * one part only. Browser code never imports this folder (.dependency-cruiser.mjs), so these
 * sentences stay out of the JavaScript budget.
 *
 * Adding a part: a file `shared/texts/<area>.ts` exporting `const <AREA> = { 'area.key': m(ja, en) }
 * as const satisfies Record<string, Text>`, spread into PARTS below.
 */
import { pickLang, type Lang, type Text } from '../i18n.ts';
import { MESSAGES, fill } from '../messages.ts';
import { RESOURCES } from './resources.ts';
import { WEB } from './web.ts';
import { PAYROLL } from './payroll.ts';
import { INBOX } from './inbox.ts';
import { INBOX_REPORT } from './inbox-report.ts';
import { LOGS } from './logs.ts';

/** The server-only parts, each a record of keys under its own prefix. */
const PARTS = {
  ...RESOURCES,
  ...WEB,
  ...PAYROLL,
  ...INBOX,
  ...INBOX_REPORT,
  ...LOGS,
} as const;

export const TEXTS = { ...MESSAGES, ...PARTS } as const satisfies Record<string, Text>;

/** The parts by name, for the test that checks no key is in two of them. */
export const TEXT_PARTS: Readonly<Record<string, Readonly<Record<string, Text>>>> = {
  messages: MESSAGES,
  resources: RESOURCES,
  web: WEB,
  payroll: PAYROLL,
  inbox: INBOX,
  inboxReport: INBOX_REPORT,
  logs: LOGS,
};

export type TextKey = keyof typeof TEXTS;

/** The message in a language, with `{name}` placeholders filled from `vars`. */
export function msg(lang: Lang, key: TextKey, vars?: Readonly<Record<string, string | number>>): string {
  return fill(TEXTS[key][lang], vars);
}

/** Both languages of a message, filled (a column's label, a notice built before the language is known). */
export function msgText(key: TextKey, vars?: Readonly<Record<string, string | number>>): Text {
  return vars ? { ja: msg('ja', key, vars), en: msg('en', key, vars) } : TEXTS[key];
}

/**
 * What went wrong in background work (a crawler run, a Romuten sync), stored as a catalogue key
 * and its values so that each reader reads it in their own language (shared/texts/logs.ts). A
 * value is data as it is (a URL, a count, what a remote service said), a `{ ja, en }` pair of data
 * with both languages (a job's title), or another problem (the reason inside a sentence).
 */
export interface Problem {
  key: TextKey;
  params?: Readonly<Record<string, string | number | Text | Problem>>;
}

const isProblem = (v: unknown): v is Problem => typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string';

/**
 * A stored problem in `lang`. A plain string is a problem logged before problems had keys (an
 * older run's English sentence): it is shown as it was stored. A key the catalogue no longer has
 * shows as the key.
 */
export function drawProblem(lang: Lang, p: Problem | string): string {
  if (typeof p === 'string') return p;
  if (!isProblem(p)) return JSON.stringify(p);
  const vars: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(p.params ?? {})) vars[name] = typeof v !== 'object' ? v : isProblem(v) ? drawProblem(lang, v) : pickLang(lang, v.ja, v.en);
  return Object.hasOwn(TEXTS, p.key) ? msg(lang, p.key, vars) : p.key;
}

/**
 * A screen's own sentences, declared beside it (`export const texts = textsOf({ 'sheet.title':
 * m(ja, en) })` in its module under server/web/screens/) instead of in a part of this folder: a
 * part of the catalogue that only its screen reads, so a new page is one file. Read with the same
 * `fill` and placeholders as `msg` (`texts(lang, 'sheet.title', vars)`, `texts.text(key)` for both
 * languages); the screen finder gathers every module's part and the catalogue's test checks them
 * as it checks this folder's (both languages, the same placeholders, no key in two parts).
 */
export function textsOf<const P extends Record<string, Text>>(part: P) {
  type Key = keyof P & string;
  const read = (lang: Lang, key: Key, vars?: Readonly<Record<string, string | number>>): string => fill(part[key]![lang], vars);
  return Object.assign(read, {
    part: part as Readonly<Record<string, Text>>,
    text: (key: Key, vars?: Readonly<Record<string, string | number>>): Text => (vars ? { ja: read('ja', key, vars), en: read('en', key, vars) } : part[key]!),
  });
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** What is wrong with a catalogue entry, for the tests of every part: both languages said, the same placeholders, no Japanese in the English. */
export function textProblems({ ja, en }: Text): string[] {
  return [
    ...(ja.trim() === '' ? ['no Japanese'] : []),
    ...(en.trim() === '' ? ['no English'] : []),
    ...(placeholders(ja).join() === placeholders(en).join() ? [] : [`placeholders differ: ${placeholders(ja).join()} / ${placeholders(en).join()}`]),
    ...(/[\u3040-\u30ff\u4e00-\u9fff]/.test(en) ? ['Japanese in the English'] : []),
  ];
}

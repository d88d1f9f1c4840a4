/**
 * What a crawled page or feed says, as job drafts: pure functions over the fetched text, run in a
 * worker thread with a time budget (parse.ts). An HTML page is parsed with a real HTML parser
 * (parse5, read with cheerio) that stops at a nesting depth: parse5's work per element grows with
 * the depth of the open elements, so a page of nothing but unclosed `<div>`s would take it minutes;
 * no real page nests 512 deep (Chromium's parser stops nesting there too). Each element matched by the
 * source's item selector is one job, and each field is the text (or, for the link, the href) of a
 * CSS selector inside it. A JSON feed names the array of jobs by a dotted path and each field by a
 * dotted path inside one job.
 */
import { createHash } from 'node:crypto';
import * as cheerio from 'cheerio';
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import { PREFECTURES } from '../jobs/prefectures.ts';
import type { Problem, TextKey } from '../../../shared/texts/index.ts';

/** Where the fields are: CSS selectors (html) or dotted paths (json). Empty = not mapped. */
export interface FieldMapping {
  url: string;
  title: string;
  title_en: string;
  description: string;
  wage: string;
  prefecture: string;
  city: string;
  station: string;
}

/** One job as found, normalized for import. */
export interface FoundJob {
  /** Absolute URL of the job on the source site: what makes it the same job on the next run. */
  sourceUrl: string;
  title: string;
  titleEn: string;
  description: string;
  /** Yen; null when the page says none (the draft is imported with 0 for a person to fill in). */
  wage: number | null;
  /** A prefecture's Japanese name when the text names one, else ''. */
  prefecture: string;
  city: string;
  station: string;
}

export interface Extracted {
  jobs: FoundJob[];
  /** Items that could not become a job, and why (shown in the run history). */
  problems: Problem[];
}

/** What the source's form calls each field (defs/crawler.ts), so a problem names it as the form does. */
export const FIELD_LABELS: Readonly<Record<keyof FieldMapping, TextKey>> = {
  url: 'res.crawler.linkJob',
  title: 'res.common.title',
  title_en: 'res.common.titleEnglish',
  description: 'res.crawler.description',
  wage: 'common.pay',
  prefecture: 'res.common.prefecture',
  city: 'res.common.city',
  station: 'res.crawler.station',
};
/** What the form calls the item selector. */
export const ITEM_LABEL: TextKey = 'res.crawler.whereEachJob';

const LIMIT = { title: 200, description: 10_000, place: 100 } as const;
const clean = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);

/** The first whole number in a text ("時給1,200円〜" → 1200), or null. */
export function wageOf(text: string): number | null {
  const m = /(\d{1,3}(?:[,，]\d{3})+|\d+)/.exec(text.normalize('NFKC'));
  if (!m) return null;
  const n = Number(m[1]!.replace(/[,，]/g, ''));
  return Number.isSafeInteger(n) && n <= 10_000_000 ? n : null;
}

/** A prefecture named in a text, Japanese or English ("東京都江東区", "Tokyo"), as its Japanese name. */
export function prefectureOf(text: string): string {
  const t = text.normalize('NFKC').toLowerCase();
  for (const p of PREFECTURES) if (t.includes(p.ja) || t.includes(p.ja.replace(/[都道府県]$/, ''))) return p.ja;
  for (const p of PREFECTURES) if (new RegExp(`\\b${p.en.toLowerCase()}\\b`).test(t)) return p.ja;
  return '';
}

function absolute(href: string, base: string): string | null {
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href.split('#')[0]! : null;
  } catch {
    return null;
  }
}

function normalize(raw: Record<keyof FieldMapping, string>, pageUrl: string, index: number, problems: Problem[]): FoundJob | null {
  const title = clean(raw.title, LIMIT.title);
  if (!title) {
    problems.push({ key: 'log.crawler.noTitle', params: { n: index + 1 } });
    return null;
  }
  // Without a link, the job's identity is the page and its title.
  const sourceUrl = (raw.url && absolute(raw.url, pageUrl)) || `${pageUrl.split('#')[0]}#${encodeURIComponent(title)}`;
  return {
    sourceUrl,
    title,
    titleEn: clean(raw.title_en, LIMIT.title),
    description: raw.description.trim().slice(0, LIMIT.description),
    wage: raw.wage ? wageOf(raw.wage) : null,
    prefecture: prefectureOf(raw.prefecture),
    city: clean(raw.city, LIMIT.place),
    station: clean(raw.station, LIMIT.place),
  };
}

const FIELDS = ['url', 'title', 'title_en', 'description', 'wage', 'prefecture', 'city', 'station'] as const;

/** How deep an HTML page may nest its elements before reading it stops. */
export const MAX_DEPTH = 512;

/** A page beyond what the import reads (too deep); its problem is the run's reason. */
export class BudgetError extends Error {
  readonly problem: Problem;
  constructor(maxDepth: number) {
    super(`elements nested deeper than ${maxDepth} levels`);
    this.problem = { key: 'log.crawler.tooDeep', params: { depth: maxDepth } };
  }
}

/** A CSS selector the page could not be searched with, named by the form's label of its field. */
const badSelector = (label: TextKey, selector: string): Problem => ({ key: 'log.crawler.selector', params: { field: { key: label }, selector } });

type Node = Parameters<typeof adapter.appendChild>[0] | Parameters<typeof adapter.appendChild>[1];

/** The document, parsed by parse5 into cheerio's tree; a BudgetError once an element would sit deeper than `maxDepth`. */
function parseBounded(html: string, maxDepth: number) {
  const depth = new WeakMap<Node, number>();
  const place = (parent: Node, child: Node) => {
    const d = (depth.get(parent) ?? 0) + 1;
    if (d > maxDepth) throw new BudgetError(maxDepth);
    depth.set(child, d);
  };
  const treeAdapter: typeof adapter = {
    ...adapter,
    appendChild(parent, child) {
      place(parent, child);
      adapter.appendChild(parent, child);
    },
    insertBefore(parent, child, ref) {
      place(parent, child);
      adapter.insertBefore(parent, child, ref);
    },
  };
  return parse(html, { treeAdapter, scriptingEnabled: true });
}

/** Jobs in an HTML page: each element matching `itemSelector`, fields by selectors inside it. */
export function extractHtml(html: string, pageUrl: string, itemSelector: string, map: FieldMapping, maxDepth = MAX_DEPTH): Extracted {
  const $ = cheerio.load(parseBounded(html, maxDepth));
  const problems: Problem[] = [];
  const jobs: FoundJob[] = [];
  let items;
  try {
    items = $(itemSelector).toArray();
  } catch {
    return { jobs, problems: [badSelector(ITEM_LABEL, itemSelector)] };
  }
  items.forEach((el, i) => {
    const item = $(el);
    const raw = Object.fromEntries(
      FIELDS.map((f) => {
        const sel = map[f];
        if (!sel) return [f, ''];
        try {
          const found = item.find(sel).first();
          // The link: the href of the matched element (or of the item itself when it is the link).
          if (f === 'url') return [f, (found.length ? found : item).attr('href') ?? ''];
          return [f, found.text()];
        } catch {
          problems.push(badSelector(FIELD_LABELS[f], sel));
          return [f, ''];
        }
      }),
    ) as Record<keyof FieldMapping, string>;
    const job = normalize(raw, pageUrl, i, problems);
    if (job) jobs.push(job);
  });
  // A bad field selector fails the same way in every item: said once.
  return { jobs, problems: [...new Map(problems.map((p) => [JSON.stringify(p), p])).values()] };
}

/** The value at a dotted path ("data.jobs", "location.city"); arrays by index ("tags.0"). */
function at(value: unknown, path: string): unknown {
  if (!path) return value;
  return path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Jobs in a JSON feed: the array at `itemsPath`, fields by dotted paths inside each element. */
export function extractJson(text: string, pageUrl: string, itemsPath: string, map: FieldMapping): Extracted {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { jobs: [], problems: [{ key: 'log.crawler.notJson' }] };
  }
  const list = at(data, itemsPath);
  if (!Array.isArray(list)) return { jobs: [], problems: [itemsPath ? { key: 'log.crawler.noList', params: { path: itemsPath } } : { key: 'log.crawler.noListTop' }] };
  const problems: Problem[] = [];
  const jobs: FoundJob[] = [];
  list.forEach((item, i) => {
    const raw = Object.fromEntries(FIELDS.map((f) => [f, map[f] ? asText(at(item, map[f])) : ''])) as Record<keyof FieldMapping, string>;
    const job = normalize(raw, pageUrl, i, problems);
    if (job) jobs.push(job);
  });
  return { jobs, problems };
}

/** What makes two finds of the same URL the same job: every imported field. */
export function contentHash(job: FoundJob): string {
  const { sourceUrl: _url, ...fields } = job;
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

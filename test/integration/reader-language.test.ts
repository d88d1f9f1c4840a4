/**
 * A page speaks the reader's language: a Japanese reader meets no English the interface wrote (what
 * English there is comes from data: names, addresses, what people typed), and a row's own texts are
 * shown in the reader's language where the row has them (a company's English name, a language's
 * name rather than its code); and no page shows what code failed to fill ("undefined", "NaN").
 */
import type * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { appForFile, DEMO, type DemoLogin } from '../helpers/app.ts';
import type { Lang } from '../../shared/i18n.ts';
import { ADMIN_PAGES, PUBLIC_PAGES, sessionOf, walkPages, type Session } from '../helpers/buttons.ts';
import { candidateLogin, getPage, text } from '../helpers/pages.ts';
import { userId } from '../helpers/demo-data.ts';

const t = appForFile();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const KANA_KANJI = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** An English word of the interface's: three lowercase letters in a row ("Save" and "pagination" alike). */
const ENGLISH_WORD = /[a-z]{3,}/;
/** Addresses and e-mail addresses are written in Latin letters in any language. */
const ADDRESSES = /https?:\/\/\S+|[\w.+-]+@[\w.-]+/g;
/** Where a page joins data to data or to its own words: a name and an e-mail, a title and a date. */
const JOINS = /\s*(?:[—/·、,:：（）()「」<>]|\s-\s)\s*/;

/** Every text value of the demo database, white space folded: what a page may show as data. */
async function dataTexts(): Promise<string> {
  const db = t.database.db;
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
  const values: string[] = [];
  for (const { table_name } of tables.rows) {
    const r = await sql<{ value: string | null }>`select (jsonb_each_text(to_jsonb(x))).value from ${sql.table(table_name)} x`.execute(db);
    for (const { value } of r.rows) if (value) values.push(squash(value));
  }
  return values.join('\n');
}

/** The texts a person reads on a page (and hears: labels, hints, alternative texts), outside any part marked as English. */
function textsRead($: cheerio.CheerioAPI): string[] {
  $('script, style, noscript, textarea, [lang=en]').remove();
  const out: string[] = [];
  $('body *').each((_, el) => {
    for (const c of el.children) if (c.type === 'text') out.push(squash(c.data));
    for (const a of ['title', 'placeholder', 'aria-label', 'alt']) if (el.attribs[a]) out.push(squash(el.attribs[a]));
    if (el.tagName === 'input' && ['submit', 'button'].includes(el.attribs.type ?? '') && el.attribs.value) out.push(squash(el.attribs.value));
  });
  return out.filter(Boolean);
}

/** A visitor, two candidates and four back-office logins reading in `lang`, each with the pages its walk starts from. */
async function sessionsIn(lang: Lang): Promise<[Session, readonly string[]][]> {
  const candidate = async (email: string): Promise<[Session, readonly string[]]> => [{ who: email, cookie: `candidate_token=${(await candidateLogin(t, email)).token}; lang=${lang}` }, PUBLIC_PAGES];
  const staff = async (who: DemoLogin): Promise<[Session, readonly string[]]> => [await sessionOf(t, who, lang), ADMIN_PAGES];
  return [
    [{ who: 'visitor', cookie: `lang=${lang}` }, PUBLIC_PAGES],
    await candidate(DEMO.candidate),
    await candidate('worker1@demo.test'),
    ...(await Promise.all((['superadmin', 'company_admin', 'company_staff', 'client_admin'] as const).map(staff))),
  ];
}

it("a Japanese reader's pages, record pages included, say nothing in English but data", async () => {
  const data = await dataTexts();
  const isData = (s: string) => data.includes(s);
  const sessions = await sessionsIn('ja');
  const english: string[] = [];
  let pages = 0;
  for (const [session, paths] of sessions) {
    const visited = await walkPages(t, session, paths, (path, $) => {
      for (const s of textsRead($)) {
        if (isData(s)) continue;
        const bare = s.replace(ADDRESSES, '');
        // Japanese with a Latin word in it (「English」のリンク, 例: Koto) is the page's own sentence.
        if (KANA_KANJI.test(bare) || !ENGLISH_WORD.test(bare)) continue;
        if (bare.split(JOINS).every((part) => !ENGLISH_WORD.test(part) || isData(part))) continue;
        english.push(`${session.who} on ${path}: "${s}"`);
      }
    });
    pages += visited.length;
  }
  expect(pages).toBeGreaterThan(150);
  expect(english).toEqual([]);
}, 240_000);

/** What code left unfilled reads as on a page: a missing value, a failed number or date, an object printed whole. */
const UNFILLED = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|Invalid Date/;

it('no page, in either language, shows a value the code failed to fill ("undefined", "NaN", "Invalid Date"…)', async () => {
  const unfilled: string[] = [];
  let pages = 0;
  for (const lang of ['ja', 'en'] as const) {
    for (const [session, paths] of await sessionsIn(lang)) {
      const visited = await walkPages(t, session, paths, (path, $) => {
        $('script, style').remove();
        const read = [$('body').text()];
        $('[href], [value], [title], [aria-label], [placeholder], [alt]').each((_, el) => {
          for (const a of ['href', 'value', 'title', 'aria-label', 'placeholder', 'alt']) if (el.attribs[a]) read.push(el.attribs[a]);
        });
        for (const s of read) {
          const m = UNFILLED.exec(s);
          if (m) unfilled.push(`${session.who} (${lang}) on ${path}: "…${squash(s.slice(Math.max(0, m.index - 40), m.index + 40))}…"`);
        }
      });
      pages += visited.length;
    }
  }
  expect(pages).toBeGreaterThan(400);
  expect(unfilled).toEqual([]);
}, 240_000);

it('names a worker’s languages in the reader’s language, on the workers list and the worker’s record', async () => {
  const token = await t.tokenOf('company_admin');
  const worker = await userId(t, 'worker1@demo.test');
  for (const [lang, names] of [
    ['ja', 'ベトナム語、日本語'],
    ['en', 'Vietnamese, Japanese'],
  ] as const) {
    const list = text((await getPage(t, '/admin/worker?q=worker1', token, lang)).html);
    expect(list).toContain(`<td data-col="languages">${names}</td>`);
    const record = text((await getPage(t, `/admin/worker?id=${worker}`, token, lang)).html);
    expect(record).toContain(names);
    expect(record).not.toMatch(/\bvi, ja\b/);
  }
});

it('titles a company’s and a client’s pages by their English names for an English reader', async () => {
  const token = await t.tokenOf('superadmin');
  const db = t.database.db;
  const company = await db.selectFrom('companies').select('id').where('name_en', '=', 'Sakura Staffing Co., Ltd.').executeTakeFirstOrThrow();
  const client = await db.selectFrom('clients').select(['id', 'name', 'name_en']).where('company_id', '=', company.id).where('name_en', 'is not', null).orderBy('name').executeTakeFirstOrThrow();
  const pages: [path: string, ja: string, en: string][] = [
    [`/v3/admin/company/${company.id}`, 'さくら人材サービス株式会社', 'Sakura Staffing Co., Ltd.'],
    [`/admin/company/edit/${company.id}`, 'さくら人材サービス株式会社', 'Sakura Staffing Co., Ltd.'],
    [`/v3/admin/clients/${client.id}`, client.name, client.name_en!],
    [`/admin/clients/edit/${client.id}`, client.name, client.name_en!],
  ];
  for (const [path, ja, en] of pages) {
    const h1 = (html: string) => text(html).match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? '';
    expect(h1((await getPage(t, path, token, 'en')).html), path).toContain(en);
    expect(h1((await getPage(t, path, token, 'en')).html), path).not.toContain(ja);
    expect(h1((await getPage(t, path, token, 'ja')).html), path).toContain(ja);
  }
});

it('finds a job’s applicants by its title in either language, whichever language the page is in', async () => {
  const token = await t.tokenOf('company_admin');
  const row = await t.database.db
    .selectFrom('applications as a')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .select(['j.title_ja', 'j.title_en', 'u.name'])
    .where('c.name_en', '=', 'Sakura Staffing Co., Ltd.')
    .where('j.kind', '=', 'other')
    .where('j.title_en', '<>', '')
    .executeTakeFirstOrThrow();
  for (const lang of ['ja', 'en'] as const) {
    for (const title of [row.title_ja, row.title_en]) {
      const list = text((await getPage(t, `/admin/candidate?q=${encodeURIComponent(title)}`, token, lang)).html);
      expect(list, `${lang} page, searching "${title}"`).toContain(row.name);
    }
  }
});

import { describe, expect, it } from 'vitest';
import { BudgetError, contentHash, extractHtml, extractJson, prefectureOf, wageOf, type FieldMapping } from './extract.ts';
import { drawProblem, type Problem } from '../../../shared/texts/index.ts';

/** Problems as a reader of `lang` reads them in the run history. */
const read = (problems: Problem[], lang: 'ja' | 'en' = 'en') => problems.map((p) => drawProblem(lang, p));

const MAP: FieldMapping = { url: 'a.title', title: 'a.title', title_en: '', description: '.desc', wage: '.wage', prefecture: '.place', city: '.city', station: '' };

const PAGE = `<!doctype html><html><body>
  <ul>
    <li class="job"><a class="title" href="/jobs/1">倉庫内軽作業</a><p class="desc">ピッキング
      と梱包</p><span class="wage">時給１，２００円〜</span><span class="place">東京都</span><span class="city">江東区</span></li>
    <li class="job"><a class="title" href="https://other.example/jobs/2#apply">Hotel cleaning</a><span class="wage">¥1,350 / hour</span><span class="place">Osaka</span></li>
    <li class="job"><a class="title" href="/jobs/3">   </a></li>
    <li class="job"><a class="title">Kitchen help<b>unclosed</li>
  </ul>`;

describe('extractHtml', () => {
  it('finds one job per item with its fields, absolute links and yen, and says what it skipped', () => {
    const r = extractHtml(PAGE, 'https://site.example/list?p=1', 'li.job', MAP);
    expect(r.jobs).toHaveLength(3);
    expect(r.jobs[0]).toEqual({
      sourceUrl: 'https://site.example/jobs/1',
      title: '倉庫内軽作業',
      titleEn: '',
      description: 'ピッキング\n      と梱包',
      wage: 1200,
      prefecture: '東京都',
      city: '江東区',
      station: '',
    });
    expect(r.jobs[1]).toMatchObject({ sourceUrl: 'https://other.example/jobs/2', title: 'Hotel cleaning', wage: 1350, prefecture: '大阪府' });
    // Broken markup still parses; an item without a link is known by the page and its title.
    expect(r.jobs[2]).toMatchObject({ title: 'Kitchen helpunclosed', sourceUrl: `https://site.example/list?p=1#${encodeURIComponent('Kitchen helpunclosed')}` });
    expect(read(r.problems)).toEqual(['item 3: no title']);
    expect(read(r.problems, 'ja')).toEqual(['3件目: タイトルがありません']);
  });

  it("reports an invalid selector instead of throwing, named by the form's label, once", () => {
    expect(read(extractHtml(PAGE, 'https://site.example/', 'li[', MAP).problems)).toEqual(['the selector "li[" of "Where each job is" is not a valid CSS selector']);
    const badWage = extractHtml(PAGE, 'https://site.example/', 'li.job', { ...MAP, wage: 'b[' }).problems;
    expect(read(badWage, 'ja')).toEqual(['「給与」のCSSセレクタ「b[」が正しくありません', '3件目: タイトルがありません']);
  });
});

describe('extractJson', () => {
  const feed = JSON.stringify({ data: { jobs: [{ link: 'https://feed.example/a', name: 'Night shift', pay: 1500, loc: { pref: '神奈川県横浜市' } }, { name: '' }] } });
  it('reads the list at a dotted path and each field by its path', () => {
    const r = extractJson(feed, 'https://feed.example/jobs.json', 'data.jobs', { ...MAP, url: 'link', title: 'name', wage: 'pay', prefecture: 'loc.pref', description: '', city: '' });
    expect(r.jobs).toEqual([{ sourceUrl: 'https://feed.example/a', title: 'Night shift', titleEn: '', description: '', wage: 1500, prefecture: '神奈川県', city: '', station: '' }]);
    expect(read(r.problems)).toEqual(['item 2: no title']);
  });
  it('says what is wrong with a feed that is not JSON or has no list there', () => {
    expect(read(extractJson('<html>', 'https://x.example/', 'jobs', MAP).problems)).toEqual(['the feed is not valid JSON']);
    expect(read(extractJson('{"jobs": 3}', 'https://x.example/', 'jobs', MAP).problems)).toEqual(['no list of jobs at "jobs"']);
    expect(read(extractJson('{"jobs": 3}', 'https://x.example/', 'jobs', MAP).problems, 'ja')).toEqual(['「jobs」に求人の一覧がありません']);
    expect(read(extractJson('{"jobs": 3}', 'https://x.example/', '', MAP).problems)).toEqual(['no list of jobs at the top level']);
  });
});

describe('field parsing', () => {
  it('reads yen from the first number, full-width digits and separators included', () => {
    expect(wageOf('時給１，２００円')).toBe(1200);
    expect(wageOf('日給 12,000円 交通費別')).toBe(12000);
    expect(wageOf('応相談')).toBeNull();
  });
  it('names a prefecture from Japanese or English text', () => {
    expect(prefectureOf('北海道札幌市')).toBe('北海道');
    expect(prefectureOf('京都市')).toBe('京都府');
    expect(prefectureOf('Fukuoka city')).toBe('福岡県');
    expect(prefectureOf('somewhere')).toBe('');
  });
  it('hashes the content, not the link', () => {
    const a = { sourceUrl: 'u1', title: 't', titleEn: '', description: '', wage: 1, prefecture: '', city: '', station: '' };
    expect(contentHash(a)).toBe(contentHash({ ...a, sourceUrl: 'u2' }));
    expect(contentHash(a)).not.toBe(contentHash({ ...a, wage: 2 }));
  });
});

describe('the depth budget', () => {
  it('stops a page nested deeper than the budget at once, with the reason, and reads one within it', () => {
    const started = Date.now();
    expect(() => extractHtml('<div>'.repeat(300_000), 'https://site.example/', 'li.job', MAP)).toThrow(BudgetError);
    expect(() => extractHtml('<div>'.repeat(300_000), 'https://site.example/', 'li.job', MAP)).toThrow('elements nested deeper than 512 levels');
    expect(Date.now() - started).toBeLessThan(5_000);
    const nested = `${'<div>'.repeat(100)}<ul><li class="job"><a class="title" href="/j">Deep job</a></li></ul>`;
    expect(extractHtml(nested, 'https://site.example/', 'li.job', MAP).jobs.map((j) => j.title)).toEqual(['Deep job']);
    expect(() => extractHtml(nested, 'https://site.example/', 'li.job', MAP, 50)).toThrow('elements nested deeper than 50 levels');
  });
});

/**
 * GET /admin/inbox/report (docs/inbox.md "Report"): a seeded conversation with hand-worked times
 * shows as its staff member's row, in the charts and in the CSV, in Japanese and English; the
 * period is one of 4, 8 or 12 weeks; a user without the chat code, and another company's user,
 * see nothing of it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mondayOf, todayInJapan } from '../../shared/time.ts';
import { DEMO, startTestApp, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { conversationWith } from '../helpers/conversations.ts';
import { parseCsv } from '../helpers/csv.ts';
import { companyOf, userId } from '../helpers/demo-data.ts';
import { text } from '../helpers/pages.ts';

let t: TestApp;
let person = '';
let week = '';
const NAME = 'Report Staff';

/** A page as a signed-in browser in `lang` gets it. */
async function get(as: DemoLogin, path: string, lang: 'ja' | 'en' = 'ja') {
  const res = await fetch(`${t.url}${path}`, { redirect: 'manual', headers: { cookie: `token=${await t.tokenOf(as)}; lang=${lang}` } });
  return { status: res.status, type: res.headers.get('content-type'), body: text(await res.text()) };
}
/** The table row of the staff member's week. */
const rowOf = (html: string) => new RegExp(`<tr data-row-id="${week}:${person}">([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? '';
/** The words drawn over each chart: its figure's text outside the drawing (an SVG's <title> is only a tooltip). */
const chartTitles = (html: string) =>
  [...html.matchAll(/<figure class="report-chart">([\s\S]*?)<\/figure>/g)].map((m) =>
    m[1]!
      .replace(/<svg[\s\S]*?<\/svg>/g, '')
      .replace(/<figcaption>[\s\S]*<\/figcaption>/, '')
      .replace(/<[^>]+>/g, '')
      .trim(),
  );
const cells = (row: string) => [...row.matchAll(/<td[^>]*data-col="(\w+)"[^>]*>([\s\S]*?)<\/td>/g)].map((m) => [m[1], m[2]!.replace(/<[^>]+>/g, '')]);

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const company = await companyOf(t, DEMO.company_admin);
  const candidate = await userId(t, 'candidate2@demo.test');
  // A colleague of their own, so nothing else in the demo data counts for them.
  person = (
    await db
      .insertInto('users')
      .values({ email: `report-${randomUUID()}@demo.test`, password_hash: 'x', name: NAME, role: 'company_staff', company_id: company, client_id: null, last_login_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const job = await db.selectFrom('jobs').select('id').where('company_id', '=', company).where('kind', '=', 'other').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  // Yesterday in Japan (today, when today is a Monday: the week stays this one).
  const today = todayInJapan();
  const day = mondayOf(today) === today ? today : new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  week = mondayOf(day);
  const at = (hm: string) => new Date(`${day}T${hm}:00+09:00`);
  // Asked 10:00, answered 10:07 (420 s); asked 10:10 and 10:12 (one wait, from 10:10), answered
  // 10:30 (1,200 s): median and average (420 + 1,200) / 2 = 810 s = 13 min 30 s. Resolved 11:00,
  // an hour after it opened at 10:00: 3,600 s.
  const conv = await conversationWith(db, {
    companyId: company,
    candidateId: candidate,
    jobId: job.id,
    createdAt: at('10:00'),
    lines: [
      { role: 'candidate', sender: candidate, at: at('10:00') },
      { role: 'staff', sender: person, at: at('10:07') },
      { role: 'candidate', sender: candidate, at: at('10:10') },
      { role: 'candidate', sender: candidate, at: at('10:12') },
      { role: 'staff', sender: person, at: at('10:30') },
    ],
  });
  await db
    .insertInto('conversation_events')
    .values({ conversation_id: conv, actor_id: person, kind: 'resolved', created_at: at('11:00') })
    .execute();
});
afterAll(async () => t?.close());

describe('GET /admin/inbox/report', () => {
  it('shows the staff member’s week with the hand-worked times, in a table and both charts (Japanese)', async () => {
    const { status, body } = await get('company_admin', '/admin/inbox/report?weeks=4');
    expect(status).toBe(200);
    expect(body).toContain('<title>応対レポート');
    expect(cells(rowOf(body))).toEqual([
      ['week', `${week.slice(0, 4)}年${Number(week.slice(5, 7))}月${Number(week.slice(8))}日からの週`],
      ['staffName', NAME],
      ['responses', '2'],
      ['responseMedian', '13分30秒'],
      ['responseAverage', '13分30秒'],
      ['resolutions', '1'],
      ['resolutionMedian', '1時間'],
    ]);
    // The charts: inline SVG named by its title and a description, a point per value with its words.
    expect(body).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-response-title chart-response-desc"/);
    // Each chart's title is drawn above it, as page text (not only a tooltip inside the drawing): which line is which measure.
    expect(chartTitles(body)).toEqual(['初回応答時間の中央値（担当者・週ごと）', '解決までの時間の中央値（担当者・週ごと）']);
    expect(body).toContain(`data-week="${week}" data-seconds="810"><title>${NAME}、`);
    expect(body).toContain(`data-week="${week}" data-seconds="3600"><title>${NAME}、`);
    // The period's choices, the one shown selected, and the CSV of the same period.
    expect([...body.matchAll(/<option value="(\d+)"( selected="")?>/g)].map((m) => [m[1], !!m[2]])).toEqual([
      ['4', true],
      ['8', false],
      ['12', false],
    ]);
    expect(body).toContain('href="/admin/inbox/report?weeks=4&amp;format=csv"');
    expect(body).not.toContain('<script src="/build/islands');
  });

  it('reads in English, durations included', async () => {
    const { body } = await get('company_admin', '/admin/inbox/report?weeks=4', 'en');
    expect(body).toContain('<title>Inbox report');
    expect(
      cells(rowOf(body))
        .map(([, v]) => v)
        .slice(2),
    ).toEqual(['2', '13 min 30 s', '13 min 30 s', '1', '1 h']);
    expect(chartTitles(body)).toEqual(['Median first response time by staff member and week', 'Median time to resolve by staff member and week']);
    expect(body).toContain(`data-seconds="810"><title>${NAME}, Week of `);
  });

  it('downloads the rows as CSV, durations in seconds, headers in the reader’s language', async () => {
    const { status, type, body } = await get('company_admin', '/admin/inbox/report?weeks=4&format=csv', 'en');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(body);
    expect(header).toEqual(['Week starting', 'Staff member', 'First responses', 'First response median (s)', 'First response average (s)', 'Resolved', 'Time to resolve median (s)']);
    expect(rows.filter((r) => r[1] === NAME)).toEqual([[week, NAME, '2', '810', '810', '1', '3600']]);
    const ja = parseCsv((await get('company_admin', '/admin/inbox/report?format=csv')).body);
    expect(ja[0]![0]).toBe('週の初日');
  });

  it('offers 4, 8 and 12 weeks and refuses any other period', async () => {
    expect((await get('company_admin', '/admin/inbox/report')).body).toMatch(/<option value="8" selected="">/);
    expect((await get('company_admin', '/admin/inbox/report?weeks=12')).status).toBe(200);
    expect((await get('company_admin', '/admin/inbox/report?weeks=5')).status).toBe(400);
    expect((await get('company_admin', '/admin/inbox/report?weeks=abc')).status).toBe(400);
  });

  it('shows another company nothing of it, and a user without the chat code not the page', async () => {
    const other = await get('company2', '/admin/inbox/report?weeks=4');
    expect(other.status).toBe(200);
    expect(other.body).not.toContain(NAME);
    expect(other.body).not.toContain(person);
    expect((await get('company2', '/admin/inbox/report?weeks=4&format=csv')).body).not.toContain(NAME);
    // The client's users may not open conversations' reports (no 120001): the guard's 404, nothing of the rows.
    const client = await get('client_admin', '/admin/inbox/report?weeks=4');
    expect(client.status).not.toBe(200);
    expect(client.body).not.toContain(NAME);
    const csv = await get('client_admin', '/admin/inbox/report?weeks=4&format=csv');
    expect(csv.type ?? '').not.toMatch(/csv/);
    expect(csv.body).not.toContain(NAME);
  });

  it('says so when nothing happened in the period', async () => {
    // company2's demo data has no staff answers in the period.
    const { body } = await get('company2', '/admin/inbox/report?weeks=4', 'en');
    expect(body).toContain('No staff answers or resolutions in this period.');
    expect(body).not.toContain('<svg viewBox="0 0 400 210"');
    expect(body).not.toContain('format=csv');
  });
});

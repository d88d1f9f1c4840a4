import { seedLargeJobs } from '../server/modules/jobs/large-seed.ts';
import { listPublicJobs, type PublicFilters } from '../server/modules/jobs/public.ts';
import { benchChat } from './bench-chat.ts';
import { benchChatLists } from './bench-chat-lists.ts';
import { benchPages } from './bench-pages.ts';
import { demoDatabase, listenBenchApp, scratchDatabase, withBenchServer } from './bench-server.ts';
import { buildClient } from './build-client.ts';
import { addDays, todayInJapan } from '../server/time.ts';
import { percentile } from './percentile.ts';

/**
 * npm run bench — timing goals live here, not in tests (house rule 6). First the pages table
 * (scripts/bench-pages.ts: each page's throughput next to a bare render of the same page, SQL
 * statements and JavaScript per page). Then the job listings: builds a scratch database
 * (embedded, or a fresh one on DATABASE_URL's server) with BENCH_JOBS jobs (default 100,000) and
 * about 20 shifts per daily job, then reports p50/p99 of the public listing query and of the
 * whole /daily page over HTTP, for a spread of filters. Then the chat delivery benchmark
 * (scripts/bench-chat.ts: BENCH_SOCKETS sockets, BENCH_MESSAGES messages) and the chat lists at
 * scale (scripts/bench-chat-lists.ts: BENCH_CONVERSATIONS conversations,
 * BENCH_MESSAGES_PER_CONVERSATION messages each). BENCH_ONLY=pages, jobs or chat runs one of
 * the three.
 */
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms (n=${xs.length})`;

const ONLY = process.env.BENCH_ONLY;
if (ONLY && !['pages', 'jobs', 'chat'].includes(ONLY)) throw new Error(`BENCH_ONLY must be pages, jobs or chat, not ${ONLY}`);

await withBenchServer(async (serverUrl) => {
  if (!ONLY || ONLY === 'pages') for (const line of await benchPages(serverUrl)) console.log(line);
  if (!ONLY || ONLY === 'jobs') await benchJobs(serverUrl);
  if (!ONLY || ONLY === 'chat') {
    for (const line of await benchChat({ serverUrl })) console.log(line);
    for (const line of await benchChatLists({ serverUrl })) console.log(line);
  }
});

/** The job listings: the public listing query, then the /daily and /part-time pages over HTTP. */
async function benchJobs(serverUrl: string): Promise<void> {
  const scratch = await scratchDatabase(serverUrl, 'jobs');
  try {
    const { db, pool } = await demoDatabase(scratch.url, 10);
    try {
      let t0 = Date.now();
      const sizes = await seedLargeJobs(db, { jobs: JOBS, shiftsPerDailyJob: 20 });
      console.log(`data: ${sizes.jobs} jobs, ${sizes.shifts} shifts (generated in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);

      const today = todayInJapan();
      const inAWeek = addDays(today, 7);
      const cases: { kind: 'daily' | 'other'; f: PublicFilters; sort: 'new' | 'wage' | 'date'; page: number }[] = [
        { kind: 'daily', f: {}, sort: 'new', page: 1 },
        { kind: 'daily', f: { prefecture: '東京都' }, sort: 'wage', page: 1 },
        { kind: 'daily', f: { date: inAWeek }, sort: 'date', page: 1 },
        { kind: 'daily', f: { minWage: 2000, language: 'vi' }, sort: 'new', page: 3 },
        { kind: 'other', f: {}, sort: 'new', page: 1 },
        { kind: 'other', f: { prefecture: '大阪府', visaTypeId: 5 }, sort: 'wage', page: 2 },
        { kind: 'other', f: { q: 'test job 4242' }, sort: 'new', page: 1 },
      ];
      // The first call of each mix is a miss of the board cache (board-cache.ts): the statements themselves.
      const cold = [];
      for (const c of cases) {
        const s = performance.now();
        await listPublicJobs(db, c.kind, c.f, c.sort, c.page, 'ja', today);
        cold.push(`${c.kind} ${JSON.stringify(c.f)} sort=${c.sort}: ${(performance.now() - s).toFixed(0)} ms`);
      }
      console.log(`listing query, first call of each mix (board cache empty): ${cold.join('; ')}`);
      for (let i = 0; i < 10; i++) for (const c of cases) await listPublicJobs(db, c.kind, c.f, c.sort, c.page, 'ja', today);
      const query: number[] = [];
      const perCase = cases.map(() => [] as number[]);
      for (let i = 0; i < ROUNDS; i++) {
        const c = cases[i % cases.length]!;
        const s = performance.now();
        await listPublicJobs(db, c.kind, c.f, c.sort, c.page, i % 2 ? 'en' : 'ja', today);
        const ms = performance.now() - s;
        query.push(ms);
        perCase[i % cases.length]!.push(ms);
      }
      console.log(`listing query (listPublicJobs, ${cases.length} filter mixes): ${fmt(query)}`);
      cases.forEach((c, i) => console.log(`  ${c.kind} ${JSON.stringify(c.f)} sort=${c.sort} page=${c.page}: ${fmt(perCase[i]!)}`));

      await buildClient();
      const app = await listenBenchApp(db, pool, 'bench-secret-bench-secret-bench-secret-00');
      const base = app.base;
      const paths = [
        '/daily',
        `/daily?prefecture=${encodeURIComponent('東京都')}&sort=wage`,
        `/daily?date=${inAWeek}&sort=date`,
        '/part-time',
        '/part-time?page=5',
        `/part-time?minWage=1800&language=en`,
      ];
      for (const p of paths) await (await fetch(base + p)).text();
      const page: number[] = [];
      t0 = Date.now();
      for (let i = 0; i < ROUNDS; i++) {
        const s = performance.now();
        const res = await fetch(base + paths[i % paths.length]!);
        await res.text();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        page.push(performance.now() - s);
      }
      console.log(`public board page over HTTP (${paths.length} URLs): ${fmt(page)}`);
      await app.close();
    } finally {
      await db.destroy();
    }
  } finally {
    await scratch.drop();
  }
}

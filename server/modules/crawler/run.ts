/**
 * Running a crawler source: claim it (one run at a time per source, across processes), check
 * robots.txt, fetch the page or feed within limits (through the outbound guard), extract the jobs
 * in a worker thread within a budget (parse.ts), and import each as a draft
 * job for a person to review — skipping what an earlier run imported unchanged (same source URL,
 * same content hash), updating a draft whose source changed, leaving alone a job a person already
 * published or deleted. Every run is written to the history with its counts and problems.
 */
import type { EventBus } from '../../events/bus.ts';
import { notifyPlatform } from '../notifications/service.ts';
import { repeatEvery } from '../../repeat.ts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { audit, type Actor } from '../../db/audit.ts';
import type { DB } from '../../db/connect.ts';
import { unclaimed } from '../../db/claim.ts';
import type { Outbound } from '../../net/outbound.ts';
import { contentHash, type FieldMapping, type FoundJob } from './extract.ts';
import { CrawlError, DEFAULT_LIMITS, fetchText, robotsAllow, type FetchLimits } from './fetch.ts';
import { DEFAULT_BUDGET, extractInWorker, type ParseBudget } from './parse.ts';
import { drawProblem, type Problem } from '../../../shared/texts/index.ts';
import { inBoth } from '../../resources/define.ts';

const CRAWLER: Actor = { id: null, name: 'Crawler' };

export interface RunSummary {
  runId: string;
  status: 'ok' | 'failed';
  found: number;
  imported: number;
  updated: number;
  skipped: number;
  /** What went wrong, kept as problems that each reader reads in their own language (drawProblem). */
  errors: Problem[];
}

/** Takes the source for one run; null when another run holds it (or it does not exist). */
async function claim(db: DB, sourceId: string) {
  return db.updateTable('crawler_sources').set({ running_since: sql`now()` }).where('id', '=', sourceId).where(unclaimed).returningAll().executeTakeFirst();
}

type Source = NonNullable<Awaited<ReturnType<typeof claim>>>;

const mappingOf = (s: Source): FieldMapping => ({
  url: s.map_url ?? '',
  title: s.map_title,
  title_en: s.map_title_en ?? '',
  description: s.map_description ?? '',
  wage: s.map_wage ?? '',
  prefecture: s.map_prefecture ?? '',
  city: s.map_city ?? '',
  station: s.map_station ?? '',
});

const jobValues = (j: FoundJob) => ({
  title_ja: j.title,
  title_en: j.titleEn || j.title,
  description_ja: j.description,
  description_en: '',
  wage: j.wage ?? 0,
  prefecture: j.prefecture,
  city: j.city,
  station: j.station,
});

/** Imports one found job; which of the three things happened. */
async function importOne(db: DB, source: Source, job: FoundJob): Promise<'imported' | 'updated' | 'skipped'> {
  const hash = contentHash(job);
  const entity = source.job_kind === 'daily' ? 'dailyJob' : 'job';
  return db.transaction().execute(async (trx) => {
    // The row lock makes two runs of the same source (which the claim already prevents) safe anyway.
    const known = await trx.selectFrom('crawler_items').selectAll().where('source_id', '=', source.id).where('source_url', '=', job.sourceUrl).forUpdate().executeTakeFirst();
    if (!known) {
      const created = await trx
        .insertInto('jobs')
        .values({ ...jobValues(job), company_id: source.company_id, client_id: source.client_id, kind: source.job_kind, status: 'draft' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('crawler_items').values({ source_id: source.id, source_url: job.sourceUrl, content_hash: hash, job_id: created.id }).execute();
      await audit(trx, CRAWLER, entity, created.id, source.company_id, { source: { from: null, to: job.sourceUrl } }, 'create');
      return 'imported';
    }
    if (known.content_hash === hash) {
      await trx.updateTable('crawler_items').set({ last_seen_at: new Date() }).where('id', '=', known.id).execute();
      return 'skipped';
    }
    await trx.updateTable('crawler_items').set({ content_hash: hash, last_seen_at: new Date() }).where('id', '=', known.id).execute();
    // Only a draft nobody published yet follows its source; a published or deleted job is a person's decision.
    if (!known.job_id) return 'skipped';
    const changed = await trx
      .updateTable('jobs')
      .set({ ...jobValues(job), updated_at: new Date() })
      .where('id', '=', known.job_id)
      .where('status', '=', 'draft')
      .returning('id')
      .executeTakeFirst();
    if (!changed) return 'skipped';
    await audit(trx, CRAWLER, entity, known.job_id, source.company_id, { source: { from: job.sourceUrl, to: job.sourceUrl } });
    return 'updated';
  });
}

/**
 * Runs one source now. Returns null when the source is being run elsewhere (or is gone); never
 * throws for what the remote site does — that is a failed run in the history.
 */
export interface RunOptions {
  /** Every request of the run goes through it (server/net/outbound.ts). */
  outbound: Outbound;
  limits?: FetchLimits;
  /** What reading the page may cost (parse.ts). */
  budget?: ParseBudget;
  log?: Logger;
  /** When given, a failed run is told to the platform users who may open the crawler page. */
  bus?: EventBus;
}

export async function runSource(db: DB, sourceId: string, o: RunOptions): Promise<RunSummary | null> {
  const source = await claim(db, sourceId);
  if (!source) return null;
  const run = await db.insertInto('crawler_runs').values({ source_id: source.id }).returning('id').executeTakeFirstOrThrow();
  const summary: RunSummary = { runId: run.id, status: 'ok', found: 0, imported: 0, updated: 0, skipped: 0, errors: [] };
  try {
    const limits = o.limits ?? DEFAULT_LIMITS;
    if (!(await robotsAllow(o.outbound, source.url, limits))) throw new CrawlError('robots', { key: 'log.crawler.robots', params: { url: source.url } });
    const page = await fetchText(o.outbound, source.url, limits);
    if (page.status >= 400) throw new CrawlError('http', { key: 'log.crawler.http', params: { url: source.url, status: page.status } });
    const found = await extractInWorker(
      { format: source.format === 'json' ? 'json' : 'html', text: page.text, pageUrl: source.url, selector: source.item_selector, map: mappingOf(source) },
      o.budget ?? DEFAULT_BUDGET,
    );
    summary.found = found.jobs.length;
    summary.errors.push(...found.problems);
    const seen = new Set<string>();
    for (const job of found.jobs) {
      if (seen.has(job.sourceUrl)) {
        summary.skipped++;
        continue;
      }
      seen.add(job.sourceUrl);
      try {
        summary[await importOne(db, source, job)]++;
      } catch (err) {
        summary.errors.push({ key: 'log.crawler.notImported', params: { url: job.sourceUrl, error: (err as Error).message } });
      }
    }
    if (found.jobs.length === 0 && found.problems.length) summary.status = 'failed';
  } catch (err) {
    summary.status = 'failed';
    summary.errors.push(err instanceof CrawlError ? err.problem : { key: 'log.internal', params: { error: (err as Error).message } });
    if (!(err instanceof CrawlError)) o.log?.error({ err, sourceId }, 'crawler run failed');
  } finally {
    await db
      .updateTable('crawler_runs')
      .set({
        finished_at: new Date(),
        status: summary.status,
        found: summary.found,
        imported: summary.imported,
        updated: summary.updated,
        skipped: summary.skipped,
        errors: JSON.stringify(summary.errors.slice(0, 50)),
      })
      .where('id', '=', run.id)
      .execute();
    await db.updateTable('crawler_sources').set({ running_since: null, last_run_at: new Date() }).where('id', '=', source.id).execute();
  }
  const first = summary.errors[0];
  if (summary.status === 'failed' && o.bus)
    await notifyPlatform(db, o.bus, {
      key: 'notify.importFailed',
      params: { source: source.name },
      body: first ? inBoth((lang) => drawProblem(lang, first)) : '',
      link: `/admin/superadmin/crawler?id=${source.id}`,
    });
  o.log?.info({ sourceId, ...summary }, 'crawler run finished');
  return summary;
}

/** Sources whose schedule says they are due and that nobody is running. */
export async function dueSources(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('crawler_sources')
    .select('id')
    .where('active', '=', true)
    .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', sql<Date>`now() - make_interval(mins => schedule_minutes)`)]))
    .where(unclaimed)
    .orderBy('last_run_at', (ob) => ob.asc().nullsFirst())
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The background job: every `intervalMs`, the due sources one after another. Several processes may
 * run it; the claim gives each source to one of them. `stop()` waits for a run in progress.
 */
export function startCrawlerScheduler(db: DB, o: RunOptions & { intervalMs?: number }): { stop(): Promise<void> } {
  return repeatEvery(
    o.intervalMs ?? 60_000,
    async (job) => {
      for (const id of await dueSources(db)) {
        if (job.stopped) return;
        await runSource(db, id, o);
      }
    },
    (err) => o.log?.warn({ err }, 'crawler scheduler tick failed'),
  );
}

/** A source's latest 20 runs, newest first. */
export function latestRuns(db: DB, sourceId: string) {
  return db.selectFrom('crawler_runs').selectAll().where('source_id', '=', sourceId).orderBy('started_at', 'desc').limit(20).execute();
}

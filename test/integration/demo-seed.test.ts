/**
 * The demo data tells one story (server/db/seed/index.ts and each feature's seed.ts): a new user
 * judges the product by it, so what it shows must be what the app itself would have written. Read on
 * a copy of the seeded template every test file clones, and, for what must not change from one
 * database to the next, on a second database seeded from empty.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { clockText } from '../../server/db/columns.ts';
import { connectDatabase, type DB } from '../../server/db/connect.ts';
import { withDatabase } from '../../server/db/embedded.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { checkPeopleForShifts } from '../../server/modules/workforce/assign.ts';
import { WORKING_LISTS } from '../../server/modules/workforce/may-work.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let seeded: TestDatabase;
beforeAll(async () => {
  seeded = await createTestDatabase();
});
afterAll(async () => seeded?.drop());
const db = () => seeded.db;

/** What a demo user reads of the seeded rows that other seeds pick by a rule ("the company's oldest open job"). */
async function picked(d: DB) {
  const jobOf = async (table: 'interviews' | 'scout_offers') =>
    table === 'interviews'
      ? (await d.selectFrom('interviews as i').innerJoin('applications as a', 'a.id', 'i.application_id').innerJoin('jobs as j', 'j.id', 'a.job_id').select('j.title_en').executeTakeFirstOrThrow())
          .title_en
      : (await d.selectFrom('scout_offers as o').innerJoin('jobs as j', 'j.id', 'o.job_id').select('j.title_en').executeTakeFirstOrThrow()).title_en;
  const applications = await d
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['u.email', 'j.title_en'])
    .orderBy('u.email')
    .orderBy('j.title_en')
    .execute();
  return { interview: await jobOf('interviews'), scoutOffer: await jobOf('scout_offers'), applications: applications.map((a) => `${a.email}: ${a.title_en}`) };
}

describe('the demo data is the same on every database', () => {
  it('two databases seeded apart show the same interview, scout offer and applications', { timeout: 120_000 }, async () => {
    const serverUrl = inject('pgServerUrl');
    const name = `tsunagu_t_seed_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
    const { db: other } = connectDatabase(withDatabase(serverUrl, name), { max: 2, statementTimeoutMs: 0 });
    try {
      await migrateToLatest(other);
      await seedDemo(other, { password: 'another-demo-password' });
      expect(await picked(other)).toEqual(await picked(db()));
      // The interview is for the company's oldest open part-time job, the café.
      expect((await picked(db())).interview).toBe('Café staff (3+ days a week)');
    } finally {
      await other.destroy();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    }
  });

  it("no two of a company's jobs were posted at the same instant, so 'its oldest open job' is one job", async () => {
    const ties = await db()
      .selectFrom('jobs')
      .select(['company_id', 'created_at', db().fn.countAll<string>().as('n')])
      .groupBy(['company_id', 'created_at'])
      .having(db().fn.countAll(), '>', 1)
      .execute();
    expect(ties).toEqual([]);
  });
});

/** A shift's start as an instant: its day and time in Japan. */
const startOf = (s: { date: string; start_time: string }) => new Date(`${s.date}T${s.start_time.slice(0, 5)}:00+09:00`);

/** The seeded applications to a shift, with whose they are and when the shift starts. */
const onShifts = () =>
  db()
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .select(['u.email', 's.date', clockText('s.start_time').as('start_time')]);

describe('the demo’s dates follow one another', () => {
  it('every application to a shift was made before the shift started, and every job was posted before it', async () => {
    const rows = await onShifts().innerJoin('jobs as j', 'j.id', 'a.job_id').select(['j.title_en', 'j.created_at as posted', 'a.created_at as applied']).execute();
    expect(rows.length).toBeGreaterThan(10);
    const late = rows
      .filter((r) => !(r.applied < startOf(r)) || !(r.posted < r.applied))
      .map((r) => `${r.email} ${r.title_en} ${r.date} ${r.start_time}: posted ${r.posted.toISOString()}, applied ${r.applied.toISOString()}`);
    expect(late).toEqual([]);
  });

  it('attendance (worked or a no-show) is recorded only of a shift that has started, after it started', async () => {
    const rows = await onShifts().innerJoin('attendance as t', 't.application_id', 'a.id').select(['t.status', 't.created_at as recorded']).execute();
    expect(rows.map((r) => r.status)).toContain('no_show');
    const early = rows.filter((r) => !(startOf(r) < new Date()) || !(startOf(r) <= r.recorded)).map((r) => `${r.email} ${r.status} on ${r.date} ${r.start_time}, recorded ${r.recorded.toISOString()}`);
    expect(early).toEqual([]);
  });
});

describe('the demo’s placements are ones the app would have made', () => {
  it('every seeded application on a working list (to confirm, attendance) passes the placement rules of its shift', async () => {
    const placed = await onShifts()
      .innerJoin('candidate_statuses as st', 'st.id', 'a.candidate_status_id')
      .select(['a.candidate_id', 'a.shift_id', 'st.name_en'])
      .where('st.list', 'in', [...WORKING_LISTS])
      .execute();
    // Last week's three workers, the student's coming week and Siti Rahma's shifts.
    expect(new Set(placed.map((p) => p.email))).toEqual(new Set(['worker1@demo.test', 'worker2@demo.test', 'worker3@demo.test', 'student@demo.test', 'candidate4@demo.test']));
    const answers = await checkPeopleForShifts(
      db(),
      placed.map((p) => ({ candidateId: p.candidate_id, shiftId: p.shift_id! })),
    );
    const refused = placed.flatMap((p, i) => {
      const a = answers[i]!;
      return a.ok ? [] : [`${p.email} ${p.date} ${p.start_time} (${p.name_en}): ${a.reason} ${a.detail}`];
    });
    expect(refused).toEqual([]);
  });
});

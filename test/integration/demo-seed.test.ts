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
import { connectDatabase, type DB } from '../../server/db/connect.ts';
import { withDatabase } from '../../server/db/embedded.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
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

/**
 * The demo data tells one story (server/db/seed/index.ts and each feature's seed.ts): a new user
 * judges the product by it, so what it shows must be what the app itself would have written. Read on
 * a copy of the seeded template every test file clones, and, for what must not change from one
 * database to the next, on a second database seeded from empty.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
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
import { dateText } from '../../shared/format.ts';
import { clockInJapan, todayInJapan } from '../../shared/time.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let seeded: TestDatabase;
beforeAll(async () => {
  seeded = await createTestDatabase();
});
afterAll(async () => seeded?.drop());
const db = () => seeded.db;

type Text = { ja: string; en: string };

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

describe('the demo bells name what the demo holds', () => {
  it('each notification’s application, person, job, client, shift and card are rows of its reader’s tenant', async () => {
    const sakura = (await db().selectFrom('companies').select('id').where('name_en', '=', 'Sakura Staffing Co., Ltd.').executeTakeFirstOrThrow()).id;
    const notes = await db()
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['u.email', 'u.company_id', 'n.message_key', 'n.params', 'n.body', 'n.link'])
      .where('u.role', '!=', 'candidate')
      .execute();
    expect(new Set(notes.map((n) => n.message_key))).toEqual(
      new Set(['notify.newApplication', 'notify.interviewScheduled', 'notify.shiftConfirmed', 'notify.cardExpiresIn', 'notify.contractReceived']),
    );
    const today = todayInJapan();
    const wrong: string[] = [];
    for (const n of notes) {
      // The platform's people read Sakura's (the company the demo logins work for).
      const company = n.company_id ?? sakura;
      const p = n.params as { job?: Text; client?: Text; when?: Text; name?: string; days?: number; $body?: Text };
      const say = (what: string) => wrong.push(`${n.email} ${n.message_key}: ${what}`);
      const app = /^\/admin\/candidate\/([0-9a-f-]{36})$/.exec(n.link ?? '')?.[1];
      if (n.message_key === 'notify.newApplication' || n.message_key === 'notify.interviewScheduled') {
        const a = app
          ? await db()
              .selectFrom('applications as a')
              .innerJoin('users as u', 'u.id', 'a.candidate_id')
              .innerJoin('jobs as j', 'j.id', 'a.job_id')
              .leftJoin('interviews as i', 'i.application_id', 'a.id')
              .select(['u.name', 'j.title_ja', 'j.title_en', 'i.starts_at'])
              .where('a.id', '=', app)
              .where('a.company_id', '=', company)
              .executeTakeFirst()
          : undefined;
        if (!a) say(`links to no application of the company (${n.link})`);
        else {
          if (a.name !== n.body) say(`names ${n.body}, the application is ${a.name}'s`);
          if (p.job && (p.job.ja !== a.title_ja || p.job.en !== a.title_en)) say(`names the job ${p.job.en}, the application is to ${a.title_en}`);
          if (n.message_key === 'notify.interviewScheduled') {
            const at = a.starts_at ? `${dateText(todayInJapan(a.starts_at), 'en')} ${clockInJapan(a.starts_at)}` : null;
            if (!at || !p.when?.en.startsWith(at)) say(`says ${p.when?.en}, the interview is at ${at}`);
          }
        }
      }
      if (n.message_key === 'notify.shiftConfirmed' || n.message_key === 'notify.contractReceived') {
        const named = n.message_key === 'notify.contractReceived' ? p.client : p.$body;
        const client = await db()
          .selectFrom('clients')
          .select('id')
          .where('company_id', '=', company)
          .where('name', '=', named?.ja ?? '')
          .where('name_en', '=', named?.en ?? '')
          .executeTakeFirst();
        if (!client) say(`names the client ${JSON.stringify(named)}, which the company does not have`);
        else if (n.message_key === 'notify.shiftConfirmed') {
          const shifts = await db()
            .selectFrom('job_daily_shifts as s')
            .innerJoin('jobs as j', 'j.id', 's.job_id')
            .select(['s.date', clockText('s.start_time').as('start'), clockText('s.end_time').as('end')])
            .where('j.client_id', '=', client.id)
            .execute();
          const named = (lang: 'ja' | 'en') => shifts.some((s) => p.when![lang].includes(dateText(s.date, lang)) && p.when![lang].includes(`${s.start}`) && p.when![lang].includes(`${s.end}`));
          if (!p.when || !named('ja') || !named('en')) say(`names a shift the client does not have: ${JSON.stringify(p.when)}`);
        }
      }
      if (n.message_key === 'notify.cardExpiresIn') {
        const days = sql<number>`visa_expiry - ${today}::date`;
        const candidate = await db()
          .selectFrom('users as u')
          .innerJoin('candidate_profiles as cp', 'cp.user_id', 'u.id')
          .select(days.as('days'))
          .where('u.name', '=', p.name ?? '')
          .where(({ exists, selectFrom }) => exists(selectFrom('applications as a').select('a.id').whereRef('a.candidate_id', '=', 'u.id').where('a.company_id', '=', company)))
          .executeTakeFirst();
        const registry = await db()
          .selectFrom('staff')
          .select(days.as('days'))
          .where('company_id', '=', company)
          .where(sql<boolean>`upper(name) = upper(${p.name ?? ''})`)
          .executeTakeFirst();
        const left = (candidate ?? registry)?.days;
        if (left !== p.days) say(`says ${p.name}'s card expires in ${p.days} days; ${left === undefined ? 'no such person of the company' : `it expires in ${left}`}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the demo reads the same in both languages', () => {
  it('every job has its title, place and station in English as well as Japanese, every company and client its English name', async () => {
    const jobs = await db().selectFrom('jobs').select(['title_ja', 'title_en', 'city', 'city_en', 'station', 'station_en']).execute();
    const missing = jobs.flatMap((j) => [
      ...(j.title_en ? [] : [`${j.title_ja}: no English title`]),
      ...(j.city && !j.city_en ? [`${j.title_ja}: ${j.city} has no English name`] : []),
      ...(j.station && !j.station_en ? [`${j.title_ja}: ${j.station} has no English name`] : []),
    ]);
    for (const table of ['companies', 'clients'] as const)
      for (const c of await db().selectFrom(table).select(['name', 'name_en']).execute()) if (!c.name_en) missing.push(`${c.name}: no English name`);
    expect(missing).toEqual([]);
  });

  it('a demo candidate who says they are a student holds the student status (留学)', async () => {
    const said = await db().selectFrom('messages').select(['sender_id', 'content']).where('sender_role', '=', 'candidate').where('content', 'ilike', '%student%').execute();
    const statusOf = new Map(
      (await db().selectFrom('candidate_profiles as p').innerJoin('visa_types as v', 'v.id', 'p.visa_type_id').select(['p.user_id', 'v.ja']).execute()).map((p) => [p.user_id, p.ja]),
    );
    expect(said.filter((m) => statusOf.get(m.sender_id!) !== '留学').map((m) => `${statusOf.get(m.sender_id!)}: ${m.content}`)).toEqual([]);
  });
});

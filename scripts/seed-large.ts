import { seedLargeJobs } from '../server/modules/jobs/large-seed.ts';
import { openAppDatabase } from './open-db.ts';

/**
 * npm run seed:large — 100,000 jobs and about 1,000,000 shifts in the app's database (DATABASE_URL
 * or the embedded one in DATA_DIR), for trying the boards at scale. JOBS and SHIFTS_PER_JOB scale it.
 */
const jobs = Number(process.env.JOBS ?? 100_000);
const perJob = Number(process.env.SHIFTS_PER_JOB ?? 20);
const started = Date.now();
const { db, close } = await openAppDatabase();
try {
  const r = await seedLargeJobs(db, { jobs, shiftsPerDailyJob: perJob });
  console.log(`seeded: the database now holds ${r.jobs} jobs and ${r.shifts} shifts (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await close();
}

import { defineFeature } from '../../feature.ts';
import { JOB_RESOURCES } from './defs/jobs.ts';
import { seedDemoJobs } from './seed.ts';

/** Regular/part-time and daily jobs, their shifts and the public boards (API: api/jobs.ts, api/job-shifts.ts; the boards: screens/boards.tsx). */
export const jobsFeature = defineFeature({
  name: 'jobs',
  routes: ['/admin/jobs/list', '/v3/admin/jobs/list', '/daily', '/part-time'],
  resources: JOB_RESOURCES,
  // Open daily and part-time jobs on both companies' boards, with two weeks of shifts.
  seed: [
    (db, demo) =>
      seedDemoJobs(db, [
        { id: demo.companies.c1, clients: [demo.clients.c1a, demo.clients.c1b] },
        { id: demo.companies.c2, clients: [demo.clients.c2a] },
      ]),
  ],
});

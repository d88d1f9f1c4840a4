import { defineFeature } from '../../feature.ts';
import { applicationsReadModel } from './defs/applications.ts';
import { interviewsReadModel } from './defs/interviews.ts';
import { startReminderScheduler } from './reminders.ts';
import { seedDemoPipeline } from './seed.ts';

/** The applicant pipeline: applications, their lists and moves, interviews, reminders (docs/pipeline.md; API: api/applicant.ts). */
export const pipelineFeature = defineFeature({
  name: 'pipeline',
  routes: ['/admin/candidate', '/admin/candidate/shukkin', '/admin/candidate/kakunin', '/v3/admin/candidate/other', '/v3/admin/candidate/daily', '/admin/interview'],
  readModels: [applicationsReadModel, interviewsReadModel],
  // The pipeline on every list: kakunin due, a no-show, an interview tomorrow.
  seed: [(db, demo) => seedDemoPipeline(db, demo.company)],
  // Kakunin the day before a shift, interviews: claimed, so once in all processes.
  jobs: [{ name: 'reminders', start: ({ config, services }) => (config.reminderIntervalSeconds > 0 ? startReminderScheduler(services, config.reminderIntervalSeconds * 1000) : null) }],
});

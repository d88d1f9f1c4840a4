import { defineFeature } from '../../feature.ts';
import { crawlerSourceResource } from './defs/crawler.ts';
import { startCrawlerScheduler } from './run.ts';

/** Job import (the crawler): its sources, runs on schedule (API: api/crawler.ts). */
export const crawlerFeature = defineFeature({
  name: 'crawler',
  routes: ['/admin/superadmin/crawler'],
  resources: [crawlerSourceResource],
  // On schedule in every process: a run claims its source first.
  jobs: [
    {
      name: 'crawler',
      start: ({ db, log, config, services }) =>
        config.crawlerIntervalSeconds > 0 ? startCrawlerScheduler(db, { log, intervalMs: config.crawlerIntervalSeconds * 1000, outbound: services.outbound, bus: services.bus }) : null,
    },
  ],
});

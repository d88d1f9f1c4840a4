import type { ApiContext } from '../../../api/context.ts';
import { isPlatform } from '../../../access/tenancy.ts';
import { latestRuns } from '../run.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { drawProblem } from '../../../../shared/texts/index.ts';

/** The run history of a crawler source (/admin/superadmin/crawler, 210001: platform only). */
export const typeDefs = /* GraphQL */ `
  "One run of a crawler source: when, how it ended, what it found and what it did with it."
  type CrawlerRun {
    id: ID!
    started_at: String!
    finished_at: String
    "running | ok | failed"
    status: String!
    found: Int!
    imported: Int!
    updated: Int!
    skipped: Int!
    "What went wrong (the site's answer, robots.txt, items without a title), in the caller's language; what the site itself said, as it said it. A run logged before problems were kept by key reads in English."
    errors: [String!]!
  }

  extend type Query {
    "The newest runs of a source first (at most 20); empty for a source that does not exist."
    crawlerRuns(sourceId: ID!): [CrawlerRun!]!
  }
`;

export const resolvers = {
  Query: {
    crawlerRuns: async (_: unknown, a: { sourceId: string }, ctx: ApiContext) => {
      // Platform data: the code is platform-only by default, and a company role given it still sees nothing.
      if (!isUuid(a.sourceId) || !isPlatform(ctx.tenant)) return [];
      const rows = await latestRuns(ctx.services.db, a.sourceId);
      return rows.map((r) => ({ ...r, started_at: r.started_at.toISOString(), finished_at: r.finished_at?.toISOString() ?? null, errors: r.errors.map((e) => drawProblem(ctx.lang, e)) }));
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // Job import (the crawler's page): its run history.
  'Query.crawlerRuns': pages('/admin/superadmin/crawler'),
};

import type { ApiContext } from '../../../api/context.ts';
import { isPlacement } from '../service.ts';
import { type Rules } from '../../../api/rules.ts';

/** The ads a public page shows (docs/ads.md): from the process's cache, never a query per view. */
export const typeDefs = /* GraphQL */ `
  "A featured job of a featured ad: where it is and what it pays."
  type PublicAdJob {
    "daily | other"
    kind: String!
    prefecture: String!
    city: String!
    wage: Int!
    payType: String
  }

  "An ad as a public page shows it, in the visitor's language."
  type PublicAd {
    id: ID!
    "featured | banner"
    kind: String!
    title: String!
    body: String!
    "A path of this site (a stored copy of the banner's image), or null."
    imageUrl: String
    "Where a click goes: /ads/click/<id>, which counts it and redirects to the ad's own target."
    clickUrl: String!
    job: PublicAdJob
  }

  extend type Query {
    """
    The current ads of a placement (daily, part_time, daily_job, part_time_job) for the caller's
    language: at most three featured jobs and one banner, each counted as one impression.
    featured: false leaves out the featured jobs (a board filtered by a search); exceptJob the job
    the page itself shows.
    """
    publicAds(placement: String!, featured: Boolean = true, exceptJob: ID): [PublicAd!]!
  }
`;

export const resolvers = {
  Query: {
    publicAds: (_: unknown, a: { placement: string; featured: boolean; exceptJob?: string | null }, ctx: ApiContext) =>
      isPlacement(a.placement) ? ctx.services.ads.current(a.placement, ctx.lang, { featured: a.featured, exceptJob: a.exceptJob ?? null }) : [],
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // the ads a public board shows: from the process's cache, counted as impressions
  'Query.publicAds': { public: true },
};

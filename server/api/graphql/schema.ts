import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { withAuthorization } from '../authz.ts';
import * as applicant from './applicant.ts';
import * as chat from './chat.ts';
import * as crawler from './crawler.ts';
import * as enums from './enums.ts';
import * as legal from './legal.ts';
import * as jobs from './jobs.ts';
import * as notifications from './notifications.ts';
import * as roles from './roles.ts';
import * as session from './session.ts';
import * as jobShifts from './job-shifts.ts';
import * as money from './money.ts';
import * as points from './points.ts';
import * as integrations from './integrations.ts';
import * as scouting from './scouting.ts';
import * as surveys from './surveys.ts';
import * as ads from './ads.ts';
import * as cardChecks from './card-checks.ts';
import * as workforce from './workforce.ts';
import * as workerRecord from './worker-record.ts';
import * as person from './person.ts';
import * as inbox from './inbox.ts';
import { resourceResolvers, resourceTypeDefs, sharedTypeDefs } from './resources.ts';
import { READ_MODELS, RESOURCES } from '../../resources/registry.ts';
import { readModelResolvers, readModelSharedTypeDefs, readModelTypeDefs } from './read-models.ts';

/** One module per area; each brings its type definitions and resolvers. Resources come from their definitions. */
const MODULES = [session, enums, notifications, jobs, legal];
// The role-map editor; the array's element type is the union of the modules above, hence the widening.
(MODULES as { typeDefs: string; resolvers: object }[]).push(roles);
// A daily job's shifts on its record page: a field of the engine's DailyJob and two mutations.
(MODULES as { typeDefs: string; resolvers: object }[]).push({ typeDefs: jobShifts.typeDefs + jobShifts.dailyJobShiftsTypeDefs, resolvers: jobShifts.resolvers });

// Chat messages over graphql-ws.
(MODULES as { typeDefs: string; resolvers: object }[]).push(chat);
// Job import's run history.
(MODULES as { typeDefs: string; resolvers: object }[]).push(crawler);
// The applicant record.
(MODULES as { typeDefs: string; resolvers: object }[]).push(applicant);
// Pay, quick pay, transfers and invoices.
(MODULES as { typeDefs: string; resolvers: object }[]).push(money);
// Points: by hand on /v3/admin/point, the candidate's own on /staff/points.
(MODULES as { typeDefs: string; resolvers: object }[]).push(points);
// Integrations: the catalogue and the Romuten connection.
(MODULES as { typeDefs: string; resolvers: object }[]).push(integrations);
// Scouting: the offer form, sending offers, the candidate's answers.
(MODULES as { typeDefs: string; resolvers: object }[]).push(scouting);
// Surveys.
(MODULES as { typeDefs: string; resolvers: object }[]).push(surveys);
// The ads of the public boards.
(MODULES as { typeDefs: string; resolvers: object }[]).push(ads);
// Residence-card checks.
(MODULES as { typeDefs: string; resolvers: object }[]).push(cardChecks);
// The staff inbox.
(MODULES as { typeDefs: string; resolvers: object }[]).push(inbox);
// Assigning people to shifts with the working limits.
(MODULES as { typeDefs: string; resolvers: object }[]).push(workforce);
// One worker's record and employment contract on /admin/worker.
(MODULES as { typeDefs: string; resolvers: object }[]).push(workerRecord);
// One person: duplicates, links and merges on /admin/staff.
(MODULES as { typeDefs: string; resolvers: object }[]).push(person);

/** The whole API schema, every root field wrapped with its authorization rule (authz.ts). */
export function buildSchema(): GraphQLSchema {
  return withAuthorization(
    makeExecutableSchema({
      typeDefs: [...MODULES.map((m) => m.typeDefs), sharedTypeDefs, ...RESOURCES.map(resourceTypeDefs), readModelSharedTypeDefs, ...READ_MODELS.map(readModelTypeDefs)],
      resolvers: [...MODULES.map((m) => m.resolvers), ...RESOURCES.map(resourceResolvers), ...READ_MODELS.map(readModelResolvers)],
    }),
  );
}

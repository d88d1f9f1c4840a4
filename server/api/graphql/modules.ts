import type { ApiModule } from '../rules.ts';
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

/**
 * The API: one module per area, each bringing its type definitions, resolvers and the rule of
 * every root field it adds (server/api/rules.ts). Resources and read models come from their
 * definitions (the features' manifests, server/features.ts).
 */
export const API_MODULES: readonly ApiModule[] = [
  session,
  enums,
  notifications,
  jobs,
  legal,
  // The role-map editor.
  roles,
  // A daily job's shifts on its record page: a field of the engine's DailyJob and two mutations.
  { typeDefs: jobShifts.typeDefs + jobShifts.dailyJobShiftsTypeDefs, resolvers: jobShifts.resolvers, rules: jobShifts.rules },
  chat,
  crawler,
  applicant,
  money,
  points,
  integrations,
  scouting,
  surveys,
  ads,
  cardChecks,
  workforce,
  workerRecord,
  person,
  inbox,
];

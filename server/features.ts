import { chatFeature } from './chat/feature.ts';
import { inboxFeature } from './modules/inbox/feature.ts';
import type { DemoCompanies, Feature, Job } from './feature.ts';
import { adsFeature } from './modules/ads/feature.ts';
import { usersFeature } from './modules/auth/feature.ts';
import { companiesFeature } from './modules/companies/feature.ts';
import { contactFeature } from './modules/contact/feature.ts';
import { crawlerFeature } from './modules/crawler/feature.ts';
import { integrationsFeature } from './modules/integrations/feature.ts';
import { jobsFeature } from './modules/jobs/feature.ts';
import { payrollFeature } from './modules/payroll/feature.ts';
import { pipelineFeature } from './modules/pipeline/feature.ts';
import { pointsFeature } from './modules/points/feature.ts';
import { scoutingFeature } from './modules/scouting/feature.ts';
import { staffFeature } from './modules/staff/feature.ts';
import { surveysFeature } from './modules/surveys/feature.ts';
import { templatesFeature } from './modules/templates/feature.ts';
import { workforceFeature } from './modules/workforce/feature.ts';
import { enumsFeature } from './modules/enums/feature.ts';
import { notificationsFeature } from './modules/notifications/feature.ts';
import { rolesFeature } from './modules/roles/feature.ts';
import type { DB } from './db/connect.ts';
import type { ResourceDef } from './resources/define.ts';
import type { ReadModelDef } from './resources/read-model.ts';

/**
 * Every feature's manifest (server/feature.ts), one line each. The resource engine's registry, the
 * demo seed and the background jobs are read from this list. The order is the demo's story: each
 * feature's seed builds on the data of the ones above it.
 */
export const FEATURES = [
  rolesFeature,
  enumsFeature,
  companiesFeature,
  templatesFeature,
  usersFeature,
  notificationsFeature,
  jobsFeature,
  chatFeature,
  inboxFeature,
  pipelineFeature,
  payrollFeature,
  pointsFeature,
  integrationsFeature,
  surveysFeature,
  adsFeature,
  staffFeature,
  scoutingFeature,
  workforceFeature,
  crawlerFeature,
  contactFeature,
] as const satisfies readonly Feature[];

const all: readonly Feature[] = FEATURES;

/** Every resource of every feature (the engine's registry, server/resources/registry.ts). */
export const featureResources = (): ResourceDef[] => all.flatMap((f) => f.resources ?? []);

/** Every read model of every feature. */
export const featureReadModels = (): ReadModelDef[] => all.flatMap((f) => f.readModels ?? []);

/** Every background job (server/boot.ts). */
export const featureJobs = (): Job[] => all.flatMap((f) => f.jobs ?? []);

/**
 * The features' demo steps in order: FEATURES' order, except that a step naming a feature
 * (`after`) runs right after that feature's last step.
 */
export function demoSeedSteps(): ((db: DB, demo: DemoCompanies) => Promise<void>)[] {
  const names = new Set(all.map((f) => f.name));
  const later = new Map<string, ((db: DB, demo: DemoCompanies) => Promise<void>)[]>();
  for (const f of all) {
    for (const step of f.seed ?? []) {
      if (typeof step === 'function') continue;
      if (!names.has(step.after)) throw new Error(`feature ${f.name}: its seed runs after ${step.after}, which is not a feature`);
      later.set(step.after, [...(later.get(step.after) ?? []), step.run]);
    }
  }
  return all.flatMap((f) => [...(f.seed ?? []).flatMap((s) => (typeof s === 'function' ? [s] : [])), ...(later.get(f.name) ?? [])]);
}

import type { Logger } from 'pino';
import { routeByPath } from './access/routes.ts';
import type { Config } from './config.ts';
import type { DB } from './db/connect.ts';
import type { ResourceDef } from './resources/define.ts';
import type { ReadModelDef } from './resources/read-model.ts';
import type { Services } from './services.ts';

/**
 * A feature's manifest: what the feature's domain brings, named in one place
 * (`server/modules/<feature>/feature.ts`) instead of one line in each of several hand-kept lists.
 * FEATURES (server/features.ts) lists the manifests; the resource registry, the demo seed and the
 * background jobs are read from it. The tiers above the domain sit in the same folder and are
 * found there (server/feature-folders.ts): the API modules (`api/*.ts`: types, resolvers and the
 * rule of each root field, its codes read from the route table) and the screens (`screens/*.tsx`,
 * with their panels). docs/architecture.md "Adding a feature".
 */
export interface Feature<N extends string = string> {
  name: N;
  /** The feature's pages: paths of the route table (server/access/routes.ts), checked to exist. */
  routes?: readonly string[];
  /** Records of one table, served by the resource engine (docs/resources.md). */
  resources?: readonly ResourceDef[];
  /** Lists over joined queries (server/resources/read-model.ts). */
  readModels?: readonly ReadModelDef[];
  /** Demo data, run by the demo seed in the order of FEATURES (server/db/seed/index.ts). */
  seed?: readonly SeedStep[];
  /** Work on a timer in every serving process (server/boot.ts starts and stops them). */
  jobs?: readonly Job[];
}

/** What the demo seed made before the features' steps: the two companies and their clients. */
export interface DemoCompanies {
  /** Sakura Staffing, the company the demo logins work for. */
  company: string;
  companies: { c1: string; c2: string };
  clients: { c1a: string; c1b: string; c2a: string };
}

/**
 * One step of the demo seed. Steps run in the order of FEATURES; a step that builds on a later
 * feature's data names it (`after`) and runs right after that feature's steps.
 */
export type SeedStep = ((db: DB, demo: DemoCompanies) => Promise<void>) | { after: string; run: (db: DB, demo: DemoCompanies) => Promise<void> };

export interface JobDeps {
  db: DB;
  log: Logger;
  config: Config;
  services: Services;
}

/** A background job: started once the app is built, or not at all (null) when the config turns it off. */
export interface Job {
  name: string;
  start(deps: JobDeps): { stop(): Promise<void> } | null;
}

/** Checks a manifest (its routes exist in the table) and keeps its name's literal type. */
export function defineFeature<const N extends string>(feature: Feature<N>): Feature<N> {
  for (const path of feature.routes ?? []) {
    if (!routeByPath(path)) throw new Error(`feature ${feature.name}: ${path} is not a route of server/access/routes.ts`);
  }
  return feature;
}

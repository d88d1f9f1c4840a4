import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../root.ts';
import type { ApiModule } from '../rules.ts';

/**
 * The API: one module per area or feature, each a file of `server/api/graphql/modules/` bringing
 * its type definitions, resolvers and the rule of every root field it adds (server/api/rules.ts),
 * found there when the server starts (no list to extend), as the screens (server/web/screens/found.ts)
 * and the migrations are. Resources and read models come from their definitions (the features'
 * manifests, server/features.ts). A file without all three stops the start.
 */
const FOLDER = path.join(PROJECT_ROOT, 'server/api/graphql/modules');
const MODULE_FILE = /^([a-z0-9-]+)\.ts$/;

/** The modules' names, sorted, so the schema is the same on every start. */
export const apiModuleNames = (): string[] =>
  readdirSync(FOLDER)
    .flatMap((f) => (f.includes('.test.') ? [] : (MODULE_FILE.exec(f)?.[1] ?? [])))
    .sort();

async function load(): Promise<ApiModule[]> {
  const names = apiModuleNames();
  const modules = await Promise.all(names.map(async (name) => (await import(`./modules/${name}.ts`)) as Partial<ApiModule>));
  return modules.map((m, i) => {
    if (typeof m.typeDefs !== 'string' || !m.resolvers || !m.rules) throw new Error(`server/api/graphql/modules/${names[i]}.ts must export typeDefs, resolvers and rules`);
    return { typeDefs: m.typeDefs, resolvers: m.resolvers, rules: m.rules };
  });
}

export const API_MODULES: readonly ApiModule[] = await load();

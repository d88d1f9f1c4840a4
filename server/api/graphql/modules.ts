import { featureFile, featureFiles } from '../../feature-folders.ts';
import type { ApiModule } from '../rules.ts';

/**
 * The API: one module per area of a feature, each a file of a feature folder's `api/`
 * (`server/modules/<feature>/api/`, the chat's `server/chat/api/`; server/feature-folders.ts)
 * bringing its type definitions, resolvers and the rule of every root field it adds
 * (server/api/rules.ts), found there when the server starts (no list to extend), as the screens
 * (server/web/screens/found.ts) and the migrations are. Resources and read models come from their
 * definitions (the features' manifests, server/features.ts). A file without all three stops the start.
 */

/** The modules' names (`<feature>/<name>`), sorted, so the schema is the same on every start. */
const apiModuleNames = (): string[] => featureFiles('api', /^([a-z0-9-]+)\.ts$/);

async function load(): Promise<ApiModule[]> {
  const names = apiModuleNames();
  const modules = await Promise.all(
    names.map(async (name) => {
      const [feature, file] = name.split('/') as [string, string];
      return (await (feature === 'chat' ? import(`../../chat/api/${file}.ts`) : import(`../../modules/${feature}/api/${file}.ts`))) as Partial<ApiModule>;
    }),
  );
  return modules.map((m, i) => {
    if (typeof m.typeDefs !== 'string' || !m.resolvers || !m.rules) throw new Error(`${featureFile(names[i]!, 'api', '.ts')} must export typeDefs, resolvers and rules`);
    return { typeDefs: m.typeDefs, resolvers: m.resolvers, rules: m.rules };
  });
}

export const API_MODULES: readonly ApiModule[] = await load();

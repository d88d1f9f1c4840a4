import type { Text } from '../../../shared/i18n.ts';
import { featureFile, featureFiles } from '../../feature-folders.ts';
import type { Screen } from '../screen.ts';
import type { Panel } from './feature.ts';
import type { RecordSection } from './record-section.ts';

/**
 * The web tier's screen modules, found by folder: every `.tsx` file of a feature folder's
 * `screens/` (`server/modules/<feature>/screens/`, the chat's `server/chat/screens/`;
 * server/feature-folders.ts) is a screen module, loaded once when the server starts, so a new page
 * is a new file and no list to extend (docs/architecture.md "Adding a screen"). A module exports any of:
 *
 * - `screens`: its pages, each bound to a route of the table (server/access/routes.ts);
 * - `panels`: what a read-model screen shows and does besides its list, by the screen's path;
 * - `sections`: what a resource's record page shows beyond its form, by the resource's name;
 * - `texts`: its own sentences (`textsOf`, shared/texts/index.ts), checked with the catalogue.
 *
 * A file that exports none of them, a path claimed by two panels or a resource by two sections
 * stops the start. The folders are read from the project root so the bundle (dist/server) finds the
 * same files, and each `import()` with a template literal is one esbuild bundles as a glob
 * (`modules/*\/screens/*.tsx`), as the migrator does (server/db/migrate.ts).
 */
export interface ScreenModule {
  screens?: readonly Screen[];
  panels?: Readonly<Record<string, Panel>>;
  sections?: Readonly<Record<string, RecordSection>>;
  texts?: { readonly part: Readonly<Record<string, Text>> };
}

/** `<feature>/<name>` of every screen module, sorted, so the order is the same on every start. */
export const screenModuleNames = (): string[] => featureFiles('screens', /^([a-z0-9-]+)\.tsx$/);

async function load(): Promise<Record<string, ScreenModule>> {
  const names = screenModuleNames();
  const modules = await Promise.all(
    names.map(async (name) => {
      const [feature, file] = name.split('/') as [string, string];
      return (await (feature === 'chat' ? import(`../../chat/screens/${file}.tsx`) : import(`../../modules/${feature}/screens/${file}.tsx`))) as ScreenModule;
    }),
  );
  return Object.fromEntries(names.map((name, i) => [name, modules[i]!]));
}

/** Every screen module by `<folder>/<name>`. */
export const SCREEN_MODULES: Readonly<Record<string, ScreenModule>> = await load();

function gather<T>(what: 'panels' | 'sections', pick: (m: ScreenModule) => Readonly<Record<string, T>> | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [name, m] of Object.entries(SCREEN_MODULES)) {
    for (const [key, value] of Object.entries(pick(m) ?? {})) {
      if (Object.hasOwn(out, key)) throw new Error(`two ${what} for ${key} (the second in ${featureFile(name, 'screens', '.tsx')})`);
      out[key] = value;
    }
  }
  return out;
}

for (const [name, m] of Object.entries(SCREEN_MODULES)) {
  if (!m.screens && !m.panels && !m.sections && !m.texts) throw new Error(`${featureFile(name, 'screens', '.tsx')} exports no screens, panels, sections or texts`);
}

/** The found modules' screens. */
export const FOUND_SCREENS: readonly Screen[] = Object.values(SCREEN_MODULES).flatMap((m) => m.screens ?? []);

/** The panels of read-model screens, by the screen's path. */
export const PANELS: Readonly<Record<string, Panel>> = gather('panels', (m) => m.panels);

/** The sections of resource record pages, by the resource's name. */
export const RECORD_SECTIONS: Readonly<Record<string, RecordSection>> = gather('sections', (m) => m.sections);

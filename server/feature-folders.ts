import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './root.ts';

/**
 * The feature folders (docs/architecture.md "Adding a feature"): one per feature under
 * `server/modules/`, and the chat's, `server/chat/`. Each holds the whole feature: its manifest,
 * repository and tables at the top, its list and record definitions in `defs/`, its API modules in
 * `api/` and its screens in `screens/` (each a tier of its own under the import rule,
 * .dependency-cruiser.mjs). The API and the screen finder read `api/` and `screens/` of every
 * folder when the server starts, so a new module is a new file and no list to extend.
 */
const FOLDERS: readonly { feature: string; dir: string }[] = [
  ...readdirSync(path.join(PROJECT_ROOT, 'server/modules'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ feature: d.name, dir: `server/modules/${d.name}` })),
  { feature: 'chat', dir: 'server/chat' },
];

/** `<feature>/<name>` of every file of the folders' `sub` folder whose name matches `file` (its first group), sorted. */
export function featureFiles(sub: 'api' | 'screens', file: RegExp): string[] {
  return FOLDERS.flatMap(({ feature, dir }) => {
    const at = path.join(PROJECT_ROOT, dir, sub);
    if (!existsSync(at)) return [];
    return readdirSync(at).flatMap((f) => {
      const name = f.includes('.test.') ? undefined : file.exec(f)?.[1];
      return name ? [`${feature}/${name}`] : [];
    });
  }).sort();
}

/** The project paths of the folders' `sub` folders that exist (`server/modules/points/api`, …). */
export function featureSubfolders(sub: 'api' | 'screens'): string[] {
  return FOLDERS.map(({ dir }) => `${dir}/${sub}`).filter((dir) => existsSync(path.join(PROJECT_ROOT, dir)));
}

/** The project path of a found file, for messages: `featureFile('payroll/pay', 'screens', '.tsx')` is `server/modules/payroll/screens/pay.tsx`. */
export function featureFile(name: string, sub: 'api' | 'screens', ext: string): string {
  const [feature, file] = name.split('/') as [string, string];
  return `${FOLDERS.find((f) => f.feature === feature)?.dir ?? `server/modules/${feature}`}/${sub}/${file}${ext}`;
}

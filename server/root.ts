import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's directory (the one with package.json, public/ and node_modules/), found from this
 * module's own place: `server/` when run from source (tsx), `dist/server/` when run from the
 * bundle scripts/build-server.ts makes. Paths read at run time (public/, public/build/preload.json)
 * resolve from here, so both modes find the same files whatever the working directory.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

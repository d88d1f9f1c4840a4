import path from 'node:path';
import { buildClient } from './build-client.ts';
import { buildServer } from './build-server.ts';
import { upToDate } from './build-stamp.ts';

/**
 * `npm run build`: the browser bundles (public/build) and the server bundle (dist/server).
 * `--if-stale` (what `npm start` runs first) builds only a bundle that is missing or older than a
 * file it was built from, so a second `npm start` starts at once.
 */
const root = process.cwd();
const ifStale = process.argv.includes('--if-stale');
for (const [name, stamp, run] of [
  ['client bundles', 'public/build/inputs.json', () => buildClient({ root })],
  ['server bundle', 'dist/server/inputs.json', () => buildServer({ root })],
] as const) {
  if (ifStale && (await upToDate(path.join(root, stamp), root))) continue;
  const started = Date.now();
  await run();
  console.log(`${name} built in ${Date.now() - started} ms`);
}

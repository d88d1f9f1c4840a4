import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { writeStamp } from './build-stamp.ts';

/**
 * Bundles the browser code: client/boot.ts as the one entry, each island as its own chunk
 * through the boot's dynamic imports (splitting), into public/build (ignored by git). Writes
 * public/build/preload.json: for each island, every chunk it loads (its own and the shared ones it
 * imports, transitively), so a page names them in `<link rel="modulepreload">` and the browser
 * fetches them at once instead of one import after another (issue 17 item 6).
 */
export async function buildClient(opts: { root?: string; minify?: boolean } = {}): Promise<void> {
  const root = opts.root ?? process.cwd();
  const outdir = path.join(root, 'public/build');
  const started = Date.now();
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    metafile: true,
    entryPoints: { boot: 'client/boot.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022'],
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    minify: opts.minify ?? true,
    sourcemap: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    logLevel: 'warning',
  });
  await copyFile(path.join(root, 'node_modules/nprogress/nprogress.css'), path.join(outdir, 'nprogress.css'));
  await writeFile(path.join(outdir, 'preload.json'), JSON.stringify(islandPreloads(result.metafile.outputs, root)));
  await writeStamp(path.join(outdir, 'inputs.json'), result.metafile, started, 'scripts/build-client.ts');
}

/** The preload list's key for the hydration code every island needs. */
const HYDRATE = '*hydrate';

type Outputs = Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;

/** Island name → the /build/… files it needs, from esbuild's metafile (static imports followed transitively). */
function islandPreloads(outputs: Outputs, root: string): Record<string, string[]> {
  const url = (file: string) => `/${path.relative(path.join(root, 'public'), path.resolve(root, file)).split(path.sep).join('/')}`;
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file) || !outputs[file]) return seen;
    seen.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement') closure(i.path, seen);
    return seen;
  };
  const out: Record<string, string[]> = {};
  for (const [file, o] of Object.entries(outputs)) {
    const m = o.entryPoint && /^client\/islands\/([A-Za-z0-9]+)\.tsx$/.exec(o.entryPoint);
    if (m) out[m[1]!] = [...closure(file)].map(url);
    // What every page with an island loads first: the hydration code and React's DOM renderer.
    if (o.entryPoint === 'client/hydrate.ts') out[HYDRATE] = [...closure(file)].map(url);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildClient();
  console.log(`client bundles built in ${Date.now() - started} ms`);
}

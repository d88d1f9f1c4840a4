import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { writeStamp } from './build-stamp.ts';
import { OPS } from '../server/api/operations.ts';
import { MESSAGES } from '../shared/messages.ts';

/**
 * Bundles the browser code: client/boot.ts as the one entry, each island as its own chunk
 * through the boot's dynamic imports (splitting), into public/build (ignored by git). Writes
 * public/build/preload.json: for each island, every chunk it loads (its own and the shared ones it
 * imports, transitively), so a page names them in `<link rel="modulepreload">` and the browser
 * fetches them at once instead of one import after another.
 */
export async function buildClient(opts: { root?: string; minify?: boolean } = {}): Promise<void> {
  const root = opts.root ?? process.cwd();
  const outdir = path.join(root, 'public/build');
  const started = Date.now();
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const options: BuildOptions = {
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
    // Drops `if (process.env.NODE_ENV !== 'production')` branches and keeps what has no side effects out.
    treeShaking: true,
  };
  // A first pass finds the files the browser code is made of; the second ships only the messages
  // and GraphQL operations they name (the whole catalogues are over 30 KB gzipped).
  const first = await build({ ...options, write: false, metafile: true, sourcemap: false, minify: false });
  const words = await namedWords(root, Object.keys(first.metafile.inputs));
  const result = await build({
    ...options,
    metafile: true,
    plugins: [catalogueSubset(root, 'shared/messages.ts', 'MESSAGES', MESSAGES, words), catalogueSubset(root, 'server/api/operations.ts', 'OPS', OPS, words)],
  });
  await copyFile(path.join(root, 'node_modules/nprogress/nprogress.css'), path.join(outdir, 'nprogress.css'));
  await writeFile(path.join(outdir, 'preload.json'), JSON.stringify(islandPreloads(result.metafile.outputs, root)));
  await writeStamp(path.join(outdir, 'inputs.json'), result.metafile, started, 'scripts/build-client.ts');
}

/** Every word and quoted string in the project's own files of the bundle: the catalogue keys they can name. */
async function namedWords(root: string, inputs: string[]): Promise<Set<string>> {
  const words = new Set<string>();
  for (const file of inputs) {
    if (file.includes('node_modules/') || file === 'shared/messages.ts' || file === 'server/api/operations.ts') continue;
    const source = await readFile(path.resolve(root, file), 'utf8');
    // `'chat.loading'` names a message whole, `OPS.Notifications` an operation after the dot.
    for (const m of source.matchAll(/[\w.-]+/g)) for (const w of [m[0], ...m[0].split('.')]) words.add(w);
  }
  return words;
}

/**
 * The catalogue `file` (one `export const NAME = { key: value, … }` object) as the browser gets it:
 * only the keys some browser file names, each with its value as the server has it. A key built at
 * run time (`msg(lang, \`a.${x}\`)`) would be missing: the browser code names its keys whole.
 */
function catalogueSubset(root: string, file: string, name: string, catalogue: Record<string, unknown>, words: ReadonlySet<string>): Plugin {
  const target = path.resolve(root, file);
  return {
    name: `subset-${name}`,
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path !== target) return undefined;
        const source = await readFile(target, 'utf8');
        const start = source.indexOf(`export const ${name} = {`);
        const end = source.indexOf('\n} as const', start);
        if (start < 0 || end < 0) throw new Error(`${file}: no \`export const ${name} = { … } as const\``);
        const kept = Object.keys(catalogue).filter((k) => words.has(k));
        const body = kept.map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(catalogue[k])},`).join('\n');
        return { contents: `${source.slice(0, start)}export const ${name} = {\n${body}${source.slice(end)}`, loader: 'ts' };
      });
    },
  };
}

/** The preload list's key for the hydration code every island needs. */
const HYDRATE = '*hydrate';
/** The preload list's key for the chunks boot.js imports (every page). */
const BOOT = '*boot';

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
    // What boot.js imports statically (shared chunks): named on every page, so they come with it.
    if (o.entryPoint === 'client/boot.ts') out[BOOT] = [...closure(file)].filter((f) => f !== file).map(url);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildClient();
  console.log(`client bundles built in ${Date.now() - started} ms`);
}

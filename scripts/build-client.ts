import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the browser code: client/boot.ts as the one entry, each island as its own chunk
 * through the boot's dynamic imports (splitting), into public/build (ignored by git).
 */
export async function buildClient(opts: { root?: string; minify?: boolean } = {}): Promise<void> {
  const root = opts.root ?? process.cwd();
  const outdir = path.join(root, 'public/build');
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await build({
    absWorkingDir: root,
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
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildClient();
  console.log(`client bundles built in ${Date.now() - started} ms`);
}

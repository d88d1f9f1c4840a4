import { stat, utimes, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A bundle's stamp: the files esbuild read for it (its metafile's inputs, plus the build script),
 * with the stamp's mtime set to when the build started. The bundle is stale once one of them is
 * not older than that, or gone: a file edited while the build ran, or in its very first
 * millisecond (or a file system's coarser tick), counts as newer.
 */
export async function writeStamp(file: string, metafile: { inputs: Record<string, unknown> }, startedMs: number, script: string): Promise<void> {
  const inputs = [...Object.keys(metafile.inputs).filter((f) => !f.includes(':')), script];
  await writeFile(file, JSON.stringify({ inputs }));
  const at = new Date(startedMs);
  await utimes(file, at, at);
}

/** Whether the bundle whose stamp is `file` is there and strictly newer than every file it was built from. */
export async function upToDate(file: string, root: string): Promise<boolean> {
  let built: number;
  let inputs: string[];
  try {
    built = (await stat(file)).mtimeMs;
    inputs = (JSON.parse(await readFile(file, 'utf8')) as { inputs: string[] }).inputs;
  } catch {
    return false;
  }
  const times = await Promise.all(
    inputs.map((f) =>
      stat(path.resolve(root, f)).then(
        (s) => s.mtimeMs,
        () => Infinity,
      ),
    ),
  );
  return times.every((t) => t < built);
}

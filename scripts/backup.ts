import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { loadConfig } from '../server/config.ts';
import { backupDatabase } from '../server/db/backup.ts';
import { reachAppDatabase } from './app-database.ts';

/**
 * npm run backup [-- --out FILE] — a consistent backup of the app's database (DATABASE_URL, else
 * the embedded one in DATA_DIR), taken while the app runs or not, gzipped, to
 * DATA_DIR/backups/tsunagu-<UTC time>.backup.gz or FILE (`-` writes to standard output).
 * server/db/backup.ts says what is in it; docs/operations.md "Backups" how to use it.
 */
const args = process.argv.slice(2);
const outArg = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const config = loadConfig();
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z')
  .replace('T', '-');
const file = outArg ?? path.join(config.dataDir, 'backups', `tsunagu-${stamp}.backup.gz`);
const toStdout = file === '-';

const started = Date.now();
const target = await reachAppDatabase();
try {
  const gzip = createGzip();
  let sink: NodeJS.WritableStream;
  const partial = `${file}.partial`;
  if (toStdout) sink = gzip.pipe(process.stdout);
  else {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    sink = gzip.pipe(createWriteStream(partial, { mode: 0o600 }));
  }
  const r = await backupDatabase(target.url, gzip);
  gzip.end();
  await finished(sink);
  // Written under another name first: a backup file that exists is a whole one.
  if (!toStdout) await rename(partial, file);
  console.error(`backup: ${r.rows} rows in ${r.tables} tables (schema at migration ${r.migrations}) → ${toStdout ? 'standard output' : file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await target.close();
}

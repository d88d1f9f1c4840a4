import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { otherSessions, restoreDatabase } from '../server/db/backup.ts';
import { reachAppDatabase } from './app-database.ts';

/**
 * npm run restore -- FILE [--force] — replaces everything in the app's database (DATABASE_URL, else
 * the embedded one in DATA_DIR) with a backup made by `npm run backup`. Stop the app first: on the
 * embedded database a running app is refused; on DATABASE_URL other connections are refused
 * unless --force. Start the app after: it migrates the restored data to its own version.
 */
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const force = args.includes('--force');
if (!file) {
  console.error('usage: npm run restore -- FILE [--force]   (FILE: a backup made by npm run backup; - reads standard input)');
  process.exit(2);
}

const started = Date.now();
const target = await reachAppDatabase();
try {
  if (target.how === 'running') {
    console.error('restore: Tsunagu is running on this database (the embedded PostgreSQL in DATA_DIR is up). Stop it first, then restore.');
    process.exitCode = 1;
  } else if (target.how === 'external' && !force && (await otherSessions(target.url)) > 0) {
    console.error(`restore: ${await otherSessions(target.url)} other connection(s) to this database: stop the app first (or restore with --force).`);
    process.exitCode = 1;
  } else {
    const input = (file === '-' ? process.stdin : createReadStream(file)).pipe(createGunzip());
    const r = await restoreDatabase(target.url, input);
    console.error(
      `restore: ${r.rows} rows in ${r.tables} tables (schema at migration ${r.migrations}) from ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s; the app migrates it to its own version when it starts`,
    );
  }
} finally {
  await target.close();
}

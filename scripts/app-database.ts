import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { startEmbeddedPostgres, withDatabase } from '../server/db/embedded.ts';
import { ensureDatabase } from '../server/db/ensure.ts';

/**
 * The app's database as `npm start` uses it, reached from a script while the app runs or not:
 * DATABASE_URL; else the embedded PostgreSQL in DATA_DIR — the running one (its port is in
 * postmaster.pid, its password beside the cluster), or started here for the script and stopped after.
 */
export async function reachAppDatabase(): Promise<{ url: string; how: 'external' | 'running' | 'started'; close(): Promise<void> }> {
  const config = loadConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, how: 'external', close: async () => {} };
  const dir = path.join(config.dataDir, 'pg');
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    // postmaster.pid: line 1 the server's pid, line 4 its port.
    const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
    if (alive(Number(pid))) {
      const password = readFileSync(`${dir}.password`, 'utf8').trim();
      return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/tsunagu`, how: 'running', close: async () => {} };
    }
  }
  const embedded = await startEmbeddedPostgres({ dir });
  await ensureDatabase(embedded.url, 'tsunagu');
  return { url: withDatabase(embedded.url, 'tsunagu'), how: 'started', close: () => embedded.stop() };
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user (the postgres user when the app runs as root).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

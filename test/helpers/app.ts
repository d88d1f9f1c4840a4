import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { createLogger } from '../../server/log.ts';
import { inject } from 'vitest';
import { createApp, type FullApp } from '../../server/app.ts';
import { createEventBus } from '../../server/events/create.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createMailer } from '../../server/mail.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export const DEMO = {
  superadmin: 'superadmin@demo.test',
  admin: 'admin@demo.test',
  company_admin: 'company@demo.test',
  company_staff: 'companystaff@demo.test',
  client_admin: 'client@demo.test',
  client_staff: 'clientstaff@demo.test',
  company2: 'company2@demo.test',
  candidate: 'candidate@demo.test',
} as const;
export type DemoLogin = keyof typeof DEMO;

export interface TestApp extends FullApp {
  url: string;
  server: http.Server;
  database: TestDatabase;
  config: Config;
  /** Logs in through the real form and returns the `token` cookie value. */
  login(who: DemoLogin): Promise<string>;
  close(): Promise<void>;
}

/** The whole app on a free port with its own fresh database, as main.ts would run it. */
/**
 * `opts.database` shares another app's database (two processes behind one PostgreSQL); the
 * database is then dropped only by the app that created it. `opts.port` listens on that port
 * instead of a free one (a process restarted where its clients expect it).
 */
export async function startTestApp(env: Record<string, string> = {}, opts: { database?: TestDatabase; port?: number; log?: Logger } = {}): Promise<TestApp> {
  const ownsDatabase = !opts.database;
  // A second app gets its own pool on the same database, as a second process would.
  const database: TestDatabase = opts.database ? { ...opts.database, ...connectDatabase(opts.database.url, 5) } : await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DATA_DIR: path.join(ROOT, 'data/test'), ...env });
  const log = opts.log ?? createLogger(config.logLevel);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  // REDIS_URL (CI's second run) puts the event bus on the machine's Redis, as in production.
  // Channels are per database, so test files running at once never see each other's events.
  const bus = await createEventBus(config.redisUrl ?? process.env.REDIS_URL, log, `tsunagu:${database.name}:`);
  const built = await createApp({ config, db: database.db, pool: database.pool, log, mailer, bus, jwtSecret: TEST_JWT_SECRET, root: ROOT });
  const server = http.createServer(built.app);
  built.attach(server);
  await new Promise<void>((resolve, reject) => {
    // A taken port fails the start instead of leaving it waiting.
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  // The reset links in mail point at this server.
  config.publicUrl = url;
  const password = inject('demoPassword');
  return {
    ...built,
    url,
    server,
    database,
    config,
    async login(who) {
      const res = await fetch(`${url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: DEMO[who], password }),
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='));
      if (res.status !== 303 || !cookie) throw new Error(`login as ${who} failed: ${res.status}`);
      return cookie.slice('token='.length).split(';')[0]!;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await built.close();
      await closed;
      await bus.close();
      mailer.close();
      if (ownsDatabase) await database.drop();
      else await database.db.destroy();
    },
  };
}

/**
 * A token from the app's own GraphQL `login` mutation: how a candidate (or any demo account, by
 * e-mail) gets one outside the browser.
 */
export async function loginToken(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }', variables: { e: email, p: inject('demoPassword') } }),
  });
  const body = (await res.json()) as { data?: { login: { token: string } }; errors?: { message: string }[] };
  if (!body.data) throw new Error(`login as ${email} on ${url} failed: ${JSON.stringify(body.errors)}`);
  return body.data.login.token;
}

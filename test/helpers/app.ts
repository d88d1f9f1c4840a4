import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import supertest from 'supertest';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp, type FullApp } from '../../server/app.ts';
import type { Timers } from '../../server/time.ts';
import { createLogger } from '../../server/log.ts';
import { createEventBus } from '../../server/events/create.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createMailer } from '../../server/mail.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { gql, loginByPassword, type GqlAnswer, type GqlOptions } from './graphql.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
/** The tests' integration key (the product has none built in: a server makes its own in DATA_DIR). */
export const TEST_INTEGRATION_KEY = '7e57'.repeat(16);

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

/** The app and its own fresh database, built as main.ts builds it, not listening. */
export interface BuiltTestApp extends FullApp {
  database: TestDatabase;
  config: Config;
  /** A supertest request against the Express app (no port of ours: supertest opens its own per request). */
  request(): supertest.Agent;
  /** Logs in through the real form and returns the `token` cookie value. */
  login(who: DemoLogin): Promise<string>;
  /** `login(who)` once per app: logging in is slow (password hashing), so a file logs in each account once. */
  tokenOf(who: DemoLogin): Promise<string>;
  /** Drops the kept token of `who`: after a logout, which ends every session of the account. */
  forgetToken(who: DemoLogin): void;
  close(): Promise<void>;
}

/** The whole app listening on a free port, as main.ts runs it. */
export interface TestApp extends BuiltTestApp {
  url: string;
  server: http.Server;
  /** POST /graphql on this app, with a session token (a string, or `token`) or as a demo account (`as`, logged in once). */
  gql(query: string, variables?: Record<string, unknown>, auth?: string | (GqlOptions & { as?: DemoLogin })): Promise<GqlAnswer>;
}

interface AppOptions {
  database?: TestDatabase;
  /** The app's timers (test/helpers/clock.ts): a test moves time instead of sleeping. */
  timers?: Timers;
  port?: number;
  log?: Logger;
}

/** Everything but the listening: the database, config, mailer, bus and createApp. */
async function build(env: Record<string, string>, opts: AppOptions, login: (who: DemoLogin) => Promise<string>) {
  const ownsDatabase = !opts.database;
  // A second app gets its own pool on the same database, as a second process would.
  const database: TestDatabase = opts.database ? { ...opts.database, ...connectDatabase(opts.database.url, 5) } : await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DATA_DIR: path.join(ROOT, 'data/test'), INTEGRATION_KEY: TEST_INTEGRATION_KEY, ...env });
  const log = opts.log ?? createLogger(config.logLevel);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  // REDIS_URL (CI's second run) puts the event bus on the machine's Redis, as in production.
  // Channels are per database, so test files running at once never see each other's events.
  const bus = await createEventBus(config.redisUrl ?? process.env.REDIS_URL, log, `tsunagu:${database.name}:`);
  const built = await createApp({ config, db: database.db, pool: database.pool, log, mailer, bus, jwtSecret: TEST_JWT_SECRET, root: ROOT, ...(opts.timers ? { timers: opts.timers } : {}) });
  const tokens = new Map<DemoLogin, Promise<string>>();
  const app: BuiltTestApp = {
    ...built,
    database,
    config,
    request: () => supertest(built.app),
    login,
    tokenOf(who) {
      let token = tokens.get(who);
      if (!token) {
        token = login(who);
        tokens.set(who, token);
        // A failed login is not kept: the next call tries again.
        token.catch(() => tokens.delete(who));
      }
      return token;
    },
    forgetToken(who) {
      tokens.delete(who);
    },
    async close() {
      await built.close();
      await release();
    },
  };
  /** After the app has stopped: the bus, the mailer and the database (dropped if it is this app's). */
  async function release() {
    await bus.close();
    mailer.close();
    if (ownsDatabase) await database.drop();
    else await database.db.destroy();
  }
  return { app, stop: built.close, release };
}

function tokenFromSetCookie(who: DemoLogin, status: number, setCookie: readonly string[]): string {
  // A candidate who signs in on /login gets the candidate's own cookie: the same login token.
  const cookie = setCookie.find((c) => c.startsWith('token=') || c.startsWith('candidate_token='));
  if (status !== 303 || !cookie) throw new Error(`login as ${who} failed: ${status}`);
  return cookie.slice(cookie.indexOf('=') + 1).split(';')[0]!;
}

/**
 * The app built but not listening, for supertest (the route guard's HTTP tests). Needs no port and
 * no sockets; a test that needs the chat socket or graphql-ws uses startTestApp.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<BuiltTestApp> {
  const { app } = await build(env, {}, async (who) => {
    const res = await app
      .request()
      .post('/login')
      .type('form')
      .send({ email: DEMO[who], password: inject('demoPassword') })
      .redirects(0);
    const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
    return tokenFromSetCookie(who, res.status, setCookie ?? []);
  });
  return app;
}

/**
 * The whole app on a free port with its own fresh database, as main.ts would run it.
 * `opts.database` shares another app's database (two processes behind one PostgreSQL); the
 * database is then dropped only by the app that created it. `opts.port` listens on that port
 * instead of a free one (a process restarted where its clients expect it).
 */
export async function startTestApp(env: Record<string, string> = {}, opts: AppOptions = {}): Promise<TestApp> {
  const password = inject('demoPassword');
  let url = '';
  const {
    app: built,
    stop,
    release,
  } = await build(env, opts, async (who) => {
    const res = await fetch(`${url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO[who], password }),
    });
    return tokenFromSetCookie(who, res.status, res.headers.getSetCookie());
  });
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
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  // The reset links in mail point at this server, unless the test gives the site a PUBLIC_URL of its own.
  built.config.publicUrl ??= url;
  const app: TestApp = {
    ...built,
    url,
    server,
    async gql(query, variables = {}, auth = {}) {
      const { as, ...rest } = typeof auth === 'string' ? { token: auth } : auth;
      return gql(url, query, variables, { ...rest, ...(as ? { token: await app.tokenOf(as) } : {}) });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stop();
      await closed;
      await release();
    },
  };
  return app;
}

/**
 * A token from the app's own GraphQL `login` mutation with the demo password: how a candidate (or
 * any demo account, by e-mail) gets one outside the browser.
 */
export const loginToken = (url: string, email: string): Promise<string> => loginByPassword(url, email, inject('demoPassword'));

/**
 * Two apps on one database, as two processes of a deployment are, for a file's beforeAll: `a`
 * owns the database, `b` has its own pool on it. `close` closes both (b first).
 */
export async function startTwoApps(env: Record<string, string> = {}): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const a = await startTestApp(env);
  const b = await startTestApp(env, { database: a.database });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

/** Two processes on one database (startTwoApps) for a file's tests, started before them and stopped after them. Read `a` and `b` inside the tests. */
export function twoAppsForFile(env: Record<string, string> = {}): { a: TestApp; b: TestApp } {
  let apps: Awaited<ReturnType<typeof startTwoApps>> | undefined;
  beforeAll(async () => {
    apps = await startTwoApps(env);
  });
  afterAll(async () => apps?.close());
  return { a: startedLater(() => apps?.a, 'the first app'), b: startedLater(() => apps?.b, 'the second app') };
}

/**
 * For a file's tests of what every process hears of a change: two processes on one database and a
 * connection of its own, as psql would be (no process hears of its writes but by NOTIFY), started
 * before the file's tests and stopped after them. Read `a`, `b` and `psql` inside the tests.
 */
export function twoAppsAndPsql(): { readonly a: TestApp; readonly b: TestApp; readonly psql: pg.Client } {
  const { a, b } = twoAppsForFile();
  let psql: pg.Client | undefined;
  beforeAll(async () => {
    psql = new pg.Client({ connectionString: a.database.url });
    await psql.connect();
  });
  afterAll(async () => psql?.end());
  return {
    a,
    b,
    get psql() {
      return psql!;
    },
  };
}

/**
 * The app for a file's tests: started before them (with `env`, or what `env()` answers then, so a
 * capture started in an earlier hook can be named) and closed after them. What it returns stands
 * for the app once started: read it inside tests and hooks, not while the file is collected.
 */
export function appForFile(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(typeof env === 'function' ? env() : env);
  });
  afterAll(async () => app?.close());
  return startedLater(() => app, 'the app');
}

/** An object that forwards to what `current()` answers, failing plainly while that is not there yet. */
export function startedLater<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error(`${what} is not started yet: read it inside a test or a hook`);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

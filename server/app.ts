import cluster from 'node:cluster';
import { existsSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { createInProcessClient, type ApiClient } from './api/client.ts';
import type { Services } from './services.ts';
import { buildSchema } from './api/graphql/schema.ts';
import { apiRouter } from './api/http.ts';
import { ApiUnavailableError } from './api/errors.ts';
import { API_TIMEOUT_MS, createHttpClient } from './api/http-client.ts';
import { createGraphqlWsServer } from './api/ws.ts';
import { createChatServer, type ChatServer } from './chat/server.ts';
import { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { databaseHealth, type DB } from './db/connect.ts';
import { migrationsDone } from './db/migrate.ts';
import type { EventBus } from './events/bus.ts';
import type { Mailer } from './mail.ts';
import { redactUrl } from './log.ts';
import { createOutbound } from './net/outbound.ts';
import { AuthService } from './modules/auth/service.ts';
import { RoleMapCache } from './modules/roles/role-maps.ts';
import { realTimers, type Timers } from './time.ts';
import { createReferenceCache } from './modules/enums/reference-cache.ts';
import { createBoardCache } from './modules/jobs/board-cache.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { RESOURCES } from './resources/registry.ts';
import { createRowCounts } from './resources/row-counts.ts';
import { AdService } from './modules/ads/service.ts';
import { ADS_PATH, adsRouter } from './api/ads-http.ts';
import { bindScreens, formPosts, pageRequests, sameOriginForms, screenPaths } from './web/dispatch.tsx';
import { ApiFailure, BadRequest } from './web/kit.ts';
import { sendError } from './web/render.tsx';
import { SCREENS } from './web/screens/index.ts';
import { sessionEndpoints, sessionMiddleware } from './web/session.ts';
import { chatAttachmentsRouter } from './chat/attachments.ts';
import { cardImagesRouter } from './api/card-images.ts';
import { CARD_IMAGES_PATH } from './modules/workforce/card-format.ts';
import { ATTACHMENTS_PATH } from './chat/events.ts';

export interface AppDeps {
  config: Config;
  db: DB;
  pool: pg.Pool;
  log: Logger;
  mailer: Mailer;
  bus: EventBus;
  jwtSecret: string;
  /** Where public/ lives (static files and client bundles). */
  root: string;
  /** Timers for delayed work (default: real ones). */
  timers?: Timers;
}

export interface App {
  app: Express;
  api: ApiClient;
  /** Routes WebSocket upgrades (/graphqlws) of the server that listens; the chat's socket.io server, where this app has one. */
  attach(server: http.Server): { chatEngine?: ChatServer['io']['engine'] };
  /** Stops background work (listeners, sockets). The caller closes the pool, bus and mailer. */
  close(): Promise<void>;
}

export interface FullApp extends App {
  services: Services;
}

/**
 * The headers a middleware that always sets the same ones (helmet) would set, taken once from a
 * dry run, and a middleware that sets them on every response. Throws if the middleware did not
 * finish at once (it would not be a fixed set).
 */
function fixedHeaders(mw: RequestHandler): RequestHandler {
  const set = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  let done = false;
  const dry = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (set.set(name, value), removed.delete(name)),
    removeHeader: (name: string) => void (set.delete(name), removed.add(name)),
  };
  void mw({ headers: {}, method: 'GET', url: '/' } as Request, dry as unknown as Response, () => void (done = true));
  if (!done) throw new Error('fixedHeaders: the middleware did not call next at once');
  const headers = [...set];
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** How long /readyz waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 1_000;

/**
 * The infrastructure middleware every process has, in a fixed order (STYLE.md 5):
 * request id and logs → security headers → health checks → static files → cookies.
 */
function baseApp(config: Config, log: Logger, root: string, ready: () => Promise<{ ok: boolean; status: string }>, unreachableSince: () => Date | null = () => null): Express {
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy);

  const requestId = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const id = (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].slice(0, 100)) || randomUUID();
    res.setHeader('X-Request-Id', id);
    return id;
  };
  // The access log when the level shows it (info); otherwise each request still gets its id and a
  // logger bound to it for warnings and errors, without pino-http's per-request work.
  app.use(
    log.isLevelEnabled('info')
      ? pinoHttp({
          logger: log,
          genReqId: requestId,
          autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || (req.url ?? '').startsWith('/build/') },
          // A reset link's token in the address is as good as a password: blank it (headers: server/log.ts).
          serializers: { req: (req: { url?: string }) => ({ ...req, url: redactUrl(req.url ?? '') }) },
        })
      : (req, res, next) => {
          const id = requestId(req, res);
          req.id = id;
          // Its logger is made when something logs (a warning, an error), which most requests never
          // do: a pino child per request was about 1% of a list page's CPU.
          let child: Logger | undefined;
          Object.defineProperty(req, 'log', {
            configurable: true,
            enumerable: true,
            get: () => (child ??= log.child({ reqId: id })),
            set: (given: Logger) => void (child = given),
          });
          next();
        },
  );
  // A CSP that allows only our own scripts. Helmet's headers depend on nothing in the request:
  // they are worked out once here and set together on every response (one step, not thirteen).
  app.use(
    fixedHeaders(
      helmet({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: config.production ? [] : null,
          },
        },
        crossOriginEmbedderPolicy: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: config.production,
      }),
    ),
  );
  // In a cluster (npm run start:cluster) it names the worker that answered: 1, 2, … and a new
  // number for each replacement of a worker that died.
  // It asks the database nothing (a liveness probe must answer at once, and restarting the process
  // would not bring the database back): while the app's statements go unanswered — lost
  // connections, connections not opened in time, reads past the statement limit — it says so,
  // `"database":"unreachable"` with the time it began, until a statement answers again.
  app.get('/healthz', (_req, res) => {
    const down = unreachableSince();
    void res.json({ status: 'ok', ...(cluster.worker ? { worker: cluster.worker.id } : {}), ...(down ? { database: 'unreachable', since: down.toISOString() } : {}) });
  });
  // Ready within a second or not ready: a load balancer must not wait on a database that hangs.
  app.get('/readyz', async (_req, res) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<{ ok: boolean; status: string }>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, status: 'unreachable' }), READY_TIMEOUT_MS);
    });
    const r = await Promise.race([ready().catch(() => ({ ok: false, status: 'unreachable' })), late]);
    clearTimeout(timer);
    res.status(r.ok ? 200 : 503).json({ status: r.status });
  });
  // Hashed chunks are immutable; everything else revalidates. Only a path under one of public/'s
  // own entries (/build, /css, /favicon.svg, …) looks on the disk: a page costs no file lookup.
  const publicDir = path.join(root, 'public');
  const assets = express.static(publicDir, {
    index: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}chunks${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const entries = new Set(existsSync(publicDir) ? readdirSync(publicDir) : []);
  app.use((req, res, next) => (entries.has(req.path.split('/', 2)[1] ?? '') ? assets(req, res, next) : next()));
  app.use(cookieParser());
  // Express 5's req.query is a getter that parses the query string again on each read; a list page
  // reads it a dozen times (its filters, sort and page). Parsed once here, on the way in.
  app.use((req, _res, next) => {
    Object.defineProperty(req, 'query', { value: req.query, writable: true, configurable: true, enumerable: true });
    next();
  });
  return app;
}

/**
 * The web tier, in order: the session (who is asking), the same-origin check for every form post,
 * the session endpoints (language, logout), form posts to the screens, the guard and the screens'
 * pages, then 404 and the one error handler. The screens are checked against the route table here,
 * so a screen without a route stops the process at start-up.
 */
function mountWeb(app: Express, api: ApiClient): void {
  const screens = bindScreens(SCREENS);
  app.use(screenPaths(screens));
  app.use(sessionMiddleware(api));
  app.use(sameOriginForms);
  app.use(sessionEndpoints(api));
  app.use(formPosts(api, screens));
  app.use(pageRequests(api, screens));
  app.use((req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return sendError(req, res, 'error404');
    res.status(404).type('text').send('Not found');
  });
  // One error handler decides what a person sees; no stack trace ever reaches a browser.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const unavailable = err instanceof ApiUnavailableError || (err instanceof ApiFailure && err.code === 'UNAVAILABLE');
    const status = unavailable ? 503 : typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status >= 500) req.log?.error({ err }, unavailable ? 'API unavailable' : 'request failed');
    if (res.headersSent) return void res.end();
    res.locals.lang ??= 'ja';
    const isPage = req.method === 'GET' || req.method === 'HEAD' || unavailable;
    // A malformed URL (bad percent-encoding) names no route: the 404 page, like any unknown path.
    if (status === 400 && err instanceof URIError && isPage) return sendError(req, res, 'error404');
    // A page number or other value in the address out of range (web kit): the 400 page.
    if (err instanceof BadRequest && isPage) return sendError(req, res, 'badRequest');
    if (status >= 500 && isPage) {
      try {
        return sendError(req, res, unavailable ? 'unavailable' : '_error');
      } catch {
        // fall through to the plain answer
      }
    }
    res
      .status(status)
      .type('text')
      .send(status >= 500 ? 'Internal server error' : 'Bad request');
  };
  app.use(onError);
}

/** The whole application in one process: API and web tier (DESIGN.md §2). Does not listen (STYLE.md 1). */
export async function createApp(deps: AppDeps): Promise<FullApp> {
  const { config, db, pool, log, bus } = deps;
  const roleMaps = new RoleMapCache(db, pool, log);
  // What each process keeps until a NOTIFY says its tables changed (docs/operations.md).
  const caches = [
    createReferenceCache(db, pool, log),
    createBoardCache(db, pool, log),
    createSessionCache(db, pool, log),
    ...createRowCounts(
      db,
      pool,
      RESOURCES.map((d) => d.table),
      log,
    ),
  ];
  const ads = new AdService(db, pool, log, { flushMs: config.adsFlushSeconds * 1000 });
  await Promise.all([roleMaps.listen(), ...caches.map((c) => c.listen()), ads.start()]);
  const publicUrl = (p: string) => `${config.publicUrl ?? `http://localhost:${config.port}`}${p}`;
  const outbound = createOutbound({ allow: config.outboundAllow });
  const services: Services = {
    config,
    db,
    log,
    roleMaps,
    bus,
    mailer: deps.mailer,
    publicUrl,
    timers: deps.timers ?? realTimers,
    auth: new AuthService(db, new TokenService(deps.jwtSecret, { idleSeconds: config.sessionIdleSeconds, maxSeconds: config.sessionMaxSeconds }), deps.mailer, publicUrl, bus),
    ads,
    outbound,
  };
  const schema = buildSchema();
  const api = createInProcessClient(services, schema);
  const ws = createGraphqlWsServer(services, schema);
  let chat: ChatServer | undefined;

  const app = baseApp(
    config,
    log,
    deps.root,
    async () => {
      await sql`select 1`.execute(db);
      return (await migrationsDone(db)) ? { ok: true, status: 'ready' } : { ok: false, status: 'migrating' };
    },
    () => databaseHealth(pool)?.unreachableSince() ?? null,
  );
  // The site's address as people share it (ScreenContext.siteUrl): PUBLIC_URL, else each request's own.
  app.locals.publicUrl = config.publicUrl;
  app.use(apiRouter(services, schema));
  app.use(chatAttachmentsRouter(services));
  app.use(adsRouter(services));
  app.use(cardImagesRouter(services));
  mountWeb(app, api);

  return {
    app,
    api,
    services,
    attach(server) {
      // socket.io answers /socket.io (its websocket upgrade).
      chat = createChatServer(services, server);
      // In a cluster, the chat WebSocket's handshake names the worker that took it (as /healthz does).
      const worker = cluster.worker;
      if (worker) chat.io.engine.on('headers', (headers: Record<string, string>) => void (headers['X-Tsunagu-Worker'] = String(worker.id)));
      server.on('upgrade', (req, socket, head) => {
        const { pathname } = new URL(req.url ?? '/', 'http://x');
        if (pathname === '/graphqlws') {
          ws.handleUpgrade(req, socket, head);
        } else if (!pathname.startsWith('/socket.io')) {
          socket.destroy();
        }
      });
      return { chatEngine: chat.io.engine };
    },
    async close() {
      await ws.close();
      await chat?.close();
      await roleMaps.close();
      for (const c of caches) c.close();
      await ads.close();
      await outbound.close();
    },
  };
}

/**
 * A web tier apart from the API (API_URL): it renders pages with data fetched over HTTP and
 * proxies the browser's API traffic (/graphql, /graphqlws, /socket.io and the REST compat calls),
 * websockets included, with timeouts. It never touches the database.
 */
export function createWebApp(deps: { config: Config; log: Logger; root: string }): App {
  const apiUrl = deps.config.apiUrl;
  if (!apiUrl) throw new Error('createWebApp needs API_URL');
  const api = createHttpClient(apiUrl);
  const app = baseApp(deps.config, deps.log, deps.root, async () => {
    const r = await fetch(`${apiUrl.replace(/\/$/, '')}/readyz`, { signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    return { ok: r.ok, status: r.ok ? 'ready' : 'api not ready' };
  });
  const proxy = createProxyMiddleware({
    target: apiUrl,
    pathFilter: ['/graphql', '/graphqlws', '/socket.io', '/Account/InfoToken', '/Web/Admin/Role/Management/Actions', ATTACHMENTS_PATH, ADS_PATH, CARD_IMAGES_PATH],
    ws: true,
    xfwd: true,
    proxyTimeout: 30_000,
    timeout: 30_000,
    logger: undefined,
    on: {
      error: (err, _req, res) => {
        deps.log.warn({ err }, 'API proxy error');
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ errors: [{ message: 'The API is unavailable', extensions: { code: 'UNAVAILABLE' } }] }));
        } else if ('destroy' in res) {
          res.destroy();
        }
      },
    },
  });
  app.use(proxy);
  mountWeb(app, api);
  return {
    app,
    api,
    attach(server) {
      server.on('upgrade', (req, socket, head) => {
        const { pathname } = new URL(req.url ?? '/', 'http://x');
        if (pathname === '/graphqlws' || pathname.startsWith('/socket.io')) proxy.upgrade(req, socket as never, head);
        else socket.destroy();
      });
      return {};
    },
    async close() {
      await api.roleMapCache.close();
    },
  };
}

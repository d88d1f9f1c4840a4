import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express } from 'express';
import helmet from 'helmet';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { createInProcessClient, type ApiClient } from './api/client.ts';
import type { Services } from './api/context.ts';
import { buildSchema } from './api/graphql/schema.ts';
import { apiRouter } from './api/http.ts';
import { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { DB } from './db/connect.ts';
import { migrationsDone } from './db/migrate.ts';
import type { Mailer } from './mail.ts';
import { AuthService } from './modules/auth/service.ts';
import { RoleMapCache } from './modules/roles/role-maps.ts';
import { actionsRouter } from './web/actions.tsx';
import { pagesMiddleware, sendError } from './web/pages.tsx';
import { sessionMiddleware } from './web/session.ts';

export interface AppDeps {
  config: Config;
  db: DB;
  pool: pg.Pool;
  log: Logger;
  mailer: Mailer;
  jwtSecret: string;
  /** Where public/ lives (static files and client bundles). */
  root: string;
}

export interface App {
  app: Express;
  services: Services;
  api: ApiClient;
  /** Stops background work (role-map listener). The caller closes the pool and mailer. */
  close(): Promise<void>;
}

/** Builds the whole application without listening (STYLE.md 1). main.ts owns listen and shutdown. */
export async function createApp(deps: AppDeps): Promise<App> {
  const { config, db, pool, log } = deps;
  const roleMaps = new RoleMapCache(db, pool, log);
  await roleMaps.listen();
  const publicUrl = (p: string) => `${config.publicUrl ?? `http://localhost:${config.port}`}${p}`;
  const services: Services = {
    config,
    db,
    log,
    roleMaps,
    auth: new AuthService(db, new TokenService(deps.jwtSecret), deps.mailer, publicUrl),
  };
  const schema = buildSchema();
  const api = createInProcessClient(services, schema);

  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy);

  // 1. Request id and structured logs.
  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const id = (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].slice(0, 100)) || randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || (req.url ?? '').startsWith('/build/') },
    }),
  );
  // 2. Security headers: a CSP that allows only our own scripts.
  app.use(
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
  );
  // 3. Health checks: up, and ready (database reachable, migrations done).
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    try {
      await sql`select 1`.execute(db);
      if (!(await migrationsDone(db))) return void res.status(503).json({ status: 'migrating' });
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'database unreachable' });
    }
  });
  // 4. Static files: hashed chunks are immutable; everything else revalidates.
  app.use(
    express.static(path.join(deps.root, 'public'), {
      index: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', file.includes(`${path.sep}chunks${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  // 5. Cookies, then the API (it authenticates each call itself).
  app.use(cookieParser());
  app.use(apiRouter(services, schema));
  // 6. Session (account-info check), form actions, then the guard and the pages.
  app.use(sessionMiddleware(api));
  app.use(actionsRouter(api));
  app.use(pagesMiddleware(api));
  // 7. Anything else: the 404 page.
  app.use((req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return sendError(req, res, 'error404');
    res.status(404).type('text').send('Not found');
  });
  // 8. One error handler decides what a person sees; no stack trace ever reaches a browser.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status >= 500) req.log?.error({ err }, 'request failed');
    if (res.headersSent) return void res.end();
    res.locals.lang ??= 'ja';
    if (status === 500 && (req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/graphql')) {
      try {
        return sendError(req, res, '_error');
      } catch {
        // fall through to the plain answer
      }
    }
    res.status(status).type('text').send(status === 500 ? 'Internal server error' : 'Bad request');
  };
  app.use(onError);

  return {
    app,
    services,
    api,
    async close() {
      await roleMaps.close();
    },
  };
}

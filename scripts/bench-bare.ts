import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookieParser from 'cookie-parser';
import express, { type Request } from 'express';
import { pino } from 'pino';
import { resolveAccess } from '../server/access/guard.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { createInProcessBus } from '../server/events/bus.ts';
import { createMailer } from '../server/mail.ts';
import { bindScreens, screenPaths } from '../server/web/dispatch.tsx';
import { sendPage, type PageOptions } from '../server/web/render.tsx';
import { screenContext } from '../server/web/screen.ts';
import { SCREENS } from '../server/web/screens/index.ts';
import { sessionMiddleware } from '../server/web/session.ts';

/**
 * The bench's reference server (scripts/bench-pages.ts), a process of its own: plain Express and
 * React's renderToString of a page's whole document (layout, view, the same rows), with nothing
 * else per request: no session check, no API call, no query. `GET /capture/<page path>` loads the
 * page once through the real session and screen and keeps what the screen gave; `GET /bare/<page
 * path>` renders that again; `GET /static/<page path>` sends the captured HTML as a fixed string. So the
 * bench compares the real page with the cost of drawing the same thing, on the same machine.
 *
 *   DATABASE_URL=… JWT_SECRET=… PORT=… NODE_ENV=production tsx scripts/bench-bare.ts
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' } as Record<string, string>);
if (!config.databaseUrl || !config.jwtSecret) throw new Error('bench-bare needs DATABASE_URL and JWT_SECRET');
const log = pino({ level: 'silent' });
const { db, pool } = connectDatabase(config.databaseUrl, { max: 4 });
const built = await createApp({ config, db, pool, log, mailer: createMailer({ smtpUrl: undefined, from: 'x', log }), bus: createInProcessBus(), jwtSecret: config.jwtSecret, root: ROOT });
const screens = bindScreens(SCREENS);

interface Captured {
  locals: Record<string, unknown>;
  page: PageOptions;
  html: string;
}
const captured = new Map<string, Captured>();

/** Points the request at the page path after the prefix (`/bare/admin/x?y` → `/admin/x?y`). */
const strip = (req: Request, prefix: string) => {
  req.url = req.url.slice(prefix.length) || '/';
  return req.url;
};

const app = express();
app.disable('x-powered-by');
app.use(cookieParser());
app.use(screenPaths(screens));
app.get('/readyz', (_req, res) => void res.json({ status: 'ok' }));
app.get('/static/{*rest}', (req, res) => {
  const c = captured.get(strip(req, '/static'));
  if (!c) return void res.status(404).type('text').send('not captured');
  res.type('html').send(c.html);
});
app.use((req, _res, next) => {
  if (req.url.startsWith('/capture/')) strip(req, '/capture');
  next();
});
app.get('/bare/{*rest}', (req, res) => {
  const key = strip(req, '/bare');
  const c = captured.get(key);
  if (!c) return void res.status(404).type('text').send(`not captured: ${key}`);
  Object.assign(res.locals, c.locals);
  sendPage(req, res, c.page);
});
app.use(sessionMiddleware(built.api));
app.get('/{*rest}', async (req, res, next) => {
  if (!req.originalUrl.startsWith('/capture/')) return next();
  const access = resolveAccess(res.locals.roleMaps ?? { pageRoles: {}, actionRoles: {} }, res.locals.user ?? null, req.path);
  const screen = access.kind === 'allow' ? screens.get(access.route.path) : undefined;
  if (access.kind !== 'allow' || !screen) return void res.status(404).type('text').send('no screen');
  try {
    const outcome = await screen.get(screenContext(req, res, built.api, access.route, access.params));
    if (outcome.kind !== 'page') return void res.status(500).type('text').send(`the screen answered ${outcome.kind}`);
    const key = req.url;
    const locals = { ...res.locals };
    // Render once the way the real page is sent, to keep its HTML for /static (sendPage ends a
    // signed-in page with res.end, an anonymous one with res.send, which ends it with a Buffer).
    const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
    res.end = ((chunk?: unknown) => {
      if (chunk !== undefined && !captured.has(key)) captured.set(key, { locals, page: outcome.page, html: Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk) });
      return end(chunk);
    }) as typeof res.end;
    sendPage(req, res, outcome.page);
  } catch (err) {
    next(err);
  }
});

const server = http.createServer(app);
server.listen(config.port, '127.0.0.1', () => {
  const a = server.address();
  console.log(`bench-bare listening on ${typeof a === 'object' && a ? a.port : config.port}`);
});
const stop = async () => {
  server.close();
  await built.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

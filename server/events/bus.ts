import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/**
 * Events the API publishes and subscriptions, sockets and caches listen to (DESIGN.md §2).
 * In-process by default; with REDIS_URL, Redis pub/sub so every process sees every event.
 * Payloads are JSON: what crosses processes must survive JSON.stringify.
 *
 * The bus imports no feature (docs/architecture.md "Layers and the import rule"): the topics whose
 * payloads are a feature's types are added to this map by the feature itself, with a module
 * augmentation next to those types (`declare module '../events/bus.ts' { interface BusEvents … }`):
 * 'chat.message' in server/chat/queries.ts, 'notification.added' in
 * server/modules/notifications/service.ts. The topics below carry plain ids.
 */
export interface BusEvents {
  /** Every session of the user ended (logout, password reset, deactivation): close its sockets. */
  'session.revoked': { userId: string };
  /** Applications changed status (lists, the candidate's confirmation): sockets of their conversations hear statusChanged. */
  'application.moved': { conversationIds: string[] };
  /** A candidate applied: sockets of the company hear applicationAdded (live applicant lists). */
  'application.added': { applicationId: string; conversationId: string };
  /** A user's role, company or client changed: its open chat sockets move rooms. (Role-map changes come on PostgreSQL NOTIFY: RoleMapCache.onChange.) */
  'chat.rooms.refresh': { userId: string };
}
export type BusTopic = keyof BusEvents;

/** A limit of `points` per `duration` seconds (then `blockDuration` seconds of refusal) per key. */
export interface LimitOptions {
  /** Names the limit's keys: limits with different names never share points. */
  name: string;
  points: number;
  duration: number;
  blockDuration?: number;
}

export interface EventBus {
  publish<T extends BusTopic>(topic: T, payload: BusEvents[T]): Promise<void>;
  subscribe<T extends BusTopic>(topic: T, handler: (payload: BusEvents[T]) => void): () => void;
  /**
   * Whether every topic subscribed so far hears the other processes too: with Redis, once Redis
   * has acknowledged each topic's SUBSCRIBE (waiting at most `ms`, false if it has not by then:
   * Redis may be away, while this process's own events still arrive); at once in one process.
   */
  subscribed(ms: number): Promise<boolean>;
  /**
   * A rate limiter shared by every process the bus joins: in memory for the in-process bus, in
   * Redis with REDIS_URL (so ten failed logins are ten, not ten per process). If Redis cannot be
   * reached the limit falls back to this process's memory rather than failing the request.
   */
  limiter(opts: LimitOptions): RateLimiterAbstract;
  close(): Promise<void>;
}

const memoryLimiter = (opts: LimitOptions) => new RateLimiterMemory({ keyPrefix: opts.name, points: opts.points, duration: opts.duration, blockDuration: opts.blockDuration ?? 0 });

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      // Same shape as over Redis: a JSON copy, delivered asynchronously.
      const copy = JSON.parse(JSON.stringify(payload));
      queueMicrotask(() => emitter.emit(topic, copy));
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler as (p: unknown) => void);
      return () => emitter.off(topic, handler as (p: unknown) => void);
    },
    subscribed: async () => true,
    limiter: memoryLimiter,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub between processes. `prefix` namespaces the channels: deployments (or test
 * databases) sharing one Redis stay apart.
 *
 * Redis may go away (docs/operations.md): an event is delivered to this process's own subscribers
 * at once, without Redis, and published for the others; the process skips its own copy when it
 * comes back over Redis. Publishing never waits for or throws on a Redis that is gone (the
 * publisher has no offline queue): the event simply does not reach the other processes, which is
 * what pub/sub promises anyway (at most once; the chat's clients backfill what a broadcast
 * missed). The subscriber reconnects and subscribes again by itself (ioredis).
 */
export async function createRedisBus(url: string, log: Logger, prefix = 'tsunagu:'): Promise<EventBus> {
  const CHANNEL_PREFIX = prefix;
  const origin = randomUUID();
  const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    client.on('error', (err) => log.warn({ err: { message: err.message, code: (err as { code?: string }).code }, client: name }, 'redis connection error'));
  }
  const lost = (what: string) => (err: unknown) => warnThrottled(log, `redis: ${what} failed`, err);
  await Promise.all([pub.connect(), sub.connect()]);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  /** The SUBSCRIBE commands Redis has not answered yet. */
  const pending = new Set<Promise<unknown>>();
  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    try {
      const envelope = JSON.parse(message) as { origin?: string; payload?: unknown };
      if (envelope.origin === origin) return;
      local.emit(channel.slice(CHANNEL_PREFIX.length), envelope.payload);
    } catch (err) {
      log.warn({ err, channel }, 'dropped an unreadable bus message');
    }
  });
  return {
    async publish(topic, payload) {
      const json = JSON.stringify(payload);
      // Here first, as the in-process bus does (a JSON copy, asynchronously): this process's
      // sockets and subscriptions hear it with or without Redis.
      queueMicrotask(() => local.emit(topic, JSON.parse(json)));
      await pub.publish(CHANNEL_PREFIX + topic, `{"origin":${JSON.stringify(origin)},"payload":${json}}`).catch(lost(`publishing ${topic}`));
    },
    subscribe(topic, handler) {
      const n = counts.get(topic) ?? 0;
      counts.set(topic, n + 1);
      if (n === 0) {
        const asked: Promise<unknown> = sub
          .subscribe(CHANNEL_PREFIX + topic)
          .catch(lost(`subscribing to ${topic}`))
          .finally(() => pending.delete(asked));
        pending.add(asked);
      }
      local.on(topic, handler as (p: unknown) => void);
      return () => {
        local.off(topic, handler as (p: unknown) => void);
        const left = (counts.get(topic) ?? 1) - 1;
        counts.set(topic, left);
        if (left === 0) void sub.unsubscribe(CHANNEL_PREFIX + topic).catch(lost(`unsubscribing from ${topic}`));
      };
    },
    async subscribed(ms) {
      if (!pending.size) return true;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
      const answered = await Promise.race([Promise.all(pending).then(() => true), late]);
      clearTimeout(timer);
      return answered;
    },
    limiter(opts) {
      // Without an offline queue a command fails at once while Redis is away, and the limit is
      // counted by the insurance limiter in this process's memory instead.
      return new RateLimiterRedis({
        storeClient: pub,
        keyPrefix: `${CHANNEL_PREFIX}limit:${opts.name}`,
        points: opts.points,
        duration: opts.duration,
        blockDuration: opts.blockDuration ?? 0,
        insuranceLimiter: memoryLimiter(opts),
      });
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

const lastWarned = new Map<string, number>();
/** One warning per kind of failure per 10 s: a Redis that is gone fails every publish. */
export function warnThrottled(log: Logger, msg: string, err: unknown): void {
  const now = Date.now();
  if (now - (lastWarned.get(msg) ?? 0) < 10_000) return;
  lastWarned.set(msg, now);
  log.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, msg);
}

/**
 * An async iterator over the values a source pushes, queued until read, for GraphQL subscriptions:
 * `listen` starts the source and returns how to stop it; `first` are read before anything pushed.
 * The source starts when the iterator is made, not at its first next(): what it pushes from then on
 * is queued, which server/api/ws.ts relies on when it tells the client a subscription listens.
 * Stops the source when the consumer stops (return or throw), so closed subscriptions leak nothing.
 */
export function pushIterator<R>(listen: (push: (value: R) => void) => () => void, first: readonly R[] = []): AsyncIterableIterator<R> {
  const queue: R[] = [...first];
  let wake: (() => void) | null = null;
  let done = false;
  const stop = listen((value) => {
    queue.push(value);
    wake?.();
  });
  const finish = () => {
    if (!done) {
      done = true;
      stop();
      wake?.();
    }
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next(): Promise<IteratorResult<R>> {
      while (!done) {
        const value = queue.shift();
        if (value !== undefined) return { value, done: false };
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      return { value: undefined, done: true };
    },
    async return(): Promise<IteratorResult<R>> {
      finish();
      return { value: undefined, done: true };
    },
    async throw(err?: unknown): Promise<IteratorResult<R>> {
      finish();
      throw err;
    },
  };
}

/** An async iterator over one topic's events that pass a filter (`select` answers undefined for the others). */
export function busIterator<T extends BusTopic, R>(bus: EventBus, topic: T, select: (payload: BusEvents[T]) => R | undefined): AsyncIterableIterator<R> {
  return pushIterator((push) =>
    bus.subscribe(topic, (payload) => {
      const value = select(payload);
      if (value !== undefined) push(value);
    }),
  );
}

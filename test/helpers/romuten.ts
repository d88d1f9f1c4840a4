/**
 * A Romuten API on loopback that behaves as docs/romuten.md says the real one does: it checks the
 * bearer key and the HMAC signature, keeps each pushed item under its Idempotency-Key (a key it
 * has seen is answered from what it stored, nothing new is made), and answers status queries.
 * A test scripts faults per path — a 500, a 429 with Retry-After, an answer slower than the
 * client's time limit, or one of those AFTER the item was stored (the case that makes duplicates
 * without idempotency keys) — and reads back everything it received.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'slow'; ms: number }
  /** Stores the item, then answers 500 or answers too late: the client cannot know it arrived. */
  | { kind: 'stored-then-status'; status: number }
  | { kind: 'stored-then-slow'; ms: number };

export interface Received {
  method: string;
  path: string;
  key: string | null;
  status: number;
}

export interface StoredItem {
  entity: 'worker' | 'attendance';
  key: string;
  remoteId: string;
  body: Record<string, unknown> & { externalId: string };
}

export interface FakeRomuten {
  url: string;
  apiKey: string;
  secret: string;
  /** Every request, in order, with what it was answered. */
  received: Received[];
  /** Every item made (one per idempotency key): a duplicate would show twice here. */
  stored: StoredItem[];
  /** The status the fake reports for an externalId (default `registered` / `recorded`). */
  statusOf: Map<string, string>;
  /** Faults for the next requests to a path, used up in order. */
  fault(path: string, ...faults: Fault[]): void;
  /** Forgets every item, key and request: a new, empty account. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeRomuten(o: { apiKey?: string; secret?: string } = {}): Promise<FakeRomuten> {
  const apiKey = o.apiKey ?? 'rk_test_0123456789abcd';
  const secret = o.secret ?? 'rs_test_secret_9876543210wxyz';
  const received: Received[] = [];
  const stored: StoredItem[] = [];
  const byKey = new Map<string, { status: number; body: unknown }>();
  const statusOf = new Map<string, string>();
  const faults = new Map<string, Fault[]>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const entry: Received = { method: req.method ?? '', path, key, status: 0 };
      received.push(entry);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}, delayMs = 0) => {
        entry.status = status;
        const go = () => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        if (!delayMs) return go();
        const t = setTimeout(() => {
          timers.delete(t);
          go();
        }, delayMs);
        timers.add(t);
      };

      // Authentication: the bearer key and the signature over timestamp, method, path and body.
      const ts = String(req.headers['x-romuten-timestamp'] ?? '');
      const expected = createHmac('sha256', secret).update(`${ts}.${req.method}.${req.url}.${text}`).digest('hex');
      if (req.headers.authorization !== `Bearer ${apiKey}` || req.headers['x-romuten-signature'] !== expected) return send(401, { error: 'invalid credentials' });

      const fault = faults.get(path)?.shift();
      if (fault?.kind === 'status') return send(fault.status, { error: `scripted ${fault.status}` }, fault.retryAfter ? { 'retry-after': fault.retryAfter } : {});
      if (fault?.kind === 'slow') return send(503, { error: 'too late' }, {}, fault.ms);

      if (path === '/v1/status/query' && req.method === 'POST') {
        const q = JSON.parse(text || '{}') as { workers?: string[]; attendance?: string[] };
        return send(200, {
          workers: (q.workers ?? []).map((id) => ({ externalId: id, status: statusOf.get(id) ?? 'registered' })),
          attendance: (q.attendance ?? []).map((id) => ({ externalId: id, status: statusOf.get(id) ?? 'recorded' })),
        });
      }
      const entity = path === '/v1/workers' ? 'worker' : path === '/v1/attendance' ? 'attendance' : null;
      if (!entity || req.method !== 'POST') return send(404, { error: 'no such endpoint' });
      if (!key) return send(400, { error: 'Idempotency-Key is required' });
      // A key seen before is answered as it was the first time; nothing new is made.
      let done = byKey.get(key);
      const replayed = !!done;
      if (!done) {
        const body = JSON.parse(text) as StoredItem['body'];
        if (typeof body.externalId !== 'string') return send(422, { error: 'externalId is required' });
        const remoteId = `rm_${entity}_${stored.length + 1}`;
        stored.push({ entity, key, remoteId, body });
        done = { status: 201, body: { id: remoteId, status: entity === 'worker' ? 'registered' : 'recorded' } };
        byKey.set(key, done);
      }
      if (fault?.kind === 'stored-then-status') return send(fault.status, { error: `scripted ${fault.status} after storing` });
      return send(done.status, done.body, replayed ? { 'idempotent-replayed': 'true' } : {}, fault?.kind === 'stored-then-slow' ? fault.ms : 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    secret,
    received,
    stored,
    statusOf,
    fault: (path, ...f) => faults.set(path, [...(faults.get(path) ?? []), ...f]),
    reset() {
      stored.length = 0;
      received.length = 0;
      byKey.clear();
      faults.clear();
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

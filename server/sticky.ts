import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { setupWorker } from '@socket.io/sticky';

/**
 * Sticky sessions for `npm run start:cluster` (docs/operations.md "Several processes behind one
 * port"), as socket.io's documentation recommends for Node's cluster module: @socket.io/sticky's
 * worker side, and a router in the primary that speaks its messages.
 *
 * A socket.io client that opens with HTTP long-polling sends many requests for one session, and
 * each must reach the worker that holds that session. The primary owns the port: it reads the first
 * bytes of each connection and hands the connection to the worker that holds the session named by
 * its `sid` (which starts with that worker's number), else to the next ready worker in turn. Each
 * worker answers every request with `Connection: close`, so a kept-alive connection is never reused for
 * another worker's session. Events between the workers still go through Redis (the adapter and the
 * event bus).
 */

/**
 * Of a request's first bytes, the worker holding its socket.io session: a worker's session ids
 * start with its number (`<worker id>_<engine.io's id>`, set in `stickyWorker`), so the primary
 * needs no table that could lag behind the client. Learning a session from the worker's message
 * raced the client's next request, which follows the handshake's answer at once.
 */
const SID = /[?&]sid=(\d+)_[\w-]+/;
/** What a worker answers for each connection the primary hands it (`handoff`: the handing's id). */
const TAKEN = 'tsunagu:taken';
/** A connection that has not sent its request line and headers within this long is closed. */
const FIRST_BYTES_MS = 20_000;

type Relayed = { socket: net.Socket; worker: Worker };

/**
 * Stops the primary's copy of a connection reading from it. The primary keeps that copy open until
 * the worker says it took the connection (`keepOpen`, below), and both processes then read the
 * same socket: whatever the client sends next (a WebSocket's first frame, the upgrade's probe) went
 * to whichever read first, and a frame the primary read was lost. Under load the worker's answer
 * came late enough for that to happen: the probe vanished, and the client stayed on long-polling.
 * `pause()` does not stop a socket's handle reading (it only stops emitting), so the handle is told
 * to stop; its `reading` flag stays set, so that nothing in the stream starts it again.
 */
export function stopReading(socket: net.Socket): void {
  (socket as unknown as { _handle?: { readStop?: () => number } })._handle?.readStop?.();
}

/**
 * The primary's side: its listening socket, routing each connection to a ready worker, in the
 * messages @socket.io/sticky's worker side (`setupWorker`, below) understands. Its own router rather
 * than the library's `setupMaster`, which routes to every forked worker: a replacement worker still
 * loading would be handed connections it cannot take yet, and they would hang.
 *
 * A request without a body (GET, the WebSocket upgrade) hands its connection to the worker; one
 * with a body is relayed through the primary (the library's way: the primary has read some of the
 * body already, and two processes must not read one socket).
 */
export function stickyPrimary(): { front: net.Server; ready(worker: Worker): void; unready(worker: Worker): void } {
  const ready = new Map<number, Worker>();
  const relayed = new Map<string, Relayed>();
  let turn = 0;

  const pick = (head: string): Worker | undefined => {
    const owner = SID.exec(head)?.[1];
    const own = owner === undefined ? undefined : ready.get(Number(owner));
    // A session of a worker that died goes to another, which answers that it does not know it:
    // the client opens a new session.
    if (own) return own;
    const workers = [...ready.values()];
    return workers.length ? workers[turn++ % workers.length] : undefined;
  };

  /**
   * Connections handed to a worker that has not yet said it took them. The primary keeps its own
   * copy of each until then (`keepOpen`): Node passes a connection to a worker by a message the
   * worker must acknowledge, and one handed to a worker that dies first — stopped, killed, frozen —
   * was neither taken nor closed: the client waited with no answer. Such a connection never reached
   * the worker, so no byte of it was read there: it goes to another worker, its first bytes again.
   */
  const handing = new Map<string, { socket: net.Socket; chunk: Buffer; worker: Worker }>();
  const handOver = (worker: Worker, socket: net.Socket, chunk: Buffer) => {
    const handoff = randomBytes(8).toString('hex');
    handing.set(handoff, { socket, chunk, worker });
    worker.send({ type: 'sticky:connection', data: chunk, handoff }, socket, { keepOpen: true }, (err) => void (err && handAgain(handoff)));
  };
  const handAgain = (handoff: string) => {
    const h = handing.get(handoff);
    if (!h) return;
    handing.delete(handoff);
    if (h.socket.destroyed) return;
    const end = h.chunk.indexOf('\r\n\r\n');
    const next = pick(h.chunk.subarray(0, end === -1 ? h.chunk.length : end).toString('latin1'));
    if (!next || next === h.worker) return void h.socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    handOver(next, h.socket, h.chunk);
  };

  const front = net.createServer((socket) => {
    let connectionId: string | undefined;
    let worker: Worker | undefined;
    socket.on('error', () => socket.destroy());
    socket.setTimeout(FIRST_BYTES_MS, () => socket.destroy());
    const failed = (err: Error | null) => void (err && socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      if (connectionId && worker) {
        if (worker.isDead()) return void socket.destroy();
        return void worker.send({ type: 'sticky:http-chunk', data: chunk, connectionId }, failed);
      }
      const end = chunk.indexOf('\r\n\r\n');
      const head = chunk.subarray(0, end === -1 ? chunk.length : end).toString('latin1');
      worker = pick(head);
      if (!worker) return void socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.setTimeout(0);
      const lower = head.toLowerCase();
      if (!lower.includes('content-length:') && !lower.includes('transfer-encoding:')) {
        socket.removeAllListeners('data');
        socket.pause();
        stopReading(socket);
        return void handOver(worker, socket, chunk);
      }
      connectionId = randomBytes(8).toString('hex');
      relayed.set(connectionId, { socket, worker });
      const socketInfo = { remoteAddress: socket.remoteAddress, remotePort: socket.remotePort, localAddress: socket.localAddress, localPort: socket.localPort };
      worker.send({ type: 'sticky:http-chunk-start', data: chunk, connectionId, socketInfo }, failed);
    });
    socket.on('close', () => {
      if (!connectionId || !relayed.delete(connectionId) || !worker || worker.isDead()) return;
      worker.send({ type: 'sticky:abort', connectionId }, () => {});
    });
  });

  cluster.on('message', (worker, message: { type?: string; data?: unknown; connectionId?: string; error?: string; handoff?: string }) => {
    if (message.type === TAKEN) {
      const h = message.handoff === undefined ? undefined : handing.get(message.handoff);
      if (!h) return;
      handing.delete(message.handoff!);
      // The worker holds the connection now: the primary closes only its own copy of it.
      h.socket.destroy();
      return;
    }
    const r = message.connectionId === undefined ? undefined : relayed.get(message.connectionId);
    switch (message.type) {
      case 'sticky:http-response':
        if (r && !r.socket.destroyed) r.socket.write(message.data as Buffer);
        return;
      case 'sticky:http-response-end':
        if (r && !r.socket.destroyed) r.socket.end();
        relayed.delete(message.connectionId!);
        return;
      case 'sticky:http-response-destroy':
        if (r && !r.socket.destroyed) r.socket.destroy();
        relayed.delete(message.connectionId!);
        return;
    }
  });
  cluster.on('exit', (worker) => {
    ready.delete(worker.id);
    for (const [handoff, h] of handing) if (h.worker === worker) handAgain(handoff);
    for (const [id, r] of relayed) {
      if (r.worker !== worker) continue;
      relayed.delete(id);
      r.socket.destroy();
    }
  });

  return {
    front,
    ready(worker) {
      ready.set(worker.id, worker);
    },
    /** A worker that is stopping takes no new connection; those it holds finish there. */
    unready(worker) {
      ready.delete(worker.id);
    },
  };
}

/** What the worker side needs of the chat's engine.io server. */
interface Engine extends EventEmitter {
  generateId(req: http.IncomingMessage): string | PromiseLike<string>;
}

export interface StickyWorker {
  /**
   * The app is built: its request handler takes the server's requests, `attach` adds its upgrades
   * and socket.io, and what came while it was being built is handled now.
   */
  ready(app: http.RequestListener, attach: () => { chatEngine?: Engine }): void;
  /** Resolves once every connection the primary handed over has closed; after `ms`, closes the rest. */
  drain(ms: number): Promise<void>;
}

/**
 * A worker's side, installed before the app is built: the primary may hand this worker a
 * connection as soon as it is forked (it routes to every worker of the cluster), and such a
 * connection waits for the app instead of being lost. The server never listens: its connections
 * come from the primary.
 */
export function stickyWorker(server: http.Server): StickyWorker {
  const connections = new Set<Duplex>();
  server.on('connection', (socket: Duplex) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // Node starts its header and request timeouts and its list of connections (closeIdleConnections)
  // when a server listens. This one never does, so it is told it does.
  server.emit('listening');

  const waitingRequests: [http.IncomingMessage, http.ServerResponse][] = [];
  const waitingUpgrades: [http.IncomingMessage, Duplex, Buffer][] = [];
  const early = (req: http.IncomingMessage, res: http.ServerResponse) => void waitingRequests.push([req, res]);
  const earlyUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void waitingUpgrades.push([req, socket, head]);
  server.on('request', early);
  server.on('upgrade', earlyUpgrade);

  // The primary keeps its copy of a handed connection until the worker says it has it (stickyPrimary).
  process.on('message', (message: { type?: unknown; handoff?: unknown }) => {
    if (message?.type === 'sticky:connection' && typeof message.handoff === 'string') process.send?.({ type: TAKEN, handoff: message.handoff });
  });

  // The library tells the primary of each socket.io session this worker opens and closes, from the
  // engine it is given: that of the app, once built (a web tier, API_URL, has none).
  const engine = new EventEmitter();
  setupWorker({ httpServer: server, engine } as never);

  return {
    ready(app, attach) {
      server.removeListener('request', early);
      server.removeListener('upgrade', earlyUpgrade);
      server.on('request', app);
      const { chatEngine } = attach();
      if (chatEngine) {
        // The primary reads the worker from the session id (SID above).
        const generateId = chatEngine.generateId.bind(chatEngine);
        chatEngine.generateId = async (req) => `${cluster.worker?.id ?? 0}_${await generateId(req)}`;
        chatEngine.on('connection', (socket: unknown) => engine.emit('connection', socket));
      }
      // socket.io answers its own requests before the listeners it found (the library's among
      // them): every response closes its connection, socket.io's included.
      server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
      for (const [req, res] of waitingRequests.splice(0)) server.emit('request', req, res);
      for (const [req, socket, head] of waitingUpgrades.splice(0)) server.emit('upgrade', req, socket, head);
    },
    async drain(ms) {
      server.closeIdleConnections();
      const force = setTimeout(() => {
        server.closeAllConnections();
        for (const c of connections) c.destroy();
      }, ms);
      force.unref();
      while (connections.size) await new Promise((resolve) => [...connections][0]!.once('close', resolve));
      clearTimeout(force);
    },
  };
}

/**
 * The older GraphQL-over-WebSocket protocol (subscriptions-transport-ws), which SPEC §7 names
 * `graphql-ws` (and `graphql-subscriptions`): chosen by WebSocket subprotocol at /graphqlws beside
 * the current `graphql-transport-ws` (ws.ts). Same authentication (`Authorization: Bearer …` in the
 * connection params, or a same-origin page's cookie), the same limits and per-operation session
 * check, the same closing of sockets whose session was revoked.
 *
 * Messages (client → server): connection_init, start {id, payload}, stop {id}, connection_terminate.
 * (server → client): connection_ack, connection_error, ka, data {id, payload}, error {id, payload},
 * complete {id}.
 *
 * A `start` may come before the connection is accepted (that client sends connection_init and its
 * queued operations together): it waits for the check and runs after connection_ack, or is answered
 * with an error if the connection is refused or never initialised.
 */
import type { IncomingMessage } from 'node:http';
import { execute, type ExecutionArgs, type ExecutionResult, GraphQLError, subscribe } from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIMITS } from './limits.ts';

export const LEGACY_PROTOCOLS = ['graphql-ws', 'graphql-subscriptions'] as const;

/** What the legacy server needs from the current one, so both check a socket the same way. */
export interface SocketGate<State> {
  /** The socket's state, or null when connection_init does not authenticate. */
  connect(params: Record<string, unknown> | undefined, req: IncomingMessage, socket: WebSocket): Promise<State | null>;
  /** Execution arguments for one operation, or the errors that refuse it. */
  prepare(state: State, req: IncomingMessage, payload: { query?: unknown; variables?: unknown; operationName?: unknown }): Promise<ExecutionArgs | readonly GraphQLError[]>;
  /** What a client may see of a result's errors. */
  mask(result: ExecutionResult): ExecutionResult | ReturnType<GraphQLError['toJSON']>[] | object;
}

const INIT_TIMEOUT_MS = 3_000;
const KEEP_ALIVE_MS = 15_000;
const MAX_OPERATIONS = 100;
/**
 * Operations that may wait for the connection to be accepted. subscriptions-transport-ws sends
 * connection_init and, at once, every operation its page asked for while the socket was opening,
 * without waiting for connection_ack; they wait (at most this many, at most INIT_TIMEOUT_MS) and run
 * once the check of connection_init has passed.
 */
const MAX_WAITING = 50;

type Payload = Record<string, unknown>;
const failure = (id: string, message: string, code: string) => ({ type: 'error', id, payload: [{ message, extensions: { code } }] });

export function createLegacyWsServer<State>(gate: SocketGate<State>): { wss: WebSocketServer; close(): void } {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: LIMITS.maxBody,
    handleProtocols: (offered) => LEGACY_PROTOCOLS.find((p) => offered.has(p)) ?? false,
  });

  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    let state: State | null = null;
    /** connection_init is being checked (its check is asynchronous). */
    let checking = false;
    let keepAlive: NodeJS.Timeout | undefined;
    const operations = new Map<string, AsyncIterator<ExecutionResult> | null>();
    /** Operations received before the connection was accepted, in the order they came. */
    const waiting = new Map<string, Payload>();
    const send = (msg: object) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(msg));
    /** Answers every waiting operation with an error (the connection will not be accepted), so no client waits in silence. */
    const refuseWaiting = (message: string) => {
      for (const id of waiting.keys()) send(failure(id, message, 'UNAUTHENTICATED'));
      waiting.clear();
    };
    const initTimer = setTimeout(() => {
      if (state) return;
      refuseWaiting('Connection initialisation timeout');
      socket.close(4408, 'Connection initialisation timeout');
    }, INIT_TIMEOUT_MS);

    const stop = async (id: string) => {
      const it = operations.get(id);
      operations.delete(id);
      await it?.return?.();
    };

    const start = async (id: string, payload: Payload) => {
      if (operations.has(id)) return send(failure(id, `Operation ${id} is already running`, 'BAD_REQUEST'));
      if (operations.size >= MAX_OPERATIONS) return send(failure(id, 'Too many operations on this socket', 'TOO_MANY_REQUESTS'));
      operations.set(id, null);
      const args = await gate.prepare(state!, req, payload);
      if (Array.isArray(args)) {
        operations.delete(id);
        return send({ type: 'error', id, payload: (args as readonly GraphQLError[]).map((e) => (e instanceof GraphQLError ? e.toJSON() : e)) });
      }
      const prepared = args as ExecutionArgs;
      const isSubscription = prepared.document.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'subscription');
      if (!isSubscription) {
        const result = await execute(prepared);
        if (!operations.has(id)) return;
        operations.delete(id);
        send({ type: 'data', id, payload: gate.mask(result as ExecutionResult) });
        return send({ type: 'complete', id });
      }
      const stream = await subscribe(prepared);
      if (!operations.has(id)) return void (Symbol.asyncIterator in stream ? stream.return?.() : undefined);
      if (!(Symbol.asyncIterator in stream)) {
        operations.delete(id);
        send({ type: 'data', id, payload: gate.mask(stream) });
        return send({ type: 'complete', id });
      }
      operations.set(id, stream);
      for await (const result of stream) {
        if (!operations.has(id)) break;
        send({ type: 'data', id, payload: gate.mask(result) });
      }
      if (operations.delete(id)) send({ type: 'complete', id });
    };

    /** Runs one operation; an error outside GraphQL's own handling ends that operation, never the socket or the process. */
    const run = async (id: string, payload: Payload) => {
      try {
        await start(id, payload);
      } catch {
        operations.delete(id);
        send(failure(id, 'Internal server error', 'INTERNAL'));
      }
    };

    socket.on('message', async (raw) => {
      let msg: { type?: unknown; id?: unknown; payload?: unknown };
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return socket.close(4400, 'Invalid message');
      }
      const id = typeof msg.id === 'string' ? msg.id : typeof msg.id === 'number' ? String(msg.id) : '';
      try {
        switch (msg.type) {
          case 'connection_init': {
            if (state || checking) return socket.close(4429, 'Too many initialisation requests');
            const params = msg.payload && typeof msg.payload === 'object' ? (msg.payload as Payload) : undefined;
            checking = true;
            let accepted: State | null;
            try {
              accepted = await gate.connect(params, req, socket);
            } catch (err) {
              refuseWaiting('Internal server error');
              socket.close(1011, 'Internal server error');
              throw err;
            } finally {
              checking = false;
            }
            // Closed meanwhile (the client left, or the initialisation timeout): nothing to answer.
            if (socket.readyState !== socket.OPEN) return;
            clearTimeout(initTimer);
            if (!accepted) {
              refuseWaiting('Unauthorized');
              send({ type: 'connection_error', payload: { message: 'Forbidden', extensions: { code: 'FORBIDDEN' } } });
              return socket.close(4403, 'Forbidden');
            }
            state = accepted;
            send({ type: 'connection_ack' });
            send({ type: 'ka' });
            keepAlive = setInterval(() => send({ type: 'ka' }), KEEP_ALIVE_MS);
            const ready = [...waiting];
            waiting.clear();
            for (const [waitingId, payload] of ready) void run(waitingId, payload);
            return;
          }
          case 'start':
            if (!id || !msg.payload || typeof msg.payload !== 'object') return send(failure(id, 'A start message needs an id and a payload', 'BAD_REQUEST'));
            if (!state) {
              // Not accepted yet: it waits for connection_init's check (bounded by MAX_WAITING and INIT_TIMEOUT_MS).
              if (waiting.has(id)) return send(failure(id, `Operation ${id} is already waiting`, 'BAD_REQUEST'));
              if (waiting.size >= MAX_WAITING) return send(failure(id, 'Too many operations before the connection was accepted', 'TOO_MANY_REQUESTS'));
              waiting.set(id, msg.payload as Payload);
              return;
            }
            return await run(id, msg.payload as Payload);
          case 'stop':
            waiting.delete(id);
            await stop(id);
            return send({ type: 'complete', id });
          case 'connection_terminate':
            return socket.close(1000, 'Normal Closure');
          default:
            return socket.close(4400, 'Invalid message type');
        }
      } catch {
        // An operation that failed outside GraphQL's own error handling: end it, never the process.
        operations.delete(id);
        send({ type: 'error', id, payload: [{ message: 'Internal server error', extensions: { code: 'INTERNAL' } }] });
      }
    });

    socket.on('close', () => {
      waiting.clear();
      clearTimeout(initTimer);
      clearInterval(keepAlive);
      for (const id of [...operations.keys()]) void stop(id);
    });
  });

  return {
    wss,
    close() {
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.close();
    },
  };
}

import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { execute, GraphQLError, type GraphQLSchema, subscribe } from 'graphql';
import { CloseCode, MessageType, stringifyMessage } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { createLegacyWsServer, LEGACY_PROTOCOLS, type SocketGate } from './ws-legacy.ts';
import { chooseLang } from '../../shared/i18n.ts';
import { contextFor } from './client.ts';
import type { ApiContext } from './context.ts';
import type { Services } from '../services.ts';
import { maskError } from './format-error.ts';
import { LIMITS, prepareDocument } from './limits.ts';

/** How long a subscription's `subscribed` ping waits for Redis to have its topic (server/events/bus.ts `subscribed`). */
const SUBSCRIBED_WAIT_MS = 2_000;

/** What a socket remembers between messages. */
interface ConnectionState {
  token: string;
  userId: string;
}

/** The caller's token: connection_init's `Authorization: Bearer x` (SPEC §7), else the session cookie of a same-origin page. */
export function tokenFromInit(params: Record<string, unknown> | undefined, req: IncomingMessage): string | undefined {
  const auth = params?.Authorization ?? params?.authorization;
  if (typeof auth === 'string') {
    const [scheme, token] = auth.trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() === 'bearer' && token) return token;
  }
  const origin = req.headers.origin;
  const host = req.headers.host;
  let sameOrigin: boolean;
  try {
    sameOrigin = !!origin && new URL(origin).host === host;
  } catch {
    sameOrigin = false;
  }
  // A back-office session, else a candidate's (their bell on the public site).
  if (sameOrigin && req.headers.cookie) {
    const cookies = parseCookies(req.headers.cookie);
    return cookies.token ?? cookies.candidate_token;
  }
  return undefined;
}

/**
 * GraphQL over WebSocket at /graphqlws — the graphql-transport-ws protocol (graphql-ws library), and
 * the older subscriptions-transport-ws protocol SPEC §7 names (ws-legacy.ts), by subprotocol:
 * authenticated in connection_init,
 * the same parse/validation limits as HTTP (graphql-ws runs outside the HTTP pipeline), every
 * operation re-checks the session, and a revoked session closes its sockets at once.
 */
export function createGraphqlWsServer(
  services: Services,
  schema: GraphQLSchema,
): {
  wss: WebSocketServer;
  /** Hands an upgrade of /graphqlws to the server of the protocol the client asks for. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
} {
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxBody });
  const byUser = new Map<string, Set<WebSocket>>();
  const production = services.config.production;

  const unsubscribe = services.bus.subscribe('session.revoked', ({ userId }) => {
    for (const socket of byUser.get(userId) ?? []) socket.close(CloseCode.Forbidden, 'Session revoked');
  });

  /** The checks both protocols make: who the socket is, and whether each operation may run. */
  const gate: SocketGate<ConnectionState> = {
    async connect(params, req, socket) {
      const token = tokenFromInit(params, req);
      if (!token) return null;
      let r = await services.auth.resolve(token, 'admin');
      if (r.kind !== 'ok') r = await services.auth.resolve(token, 'candidate');
      if (r.kind !== 'ok') return null;
      const set = byUser.get(r.user.id) ?? new Set();
      set.add(socket);
      byUser.set(r.user.id, set);
      socket.once('close', () => {
        set.delete(socket);
        if (!set.size) byUser.delete(r.user.id);
      });
      return { token, userId: r.user.id };
    },
    async prepare(state, req, payload) {
      const prepared = prepareDocument(schema, typeof payload.query === 'string' ? payload.query : '', production);
      if (prepared.errors) return prepared.errors.map((e) => maskError(e, services.log, production));
      const cookies = req.headers.cookie ? parseCookies(req.headers.cookie) : {};
      const contextValue: ApiContext = await contextFor(services, {
        token: state.token,
        lang: chooseLang(cookies.lang, req.headers['accept-language']),
        ip: req.socket.remoteAddress ?? '',
      });
      // Logged out since the socket opened: refuse, and the socket is closed by session.revoked.
      if (!contextValue.user) return [new GraphQLError('Session ended', { extensions: { code: 'UNAUTHENTICATED' } })];
      return {
        schema,
        document: prepared.document,
        operationName: typeof payload.operationName === 'string' ? payload.operationName : undefined,
        variableValues: payload.variables && typeof payload.variables === 'object' ? (payload.variables as Record<string, unknown>) : undefined,
        contextValue,
      };
    },
    mask(result) {
      return result.errors?.length ? { ...result, errors: result.errors.map((e) => maskError(e, services.log, production).toJSON()) } : result;
    },
  };

  const server = useServer<Record<string, unknown> | undefined, { state?: ConnectionState }>(
    {
      schema,
      execute,
      subscribe,
      connectionInitWaitTimeout: 3_000,
      onConnect: async (ctx) => {
        const state = await gate.connect(ctx.connectionParams, ctx.extra.request, ctx.extra.socket);
        if (!state) return false;
        ctx.extra.state = state;
        return true;
      },
      onSubscribe: (ctx, _id, payload) => gate.prepare(ctx.extra.state!, ctx.extra.request, payload) as never,
      // graphql-ws acknowledges no subscription. graphql-js has just made this one's iterator, whose
      // listener is on the bus from the moment it is made (pushIterator, queueing what comes), and
      // graphql-ws reads it once this hook is done: a ping naming the subscription tells the client
      // that what is published from now on, in any process, reaches it (the bell says it listens
      // only then). With Redis the hook first waits for Redis to have the topic's SUBSCRIBE (at
      // most SUBSCRIBED_WAIT_MS: with Redis away, this process's own events still come). Not for a
      // subscription the client has stopped meanwhile.
      onOperation: async (ctx, id, _payload, _args, result) => {
        if (!(Symbol.asyncIterator in result)) return;
        await services.bus.subscribed(SUBSCRIBED_WAIT_MS);
        const socket = ctx.extra.socket;
        if (id in ctx.subscriptions && socket.readyState === socket.OPEN) {
          socket.send(stringifyMessage({ type: MessageType.Ping, payload: { subscribed: id } }));
        }
      },
      onNext: (_ctx, _id, _payload, _args, result) => ('errors' in result && result.errors?.length ? (gate.mask(result as never) as never) : undefined),
    },
    wss,
  );
  const legacy = createLegacyWsServer(gate);

  return {
    wss,
    handleUpgrade(req, socket, head) {
      // SPEC §7 names the older protocol (graphql-ws, graphql-subscriptions); today's clients ask
      // for graphql-transport-ws. A client that offers only an older name gets the older protocol.
      const offered = String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim());
      const older = !offered.includes('graphql-transport-ws') && offered.some((p) => (LEGACY_PROTOCOLS as readonly string[]).includes(p));
      const target = older ? legacy.wss : wss;
      target.handleUpgrade(req, socket, head, (client) => target.emit('connection', client, req));
    },
    async close() {
      unsubscribe();
      legacy.close();
      await server.dispose();
      wss.close();
    },
  };
}

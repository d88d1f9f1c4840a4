import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { execute, GraphQLError, type GraphQLSchema, subscribe } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { chooseLang } from '../../shared/i18n.ts';
import { contextFor } from './client.ts';
import type { ApiContext, Services } from './context.ts';
import { maskError } from './format-error.ts';
import { LIMITS, prepareDocument } from './limits.ts';

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
  if (sameOrigin && req.headers.cookie) return parseCookies(req.headers.cookie).token;
  return undefined;
}

/**
 * GraphQL over WebSocket at /graphqlws (graphql-ws protocol): authenticated in connection_init,
 * the same parse/validation limits as HTTP (graphql-ws runs outside the HTTP pipeline), every
 * operation re-checks the session, and a revoked session closes its sockets at once.
 */
export function createGraphqlWsServer(services: Services, schema: GraphQLSchema): { wss: WebSocketServer; close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxBody });
  const byUser = new Map<string, Set<WebSocket>>();
  const production = services.config.production;

  const unsubscribe = services.bus.subscribe('session.revoked', ({ userId }) => {
    for (const socket of byUser.get(userId) ?? []) socket.close(CloseCode.Forbidden, 'Session revoked');
  });

  const server = useServer<Record<string, unknown> | undefined, { state?: ConnectionState }>(
    {
      schema,
      execute,
      subscribe,
      connectionInitWaitTimeout: 3_000,
      onConnect: async (ctx) => {
        const token = tokenFromInit(ctx.connectionParams, ctx.extra.request);
        if (!token) return false;
        const r = await services.auth.resolve(token, 'admin');
        if (r.kind !== 'ok') return false;
        ctx.extra.state = { token, userId: r.user.id };
        const set = byUser.get(r.user.id) ?? new Set();
        set.add(ctx.extra.socket);
        byUser.set(r.user.id, set);
        ctx.extra.socket.once('close', () => {
          set.delete(ctx.extra.socket);
          if (!set.size) byUser.delete(r.user.id);
        });
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const prepared = prepareDocument(schema, payload.query, production);
        if (prepared.errors) return prepared.errors.map((e) => maskError(e, services.log, production));
        const state = ctx.extra.state!;
        const req = ctx.extra.request;
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
          operationName: payload.operationName ?? undefined,
          variableValues: payload.variables ?? undefined,
          contextValue,
        };
      },
      onNext: (_ctx, _id, _payload, _args, result) => {
        if ('errors' in result && result.errors?.length) {
          return { ...result, errors: result.errors.map((e) => maskError(e, services.log, production).toJSON()) };
        }
        return undefined;
      },
    },
    wss,
  );

  return {
    wss,
    async close() {
      unsubscribe();
      await server.dispose();
      wss.close();
    },
  };
}

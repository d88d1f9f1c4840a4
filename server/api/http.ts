import express, { type Router } from 'express';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createHandler } from 'graphql-http/lib/use/express';
import { chooseLang } from '../../shared/i18n.ts';
import { contextFor } from './client.ts';
import { effectiveActionRoles } from './authz.ts';
import type { Services } from '../services.ts';
import { isDatabaseUnavailable, maskError } from './format-error.ts';
import { LIMITS, parseLimited, validationRules } from './limits.ts';
import { headerToken, sameOrigin } from '../http-kit.ts';

export function apiRouter(services: Services, schema: GraphQLSchema): Router {
  const router = express.Router();
  const { log, auth } = services;

  // SPEC §7 GET Account/InfoToken: the user record with its role, for `Authorization: jwt {token}`.
  router.get('/Account/InfoToken', async (req, res) => {
    const token = headerToken(req, 'jwt') ?? headerToken(req, 'bearer');
    if (!token) return void res.status(401).json({ error: 'UNAUTHENTICATED' });
    const r = await auth.resolve(token, 'admin');
    if (r.kind !== 'ok') return void res.status(401).json({ error: 'UNAUTHENTICATED' });
    res.set('Cache-Control', 'no-store').json(r.user);
  });

  // SPEC §7 GET Web/Admin/Role/Management/Actions: the action-role map keyed by code, as the API
  // applies it to every operation (authz.ts effectiveActionRoles), not only the rows of action_roles.
  router.get('/Web/Admin/Role/Management/Actions', async (req, res) => {
    const token = headerToken(req, 'jwt') ?? headerToken(req, 'bearer') ?? (sameOrigin(req) ? req.cookies?.token : undefined);
    if (!token || (await auth.resolve(token, 'admin')).kind !== 'ok') return void res.status(401).json({ error: 'UNAUTHENTICATED' });
    const maps = await services.roleMaps.get();
    res.set('Cache-Control', 'no-store').json(effectiveActionRoles(maps));
  });

  const rules = validationRules(services.config.production);
  const graphqlHandler = createHandler({
    schema,
    parse: (source) => parseLimited(typeof source === 'string' ? source : source.body),
    // Our list already starts with graphql's specified rules.
    validationRules: () => rules,
    context: async (req) => {
      const raw = req.raw;
      const bearer = headerToken(raw, 'bearer');
      const cookieToken: string | undefined = raw.cookies?.token ?? raw.cookies?.candidate_token;
      const token = bearer ?? cookieToken;
      try {
        return (await contextFor(services, {
          token,
          lang: chooseLang(raw.cookies?.lang, raw.get('accept-language')),
          ip: raw.ip ?? '',
        })) as never;
      } catch (err) {
        // Checking the session needs the database: while it is gone the answer is a coded error, not a crash.
        if (!isDatabaseUnavailable(err)) throw err;
        const body = { errors: [{ message: 'The service is temporarily unavailable. Please try again in a moment.', extensions: { code: 'UNAVAILABLE' } }] };
        return [JSON.stringify(body), { status: 503, statusText: 'Service Unavailable', headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' } }];
      }
    },
    // graphql-http reports an unreadable request (bad JSON shape, no query) as a plain Error:
    // that is the caller's mistake, not a crash.
    formatError: (err) =>
      err instanceof GraphQLError ? maskError(err, log, services.config.production) : new GraphQLError(err instanceof Error ? err.message : 'Bad request', { extensions: { code: 'BAD_REQUEST' } }),
    // Errors graphql-js returns before running anything (a variable of the wrong type or out of
    // range) bypass formatError: they are the caller's bad input, and say so with a code.
    onOperation: (_req, _args, result) => {
      // (Errors of resolvers have a path and reach formatError, which codes them.)
      const early = (e: GraphQLError) => !e.path && !e.extensions?.code;
      if (!('errors' in result) || !result.errors?.some(early)) return;
      return { ...result, errors: result.errors.map((e) => (early(e) ? new GraphQLError(e.message, { nodes: e.nodes, extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } }) : e)) };
    },
  });

  // A cookie-authenticated call must come from our own pages, whether POST or GET.
  const csrf: express.RequestHandler = (req, res, next) => {
    if (!headerToken(req, 'bearer') && (req.cookies?.token || req.cookies?.candidate_token) && !sameOrigin(req)) {
      return void res.status(403).json({ errors: [{ message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } }] });
    }
    next();
  };
  // A body that is not JSON (or too large) is answered in GraphQL's own shape, with a code.
  const json = express.json({ limit: LIMITS.maxBody });
  const readJson: express.RequestHandler = (req, res, next) =>
    json(req, res, (err?: unknown) => {
      if (!err) return next();
      const tooLarge = (err as { type?: string }).type === 'entity.too.large';
      res
        .status(tooLarge ? 413 : 400)
        .json({ errors: [{ message: tooLarge ? 'The request body is too large' : 'The request body is not valid JSON', extensions: { code: tooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST' } }] });
    });
  router.post('/graphql', readJson, csrf, (req, res, next) => graphqlHandler(req, res, next));
  router.get('/graphql', csrf, (req, res, next) => graphqlHandler(req, res, next));
  return router;
}

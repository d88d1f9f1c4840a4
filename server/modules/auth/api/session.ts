import { z } from 'zod';
import { pushIterator } from '../../../events/bus.ts';
import { email, validate } from '../../../validation.ts';
import type { ApiContext } from '../../../api/context.ts';
import { acceptPublicForm } from '../../../api/form-limits.ts';
import { apiError, badInput } from '../../../api/errors.ts';
import { msg, msgText } from '../../../../shared/messages.ts';
import { LANGS } from '../../../../shared/i18n.ts';
import { type Rules } from '../../../api/rules.ts';

export const typeDefs = /* GraphQL */ `
  type User {
    id: ID!
    email: String!
    name: String!
    role: String!
    companyId: ID
    clientId: ID
    lang: String!
  }

  "One permission code and the roles allowed on it (SPEC §3 page-role and action-role maps)."
  type RoleCodeEntry {
    code: Int!
    roles: [String!]!
  }

  "A renewed session token; times in seconds since the epoch."
  type SessionRenewal {
    token: String!
    "When the new token expires unless renewed again."
    expiresAt: Float!
    "The hard limit: the session ends then however active the person is."
    endsAt: Float!
  }

  type RoleMaps {
    pageRoles: [RoleCodeEntry!]!
    actionRoles: [RoleCodeEntry!]!
  }

  type LoginPayload {
    token: String!
    user: User!
    "The browser's known-device token (keep it in its cookie): its later logins to this account skip the per-address pause."
    device: String!
  }

  type Query {
    "The signed-in user, or null."
    me: User
    "The role maps; any signed-in back-office user may read them (the client needs them to draw its menus)."
    roleMaps: RoleMaps!
    "True when a password-reset link's token can still be used."
    passwordResetTokenValid(token: String!): Boolean!
    "Whose account a usable reset link sets the password of: 'candidate' (who logs in at /staff/login) or 'staff' (/login); null when the link cannot be used."
    passwordResetAccount(token: String!): String
  }

  type Mutation {
    "device: the browser's known-device token from an earlier login, if any."
    login(email: String!, password: String!, device: String): LoginPayload!
    "Ends every session of the caller (all devices)."
    logout: Boolean!
    "A fresh token for the caller's valid session (the sliding session); null when it can no longer be renewed."
    renewSession: SessionRenewal
    "Makes the language the signed-in person chose (ja or en) the one their mail and template messages are written in."
    setMyLanguage(lang: String!): Boolean!
    "Always true, whether or not the address has an account."
    requestPasswordReset(email: String!): Boolean!
    resetPassword(token: String!, password: String!, passwordConfirm: String!): Boolean!
  }

  extend type Subscription {
    "The role maps changed (in any process): a count, 0 at once when subscribed, then one more per change. A web tier apart from the API (API_URL) drops its cached maps on each."
    roleMapsChanged: Int!
  }
`;

export const LoginInput = z.object({ email: email(), password: z.string().min(1).max(200) });
export const ResetInput = z.object({ token: z.string().min(1).max(200), password: z.string().min(8).max(200), passwordConfirm: z.string().max(200) }).refine((v) => v.password === v.passwordConfirm, {
  path: ['passwordConfirm'],
  message: 'mismatch',
  params: msgText('resetPassword.mismatch'),
});

const toEntries = (map: Record<string, string[]>) => Object.entries(map).map(([code, roles]) => ({ code: Number(code), roles }));

/** 0 at once, then 1, 2, … on each change of the role maps that this process hears of (NOTIFY). */
function roleMapChanges(ctx: ApiContext): AsyncIterableIterator<{ roleMapsChanged: number }> {
  let count = 0;
  return pushIterator((push) => ctx.services.roleMaps.onChange(() => push({ roleMapsChanged: ++count })), [{ roleMapsChanged: 0 }]);
}

export const resolvers = {
  Subscription: {
    roleMapsChanged: { subscribe: (_: unknown, __: unknown, ctx: ApiContext) => roleMapChanges(ctx) },
  },
  Query: {
    me: (_: unknown, __: unknown, ctx: ApiContext) => ctx.user,
    passwordResetTokenValid: (_: unknown, args: { token: string }, ctx: ApiContext) => (args.token.length > 0 && args.token.length <= 200 ? ctx.services.auth.resetTokenValid(args.token) : false),
    passwordResetAccount: (_: unknown, args: { token: string }, ctx: ApiContext) => (args.token.length > 0 && args.token.length <= 200 ? ctx.services.auth.resetTokenAccount(args.token) : null),
    roleMaps: async (_: unknown, __: unknown, ctx: ApiContext) => {
      const maps = await ctx.services.roleMaps.get();
      return { pageRoles: toEntries(maps.pageRoles), actionRoles: toEntries(maps.actionRoles) };
    },
  },
  Mutation: {
    login: async (_: unknown, args: { email: string; password: string; device?: string | null }, ctx: ApiContext) => {
      const v = validate(LoginInput, { email: args.email, password: args.password }, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      const r = await ctx.services.auth.login(v.data.email, v.data.password, ctx.ip, args.device ?? undefined);
      if (r.kind === 'rate-limited') {
        const minutes = Math.max(1, Math.ceil(r.retryAfterSeconds / 60));
        throw apiError('TOO_MANY_REQUESTS', msg(ctx.lang, minutes === 1 ? 'login.tooManyOne' : 'login.tooMany', { minutes }), { retryAfterSeconds: r.retryAfterSeconds });
      }
      if (r.kind === 'bad-credentials') {
        throw apiError('UNAUTHENTICATED', msg(ctx.lang, 'error.badLogin'));
      }
      if (r.kind === 'suspended') throw apiError('FORBIDDEN', msg(ctx.lang, 'error.companySuspended'));
      return { token: r.token, user: r.user, device: r.device };
    },
    renewSession: (_: unknown, __: unknown, ctx: ApiContext) => (ctx.token && ctx.user ? ctx.services.auth.renew(ctx.token, ctx.user.role === 'candidate' ? 'candidate' : 'admin') : null),
    logout: async (_: unknown, __: unknown, ctx: ApiContext) => {
      await ctx.services.auth.revokeSessions(ctx.user!.id);
      return true;
    },
    setMyLanguage: async (_: unknown, args: unknown, ctx: ApiContext) => {
      const v = validate(z.object({ lang: z.enum(LANGS) }), args, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      await ctx.services.auth.setLanguage(ctx.user!.id, v.data.lang);
      return true;
    },
    requestPasswordReset: async (_: unknown, args: { email: string }, ctx: ApiContext) => {
      const input = await acceptPublicForm(ctx, 'passwordReset', z.object({ email: email() }), args, (d) => d.email);
      await ctx.services.auth.requestPasswordReset(input.email, ctx.lang);
      return true;
    },
    resetPassword: async (_: unknown, args: unknown, ctx: ApiContext) => {
      const v = validate(ResetInput, args, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      const ok = await ctx.services.auth.resetPassword(v.data.token, v.data.password);
      if (!ok) {
        throw apiError('BAD_USER_INPUT', msg(ctx.lang, 'resetPassword.invalid'), { fields: { token: msg(ctx.lang, 'resetPassword.linkInvalid') } });
      }
      return true;
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // session
  'Query.me': { public: true },
  'Query.roleMaps': { user: true },
  // the same readers as roleMaps: a web tier apart from the API keeps its cached maps fresh with it
  'Subscription.roleMapsChanged': { user: true },
  'Query.passwordResetTokenValid': { public: true },
  'Query.passwordResetAccount': { public: true },
  'Mutation.login': { public: true },
  // any signed-in person, back office or candidate, may end their own sessions
  'Mutation.logout': { session: true },
  // and renew their own session while active (the sliding session)
  'Mutation.renewSession': { session: true },
  // and choose the language they are written to in
  'Mutation.setMyLanguage': { session: true },
  'Mutation.requestPasswordReset': { public: true },
  'Mutation.resetPassword': { public: true },
};

import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { msg } from '../../shared/messages.ts';
import type { EventBus } from '../events/bus.ts';
import { validate } from '../validation.ts';
import type { ApiContext } from './context.ts';
import { apiError, badInput } from './errors.ts';

/**
 * How often the forms that create something or send mail without a session may be used: the
 * candidate registration, the password reset mail (per address and per account, so neither one
 * address nor many can flood one mailbox), the contact form and the trial signup. Each limit is
 * counted across processes (Redis with REDIS_URL, as the login limits; each process's memory
 * without). Only a submission that passed validation counts: a form answered with its field
 * errors created nothing. Over a limit the mutation answers TOO_MANY_REQUESTS with the minutes to
 * wait, which the pages show as the form's error.
 */
export const FORM_LIMITS = {
  registration: { perAddress: { points: 20, duration: 60 * 60 } },
  passwordReset: { perAddress: { points: 10, duration: 60 * 60 }, perAccount: { points: 3, duration: 60 * 60 } },
  contact: { perAddress: { points: 10, duration: 60 * 60 } },
  trial: { perAddress: { points: 5, duration: 60 * 60 } },
} as const;

type Form = keyof typeof FORM_LIMITS;
type Scope = 'perAddress' | 'perAccount';

/** One set of limiters per bus (per process): made on first use. */
const limiters = new WeakMap<EventBus, Map<string, RateLimiterAbstract>>();

function limiter(bus: EventBus, form: Form, scope: Scope): RateLimiterAbstract {
  let all = limiters.get(bus);
  if (!all) limiters.set(bus, (all = new Map()));
  const name = `form-${form}-${scope}`;
  let l = all.get(name);
  if (!l) {
    const o = (FORM_LIMITS[form] as Partial<Record<Scope, { points: number; duration: number }>>)[scope]!;
    l = bus.limiter({ name, points: o.points, duration: o.duration });
    all.set(name, l);
  }
  return l;
}

/**
 * Counts one use of `form` by the caller's address (and by `account`, for the limits kept per
 * account); throws TOO_MANY_REQUESTS, saying when to try again, when one of them is used up.
 */
async function spendFormLimit(ctx: ApiContext, form: Form, account?: string): Promise<void> {
  const keys: [Scope, string][] = [['perAddress', ctx.ip]];
  if (account !== undefined && 'perAccount' in FORM_LIMITS[form]) keys.push(['perAccount', account.trim().toLowerCase()]);
  let wait = 0;
  for (const [scope, key] of keys) {
    try {
      await limiter(ctx.services.bus, form, scope).consume(key);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      wait = Math.max(wait, Math.ceil(res.msBeforeNext / 1000));
    }
  }
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw apiError('TOO_MANY_REQUESTS', msg(ctx.lang, minutes === 1 ? 'limit.tooManyOne' : 'limit.tooMany', { minutes }), { retryAfterSeconds: wait });
  }
}

/**
 * A public form's input as the API takes it: checked by `schema` (field errors refuse it with
 * BAD_USER_INPUT, counting nothing), then one use of `form` spent by the caller's address, and by
 * the account `account` names where the form keeps a limit per account.
 */
export async function acceptPublicForm<S extends z.ZodType>(ctx: ApiContext, form: Form, schema: S, input: unknown, account?: (data: z.output<S>) => string): Promise<z.output<S>> {
  const v = validate(schema, input, ctx.lang);
  if (!v.ok) throw badInput(ctx.lang, v.errors);
  await spendFormLimit(ctx, form, account?.(v.data));
  return v.data;
}

import type { z } from 'zod';

/**
 * Parses the input of a money rule, or throws one Error naming every bad field ("computeShiftPay
 * shift: start: a time as HH:MM"). Bad input here is a caller's bug, not a person's typo: screens
 * check their forms first (server/validation.ts) and pass only what passed.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
  throw new Error(`${what}: ${issues.join('; ')}`);
}

import { z } from 'zod';
import type { Lang, Text } from '../shared/i18n.ts';
import { msg } from '../shared/messages.ts';
import { UUID_PATTERN } from '../shared/ids.ts';

/** Field errors keyed by field name, already in the page's language. */
export type FieldErrors = Record<string, string>;

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** One message per zod issue kind, from the catalogue. Every form and API input uses these. */
function message(issue: z.core.$ZodIssue, lang: Lang): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        if (Number(issue.minimum) <= 1) return msg(lang, 'error.required');
        return msg(lang, 'validation.minLength', { min: String(issue.minimum) });
      }
      return msg(lang, 'validation.min', { min: String(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return msg(lang, 'validation.maxLength', { max: String(issue.maximum) });
      return msg(lang, 'validation.max', { max: String(issue.maximum) });
    case 'invalid_format':
      return msg(lang, issue.format === 'email' ? 'validation.email' : 'validation.format');
    case 'invalid_value':
      return msg(lang, 'validation.choice');
    case 'invalid_type':
      return msg(lang, issue.input === undefined || issue.input === null ? 'error.required' : 'validation.invalid');
    case 'custom': {
      // A refinement's own message: `params: msgText(key)`.
      const params = (issue.params ?? {}) as Partial<Text>;
      return params[lang] ?? issue.message;
    }
    default:
      return msg(lang, 'validation.invalid');
  }
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const valueAt = (input: unknown, path: readonly PropertyKey[]) => path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k] : undefined), input);

/**
 * Parses input with a schema and turns every issue into a localized message beside its field.
 * A value left blank says "required" (for a choice — an enum, or a key in `choices` — "choose one"), whatever rule it broke: a
 * person who left a field empty needs to hear that, not the format it should have had.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, lang: Lang, choices: ReadonlySet<string> = new Set()): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error.issues, input, lang, choices) };
}

/** The issues of a parse already made, as `validate` says them: one localized message per field. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], input: unknown, lang: Lang, choices: ReadonlySet<string> = new Set()): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (issue.path.length && issue.code !== 'custom' && isBlank(valueAt(input, issue.path))) {
      const choice = issue.code === 'invalid_value' || choices.has(key);
      errors[key] ??= msg(lang, choice ? 'error.requiredChoice' : 'error.required');
    }
    errors[key] ??= message(issue, lang);
  }
  return errors;
}

/** A record id in a payload or an input (shared/ids.ts: the same check as every other tier's). */
export const idSchema = z.string().regex(UUID_PATTERN);

export const requiredText = (max: number) =>
  z
    .string({ error: () => 'required' })
    .trim()
    .min(1)
    .max(max);
export const optionalText = (max: number) => z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().max(max).optional());
/** A person's name in full-width katakana, family and given name apart ('グエン ティ ラン'): what ledgers and bank transfers print. */
export const KATAKANA_NAME = /^[ァ-ヴー・]+(?:[ \u3000][ァ-ヴー・]+)*$/u;
export const email = () =>
  z
    .string({ error: () => 'required' })
    .trim()
    .min(1)
    .max(254)
    .pipe(z.email());

/**
 * Parses the input of a rule of pay or labour law (server/modules/payroll, workforce/work-limits.ts),
 * or throws one Error naming every bad field ("computeShiftPay shift: start: a time as HH:MM").
 * Bad input there is a caller's bug, not a person's typo: screens check their forms first
 * (`validate` above) and pass only what passed.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
  throw new Error(`${what}: ${issues.join('; ')}`);
}

import { z } from 'zod';
import type { Lang } from '../shared/i18n.ts';

/** Field errors keyed by field name, already in the page's language. */
export type FieldErrors = Record<string, string>;

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** One message per zod issue kind, in both languages. Every form and API input uses these. */
function message(issue: z.core.$ZodIssue, lang: Lang): string {
  const ja = lang === 'ja';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        if (Number(issue.minimum) <= 1) return ja ? '入力してください。' : 'This field is required.';
        return ja ? `${issue.minimum}文字以上で入力してください。` : `Use at least ${issue.minimum} characters.`;
      }
      return ja ? `${issue.minimum}以上の値を入力してください。` : `Enter ${issue.minimum} or more.`;
    case 'too_big':
      if (issue.origin === 'string') return ja ? `${issue.maximum}文字以内で入力してください。` : `Use at most ${issue.maximum} characters.`;
      return ja ? `${issue.maximum}以下の値を入力してください。` : `Enter ${issue.maximum} or less.`;
    case 'invalid_format':
      if (issue.format === 'email') return ja ? '正しいメールアドレスを入力してください。' : 'Enter a valid email address.';
      return ja ? '形式が正しくありません。' : 'This value is not in the right format.';
    case 'invalid_value':
      return ja ? '選択肢から選んでください。' : 'Choose one of the options.';
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return ja ? '入力してください。' : 'This field is required.';
      return ja ? '値が正しくありません。' : 'This value is not valid.';
    case 'custom': {
      const params = (issue.params ?? {}) as { ja?: string; en?: string };
      return (ja ? params.ja : params.en) ?? issue.message;
    }
    default:
      return ja ? '値が正しくありません。' : 'This value is not valid.';
  }
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const valueAt = (input: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k] : undefined), input);

/**
 * Parses input with a schema and turns every issue into a localized message beside its field.
 * A value left blank says "required" (for a choice — an enum, or a key in `choices` — "choose one"), whatever rule it broke: a
 * person who left a field empty needs to hear that, not the format it should have had.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, lang: Lang, choices: ReadonlySet<string> = new Set()): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (issue.path.length && issue.code !== 'custom' && isBlank(valueAt(input, issue.path))) {
      const choice = issue.code === 'invalid_value' || choices.has(key);
      errors[key] ??= choice ? (lang === 'ja' ? '選択してください。' : 'Please choose one.') : lang === 'ja' ? '入力してください。' : 'This field is required.';
    }
    errors[key] ??= message(issue, lang);
  }
  return { ok: false, errors };
}

export const requiredText = (max: number) => z.string({ error: () => 'required' }).trim().min(1).max(max);
export const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().max(max).optional());
export const email = () => z.string({ error: () => 'required' }).trim().min(1).max(254).pipe(z.email());

import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from './defaults.ts';
import { MAIL_VARIABLES, type MailKey } from './mail.ts';
import { templateVariables } from './render-template.ts';
import { TEMPLATE_VARIABLES } from './defs/templates.ts';

describe('the built-in templates', () => {
  // A company's copy of a default is saved through the check of defs/templates.ts (knownVariables):
  // a default using a variable its document is not filled with could not be saved again unchanged.
  it.each(DEFAULT_DOCUMENTS.map((d) => [`${d.kind} ${d.key}`, d] as const))('%s uses only the variables its document is filled with', (_, d) => {
    const allowed: readonly string[] = d.kind === 'mail' ? MAIL_VARIABLES[d.key as MailKey] : TEMPLATE_VARIABLES[d.kind].map((v) => v.name);
    expect(allowed).toBeDefined();
    const used = [d.subject.ja, d.subject.en, d.body.ja, d.body.en].flatMap(templateVariables);
    expect(used.filter((n) => !allowed.includes(n))).toEqual([]);
  });
});

/**
 * Fills `{{variable}}` placeholders of a mail, contract or invoice template. Mail is plain text:
 * values are inserted as they are (no HTML escaping, no markup); whoever displays the result
 * escapes it for its medium. A placeholder without a value stays visible, so a typo such as
 * `{{nmae}}` shows in the preview instead of silently vanishing. One pass: a value that itself
 * contains `{{…}}` is not expanded again.
 */
export type TemplateVars = Record<string, string | number | null | undefined>;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function renderTemplate(text: string, vars: TemplateVars): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    if (!Object.hasOwn(vars, name)) return match;
    const value = vars[name];
    return value === null || value === undefined ? match : String(value);
  });
}

/** The variable names a template uses, in order of first appearance. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

import { describe, expect, it } from 'vitest';
import { ISLANDS } from './registry.ts';

// client/boot.ts loads an island from `client/islands/<name>.tsx`: a name whose file is missing or
// exports another component would leave the page's island dead in the browser.
describe('the island registry', () => {
  it.each(Object.entries(ISLANDS))('%s is the default export of client/islands/%s.tsx', async (name, component) => {
    const mod = (await import(`./${name}.tsx`)) as { default: unknown };
    expect(mod.default).toBe(component);
  });
});

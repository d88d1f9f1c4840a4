import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { TEXTS, textProblems } from '../../../shared/texts/index.ts';
import { declaredOperations } from '../../api/documents.ts';
import { buildSchema } from '../../api/graphql/schema.ts';
import { routeByPath } from '../../access/routes.ts';
import { FOUND_SCREENS, SCREEN_MODULES, screenModuleNames } from './found.ts';
import { SCREENS } from './index.ts';

describe('the screen modules found by folder (server/web/screens/found.ts)', () => {
  it('finds every module of the folders, each a page, a panel, a record section or texts', () => {
    expect(Object.keys(SCREEN_MODULES)).toEqual(screenModuleNames());
    expect(Object.keys(SCREEN_MODULES)).toContain('inbox/replies');
    for (const screen of FOUND_SCREENS) expect(routeByPath(screen.path), screen.path).toBeDefined();
  });

  const parts = Object.entries(SCREEN_MODULES).flatMap(([name, m]) => (m.texts ? [[name, m.texts.part] as const] : []));

  it.each(parts.flatMap(([name, part]) => Object.entries(part).map(([key, text]) => [`${name}: ${key}`, text] as const)))('%s reads in both languages with the same placeholders', (_key, text) => {
    expect(textProblems(text)).toEqual([]);
  });

  it('keeps each key of a screen’s texts out of the catalogue and the other screens’ texts', () => {
    const seen = new Map<string, string>(Object.keys(TEXTS).map((k) => [k, 'the catalogue']));
    for (const [name, part] of parts) {
      for (const key of Object.keys(part)) {
        expect(seen.get(key), `${key} of ${name} is also in ${seen.get(key)}`).toBeUndefined();
        seen.set(key, name);
      }
    }
  });

  it('declares only operations that validate against the schema, named as they are sent', () => {
    // Every screen loaded, the site's and the engines' too: each declares its operations when loaded.
    expect(SCREENS.length).toBeGreaterThan(FOUND_SCREENS.length);
    expect(declaredOperations().size).toBeGreaterThan(80);
    const schema = buildSchema();
    for (const [name, source] of declaredOperations()) {
      const doc = parse(source);
      expect(validate(schema, doc).map((e) => `${name}: ${e.message}`)).toEqual([]);
      expect(doc.definitions.filter((d) => d.kind === 'OperationDefinition')).toHaveLength(1);
    }
  });
});

import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { knownMigrations } from './migrate.ts';

describe('the migrations folder', () => {
  it('is the list of migrations: every file by its name, oldest first', async () => {
    const files = (await readdir(new URL('./migrations/', import.meta.url)))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
      .sort();
    const known = await knownMigrations();
    expect(known).toEqual(files);
    // The names the kysely_migration table stores are the file names, unchanged.
    expect(known[0]).toBe('20261122_0001_foundation');
    expect(known).toContain('20261204_0052_notification_keys');
  });

  it('holds migrations only: each file exports up and down', async () => {
    for (const name of await knownMigrations()) {
      const m = (await import(`./migrations/${name}.ts`)) as { up?: unknown; down?: unknown };
      expect([name, typeof m.up, typeof m.down]).toEqual([name, 'function', 'function']);
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featureSubfolders } from './feature-folders.ts';

/**
 * Data access in its layer (STYLE.md, "Database in layers"): a GraphQL resolver checks the caller
 * and shapes the answer; what it reads or writes is a named function of the feature's repository
 * (server/modules/<feature>/, server/chat/). These scans keep it so, with file and line.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p;
  }
}

function scan(dirs: readonly string[], pattern: RegExp, skip: (file: string) => boolean = () => false): string[] {
  const found: string[] = [];
  for (const dir of dirs) {
    for (const file of sources(path.join(ROOT, dir))) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      if (skip(rel)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (pattern.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
  }
  return found;
}

describe('data access', () => {
  it('no SQL in the API or the web tier: statements live in the feature repository', () => {
    // The tiers' folders, and the API modules and screens of every feature folder.
    const tiers = ['server/api', 'server/web', ...featureSubfolders('api'), ...featureSubfolders('screens')];
    expect(tiers.length).toBeGreaterThan(20);
    expect(scan(tiers, /selectFrom|insertInto|updateTable|deleteFrom|sql`/)).toEqual([]);
  });

  it('one audit writer and one Actor type: server/db/audit.ts', () => {
    const home = (f: string) => f === 'server/db/audit.ts';
    expect(scan(['server'], /insertInto\(['"]audit_log['"]\)/, home)).toEqual([]);
    // The resource engine's actor extends the one type (it carries the hooks' context).
    expect(scan(['server'], /^\s*(export )?(interface|type) Actor\b(?! extends AuditActor)/, home)).toEqual([]);
  });

  it('tenancy through server/access/tenancy.ts: no hand-written tenant test elsewhere', () => {
    const exempt = (f: string) => f.startsWith('server/access/');
    expect(scan(['server', 'client', 'shared', 'views'], /\.kind [!=]== '(company|client|platform|none)'/, exempt)).toEqual([]);
    // Work resolved to a company (null: any, for the platform) is kept to it by inCompany.
    expect(scan(['server'], /if \(companyId\) \w+ = \w+\.where\(['"][\w.]*company_id|\$if\([^,]*companyId[^,]*, \(q\) => q\.where\(['"][\w.]*company_id/, exempt)).toEqual([]);
  });

  it('one check of a record id: shared/ids.ts (isUuid, parseId) and its zod form idSchema (server/validation.ts)', () => {
    // zod's own uuid() is stricter than PostgreSQL (version and variant bits): an id the database
    // wrote could be refused as badly formed on one input and found on another.
    const home = (f: string) => f === 'shared/ids.ts';
    expect(scan(['server', 'client', 'shared', 'views'], /z\.uuid\(|\[0-9a-f\]\{8\}-/, home)).toEqual([]);
  });
});

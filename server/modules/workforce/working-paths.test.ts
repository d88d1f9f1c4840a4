/**
 * Every way into work asks `may-work.ts`. A person is put to work by exactly these writes: a new
 * application (it takes a shift), an application's status, shift or job changed (a move into a
 * confirmation or attendance status, a swap), and an attendance record (clock-in). This test reads
 * the server's source for every such write and fails when one is made by code that does not ask
 * the gate — a new path that skips the legal limits (入管法第19条, 労働基準法第56・60・61条, the 28
 * hours of the permission) — or when a path listed here no longer exists. The integration test
 * test/integration/working-paths.test.ts drives each of them and sees it refuse.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** The writes that put a person to work, in SQL or Kysely. */
const WRITES: { what: string; pattern: RegExp }[] = [
  { what: 'a new application', pattern: /insertInto\(\s*'applications'\s*\)|insert\s+into\s+applications\b/i },
  {
    what: "an application's status, shift or job",
    pattern: /updateTable\(\s*'applications'\s*\)\s*\.set\(\s*\{[^}]*\b(candidate_status_id|shift_id|job_id)\b|update\s+applications\b[^;`]*\bset\b[^;`]*\b(candidate_status_id|shift_id|job_id)\s*=/i,
  },
  { what: 'a status move of the list engine on applications', pattern: /stateColumn:\s*'candidate_status_id'/ },
  { what: 'an attendance record', pattern: /insertInto\(\s*'attendance'\s*\)|insert\s+into\s+attendance\b/i },
];

/** The gate's functions (server/modules/workforce/may-work.ts). */
const GATE = /\b(mayWork|mayWorkApplication|mayEnterStatus)\s*\(/;

/**
 * Each file that makes such a write, and why it is a way into work. A file is listed here only
 * after its write goes through the gate; the integration test covers the same list.
 */
export const WORKING_PATHS: Record<string, string> = {
  'server/modules/jobs/apply.ts': 'applying to a shift; staff assigning (assignShift); a scout offer accepted (answerScoutOffer)',
  'server/modules/workforce/swap.ts': 'a swap of two people between two shifts',
  'server/modules/pipeline/statuses.ts': "moveApplication: the candidate's own confirmation, an interview's pass",
  'server/modules/pipeline/defs/applications.ts': 'row and bulk moves on the applicant lists (its transitions.check), and clock-in from the attendance list',
  'server/chat/store.ts': 'a status change from the chat window',
  'server/modules/pipeline/attendance.ts': 'clock-in, by staff or by the candidate (clockMyShift)',
};

/** Source that is not a path: seed data, migrations, tests, generated types. */
const NOT_A_PATH = [/\.test\.tsx?$/, /\/migrations\//, /\/seed(\/|\.ts$)/, /large-seed\.ts$/, /\.d\.ts$/];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

function waysIntoWork(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources(join(ROOT, 'server'))) {
    if (NOT_A_PATH.some((re) => re.test(file))) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    const hits = WRITES.filter((w) => w.pattern.test(text)).map((w) => w.what);
    if (hits.length) found.set(file, hits);
  }
  return found;
}

describe('every way into work asks may-work.ts', () => {
  const found = waysIntoWork();

  it('finds the writes it knows (the patterns still match the code)', () => {
    expect([...found.keys()].sort()).toEqual(expect.arrayContaining(Object.keys(WORKING_PATHS).sort()));
  });

  it('has no write into work outside the listed paths', () => {
    const unlisted = [...found].filter(([file]) => !(file in WORKING_PATHS)).map(([file, what]) => `${file}: ${what.join(', ')}`);
    expect(unlisted, 'a new way into work: make it ask mayWork / mayEnterStatus, then list it in WORKING_PATHS and drive it in test/integration/working-paths.test.ts').toEqual([]);
  });

  it.each(Object.keys(WORKING_PATHS))('%s asks the gate', (file) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).toMatch(GATE);
  });

  it('the list engine refuses through the applications transitions’ check', () => {
    const engine = readFileSync(join(ROOT, 'server/resources/read-model.ts'), 'utf8');
    // The generic move asks the definition's check in the move's transaction, before the UPDATE.
    expect(engine.indexOf('t.check?.(')).toBeGreaterThan(-1);
    expect(engine.indexOf('t.check?.(')).toBeLessThan(engine.indexOf('.set({ [t.stateColumn]: to'));
    expect(readFileSync(join(ROOT, 'server/modules/pipeline/defs/applications.ts'), 'utf8')).toMatch(/check:\s*async[^]*?mayEnterStatus\(/);
  });
});

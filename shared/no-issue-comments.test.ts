import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No change-log comments (STYLE.md): a comment says what the code is and why, and the history of
 * how it came to be (which issue asked for it) belongs in git. This scans every source and test
 * file for an issue number.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['server', 'views', 'client', 'shared', 'scripts', 'test'];
const ISSUE = /\bissues?\s+#?\d+/i;

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx|css|mjs)$/.test(e.name)) yield p;
  }
}

describe('comments', () => {
  it('name no issue: history belongs in git', () => {
    const found: string[] = [];
    for (const dir of DIRS) {
      for (const file of sources(path.join(ROOT, dir))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (ISSUE.test(line) && !line.includes('ISSUE = ')) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});

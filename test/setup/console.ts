import { afterEach, beforeEach, vi } from 'vitest';

/**
 * console.error fails a test unless the test expected it (STYLE.md 12): call
 * `expectConsoleError()` in a test that provokes one on purpose.
 */
let expected = false;
let calls: unknown[][] = [];

export function expectConsoleError(): void {
  expected = true;
}

beforeEach(() => {
  expected = false;
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!expected && calls.length) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of what the heaviest admin page loads, gzip -9. */
export const JS_BUDGET_BYTES = 100 * 1024;

export interface PageWeight {
  /** Every script the page loads at once: its <script src>, its modulepreloads and their static imports. */
  files: string[];
  /** Their gzip -9 sizes added up, in bytes. */
  gzip: number;
  /** Scripts a loaded file imports statically that the page did not name (each one is a step of an import waterfall). */
  unpreloaded: string[];
}

/**
 * What a page's HTML makes the browser fetch before its islands are live: the
 * module scripts it names (`<script type="module" src>`, `<link rel="modulepreload">`), followed
 * through the static imports of the built files (`import … from "./x.js"`); dynamic `import()`
 * is not followed: that is code loaded on a click. `publicDir` holds /build (scripts/build-client.ts).
 */
export function pageWeight(html: string, publicDir: string): PageWeight {
  const named = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!.split('?')[0]!);
  const seen = new Set<string>();
  const unpreloaded = new Set<string>();
  let gzip = 0;
  const visit = (url: string) => {
    if (seen.has(url) || !url.startsWith('/build/')) return;
    seen.add(url);
    const code = readFileSync(path.join(publicDir, url), 'utf8');
    gzip += gzipSync(code, { level: 9 }).length;
    // Static imports in esbuild's output: `import{a as b}from"./chunks/x.js"` and `import"./x.js"`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
      const dep = path.posix.join(path.posix.dirname(url), m[1]!);
      if (!named.includes(dep)) unpreloaded.add(dep);
      visit(dep);
    }
  };
  for (const url of named) visit(url);
  return { files: [...seen], gzip, unpreloaded: [...unpreloaded] };
}

/** "104.3 KB" (1 KB = 1,024 bytes). */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

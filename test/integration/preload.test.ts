/**
 * A page names the scripts its islands will load: `<link rel="modulepreload">`
 * for the hydration code and each island's chunks, so the browser fetches them together instead
 * of one import after another; every one of them is served; a page without islands names none.
 */
import { describe, expect, it } from 'vitest';
import { getPage } from '../helpers/pages.ts';
import { appForFile } from '../helpers/app.ts';

const t = appForFile();

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]!);

describe('modulepreload', () => {
  it('names the hydration code and the chunks of every island on the page, all served', async () => {
    const page = await getPage(t, '/admin/candidate', await t.tokenOf('company_admin'));
    const files = preloads(page.html);
    for (const island of ['LiveApplicants', 'NotificationBell', 'Customizer', 'hydrate'])
      expect(
        files.some((f) => f.includes(`/chunks/${island}-`)),
        island,
      ).toBe(true);
    expect(new Set(files).size).toBe(files.length);
    for (const f of files) expect((await fetch(`${t.url}${f}`)).status, f).toBe(200);
  });

  it('names only what boot.js imports on a page without islands', async () => {
    const page = await getPage(t, '/about');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('data-island=');
    const files = preloads(page.html);
    expect(files.every((f) => /^\/build\/chunks\/chunk-/.test(f))).toBe(true);
    for (const f of files) expect((await fetch(`${t.url}${f}`)).status, f).toBe(200);
  });

  it('does not preload what only opening the chat needs (the socket, the windows)', async () => {
    const page = await getPage(t, '/admin/jobs/list', await t.tokenOf('company_admin'));
    expect(page.html).toContain('data-island="ChatWindowsV3"');
    const files = preloads(page.html);
    expect(files.some((f) => f.includes('/chunks/ChatWindowsV3-'))).toBe(true);
    expect(files.filter((f) => /\/chunks\/(ChatWindows|live|load-live)-/.test(f))).toEqual([]);
  });
});

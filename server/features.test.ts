import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, flattenRoutes, routeByPath } from './access/routes.ts';
import type { Feature } from './feature.ts';
import { FEATURES } from './features.ts';
import { PROJECT_ROOT } from './root.ts';

/** A feature's pages: its routes and their child routes. */
const pagesOf = (routes: readonly string[]) => new Set(flattenRoutes(routes.map((p) => routeByPath(p)!)).map((r) => r.path));

describe('FEATURES', () => {
  it('names each feature once, and gives each page of the route table to one feature at most', () => {
    const names = FEATURES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const owner = new Map<string, string>();
    for (const f of FEATURES) {
      for (const path of pagesOf(f.routes ?? [])) {
        expect(owner.get(path), `${path}: ${owner.get(path)} and ${f.name}`).toBeUndefined();
        owner.set(path, f.name);
      }
    }
    expect([...owner.keys()].every((p) => ALL_ROUTES.some((r) => r.path === p))).toBe(true);
  });

  it('has one manifest for each feature folder, and lists it; server/modules holds nothing else', async () => {
    const entries = readdirSync(path.join(PROJECT_ROOT, 'server/modules'), { withFileTypes: true });
    expect(
      entries.filter((d) => !d.isDirectory()).map((d) => d.name),
      'a file beside the feature folders',
    ).toEqual([]);
    const listed: readonly Feature[] = FEATURES;
    for (const d of entries) {
      const manifest = await import(`./modules/${d.name}/feature.ts`).catch(() => null);
      const features = Object.values(manifest ?? {}) as Feature[];
      expect(features.length, `server/modules/${d.name}/feature.ts exports its manifest`).toBe(1);
      expect(listed.includes(features[0]!), `FEATURES lists server/modules/${d.name}`).toBe(true);
    }
  });

  it("draws each feature's lists and records on that feature's own pages", () => {
    for (const f of FEATURES) {
      const pages = pagesOf(f.routes ?? []);
      if (!f.routes) continue;
      const screens = [...(f.readModels ?? []).flatMap((d) => d.screens.map((s) => s.path)), ...(f.resources ?? []).flatMap((d) => d.screens.map((s) => s.path))];
      expect(
        screens.filter((p) => !pages.has(p)),
        f.name,
      ).toEqual([]);
    }
  });
});

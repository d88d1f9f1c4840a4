import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, flattenRoutes, routeByPath } from './access/routes.ts';
import { FEATURES } from './features.ts';

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

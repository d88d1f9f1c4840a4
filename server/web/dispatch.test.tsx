import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../access/routes.ts';
import { bindScreens } from './dispatch.tsx';
import { defineScreen, type Screen } from './screen.ts';
import { SCREENS } from './screens/index.ts';

const stub = (path: string): Screen => defineScreen({ path, load: () => null, view: () => ({ title: path, content: <p /> }) });

describe('binding screens to the route table', () => {
  it('binds every screen of the product to a route, one screen per route', () => {
    const bound = bindScreens(SCREENS);
    expect(bound.size).toBe(SCREENS.length);
    for (const path of bound.keys()) expect(ALL_ROUTES.some((r) => r.path === path)).toBe(true);
  });

  it('refuses a screen whose path is not a route, naming it', () => {
    expect(() => bindScreens([stub('/admin/nowhere')])).toThrow(/\/admin\/nowhere has no route/);
  });

  it('refuses two screens for one route', () => {
    expect(() => bindScreens([stub('/about'), stub('/about')])).toThrow(/two screens answer \/about/);
  });

  it('binds a screen to every route: no page answers "not available yet" (501), so no sidebar link leads to one', () => {
    const bound = bindScreens(SCREENS);
    // /admin is the landing redirect (the guard answers it before any screen).
    const unbuilt = ALL_ROUTES.filter((r) => !bound.has(r.path) && r.path !== '/admin').map((r) => r.path);
    expect(unbuilt).toEqual([]);
  });
});

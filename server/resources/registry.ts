import type { ResourceDef } from './define.ts';
import { clientResource, companyResource } from './defs/organizations.ts';

/** Every resource the engine serves. Add a definition here and its API and screens exist. */
export const RESOURCES: ResourceDef[] = [companyResource, clientResource];

/** The resource and screen behind a route path, if the engine serves it. */
export function screenFor(path: string): { def: ResourceDef; screen: ResourceDef['screens'][number] } | undefined {
  for (const def of RESOURCES) {
    const screen = def.screens.find((s) => s.path === path);
    if (screen) return { def, screen };
  }
  return undefined;
}

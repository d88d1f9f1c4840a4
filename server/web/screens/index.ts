/**
 * Every screen, each bound to one route of the table (server/access/routes.ts): the public site's
 * pages, the engines' (a read model's list, a resource's list and record),
 * and the screen modules found in the feature folders' screens/ (found.ts: one file a page or a
 * few, no list to extend). docs/architecture.md "Adding a screen".
 */
import type { Screen } from '../screen.ts';
import { FOUND_SCREENS } from './found.ts';
import { PUBLIC_SCREENS } from './public.tsx';
import { READ_MODEL_SCREENS } from './read-models.tsx';
import { RESOURCE_SCREENS } from './resources.tsx';

export const SCREENS: readonly Screen[] = [...PUBLIC_SCREENS, ...READ_MODEL_SCREENS, ...RESOURCE_SCREENS, ...FOUND_SCREENS];

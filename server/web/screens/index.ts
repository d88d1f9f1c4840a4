/**
 * Every screen, each bound to one route of the table (server/access/routes.ts). A feature's
 * screens come with its web half (screens/features.ts); a list over a joined query comes from its
 * read-model definition (its screens from the engine). docs/architecture.md "Adding a feature".
 */
import type { Screen } from '../screen.ts';
import { ROLES_SCREEN } from './admin/roles.tsx';
import { CANDIDATE_SCREENS } from './candidate.tsx';
import { PUBLIC_SCREENS } from './public.tsx';
import { READ_MODEL_SCREENS } from './read-models.tsx';
import { RESOURCE_SCREENS } from './resources.tsx';
import { WEB_FEATURES } from './features.ts';

export const SCREENS: readonly Screen[] = [
  ...PUBLIC_SCREENS,
  ...CANDIDATE_SCREENS,
  ...READ_MODEL_SCREENS,
  ROLES_SCREEN,
  ...RESOURCE_SCREENS,
  // The features' screens (screens/features.ts).
  ...WEB_FEATURES.flatMap((web) => web.screens ?? []),
];

/**
 * Every screen, each bound to one route of the table (server/access/routes.ts). Adding a page:
 * a route row there, a screen module here, an API module under server/api (docs/architecture.md);
 * a list over a joined query: a read-model definition in server/resources/defs (its screens come from it).
 */
import type { Screen } from '../screen.ts';
import { APPLICANT_SCREENS } from './admin/applicant.tsx';
import { ENUM_SCREENS } from './admin/enums.tsx';
import { INTEGRATION_SCREENS } from './admin/integrations.tsx';
import { ROLES_SCREEN } from './admin/roles.tsx';
import { SURVEY_SCREENS } from './admin/surveys.tsx';
import { CANDIDATE_SURVEY_SCREENS } from './candidate-surveys.tsx';
import { SUPPORT_CHAT_SCREEN } from './admin/support-chat.tsx';
import { CANDIDATE_SCREENS } from './candidate.tsx';
import { CANDIDATE_SCOUT_SCREENS } from './candidate-scout.tsx';
import { CANDIDATE_CARD_SCREEN } from './candidate-card.tsx';
import { CANDIDATE_SHIFTS_SCREEN } from './candidate-shifts.tsx';
import { PUBLIC_SCREENS } from './public.tsx';
import { READ_MODEL_SCREENS } from './read-models.tsx';
import { RESOURCE_SCREENS } from './resources.tsx';

export const SCREENS: readonly Screen[] = [
  ...PUBLIC_SCREENS,
  ...CANDIDATE_SCREENS,
  ...CANDIDATE_SCOUT_SCREENS,
  CANDIDATE_CARD_SCREEN,
  CANDIDATE_SHIFTS_SCREEN,
  ...READ_MODEL_SCREENS,
  ...APPLICANT_SCREENS,
  SUPPORT_CHAT_SCREEN,
  ...ENUM_SCREENS,
  ROLES_SCREEN,
  ...INTEGRATION_SCREENS,
  ...RESOURCE_SCREENS,
  // Surveys: the builder, and the candidate's answer page.
  ...SURVEY_SCREENS,
  ...CANDIDATE_SURVEY_SCREENS,
];

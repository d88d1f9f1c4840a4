import { chatWeb } from './chat.ts';
import type { Panel, WebFeature } from './feature.ts';
import { inboxWeb } from './inbox.tsx';
import { integrationsWeb } from './integrations.ts';
import { payrollWeb } from './payroll.ts';
import { pipelineWeb } from './pipeline.ts';
import { pointsWeb } from './points.ts';
import { scoutingWeb } from './scouting.ts';
import { surveysWeb } from './surveys.ts';
import { templatesWeb } from './templates.ts';
import { workforceWeb } from './workforce.ts';

/** The web halves of the features' manifests (server/features.ts lists the features themselves). */
export const WEB_FEATURES: readonly WebFeature[] = [templatesWeb, chatWeb, pipelineWeb, payrollWeb, pointsWeb, integrationsWeb, surveysWeb, scoutingWeb, workforceWeb, inboxWeb];

/** Every feature's panels by screen path; a path claimed twice stops the start. */
export function featurePanels(): Record<string, Panel> {
  const out: Record<string, Panel> = {};
  for (const web of WEB_FEATURES) {
    for (const [path, p] of Object.entries(web.panels ?? {})) {
      if (Object.hasOwn(out, path)) throw new Error(`two panels for ${path}`);
      out[path] = p;
    }
  }
  return out;
}

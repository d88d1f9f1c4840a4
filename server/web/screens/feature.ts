import type { ReactNode } from 'react';
import type { ActionRefs } from '../../../views/ui/Action.tsx';
import type { FeatureName } from '../../features.ts';
import type { Action, FormState, Screen, ScreenContext } from '../screen.ts';

/**
 * What a read-model screen shows and does besides its list (server/web/screens/panels.tsx). A
 * panel's own actions are the screen's too: its load and view get one reference per action it
 * declares (views/ui/Action.tsx), the only way to draw their buttons.
 */
export interface Panel<P = unknown, K extends string = string> {
  load(ctx: ScreenContext, act: ActionRefs<K>): Promise<P>;
  view(ctx: ScreenContext, data: P, state: FormState | undefined, act: ActionRefs<K>): ReactNode;
  actions?: { readonly [A in K]: Action };
}
export const panel = <P, K extends string = never>(p: Panel<P, K>): Panel => p as unknown as Panel;

/**
 * The web half of a feature's manifest (the other halves: server/modules/<feature>/feature.ts and
 * its API module). The web tier may import the feature's domain, not the reverse, so the screens
 * and panels register here under the feature's name; WEB_FEATURES (screens/index.ts) lists them.
 */
export interface WebFeature {
  feature: FeatureName;
  screens?: readonly Screen[];
  /** The panel of a read-model screen of the feature, by the screen's path. */
  panels?: Readonly<Record<string, Panel>>;
}

export const defineWebFeature = (web: WebFeature): WebFeature => web;

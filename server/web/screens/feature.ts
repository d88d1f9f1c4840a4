import type { ReactNode } from 'react';
import type { ActionRefs } from '../../../views/ui/Action.tsx';
import type { Action, FormState, ScreenContext } from '../screen.ts';

/**
 * What a read-model screen shows and does besides its list (a screen module's `panels`, server/web/screens/found.ts). A
 * panel's own actions are the screen's too: its load and view get one reference per action it
 * declares (views/ui/Action.tsx), the only way to draw their buttons.
 */
export interface Panel<P = unknown, K extends string = string> {
  load(ctx: ScreenContext, act: ActionRefs<K>): Promise<P>;
  view(ctx: ScreenContext, data: P, state: FormState | undefined, act: ActionRefs<K>): ReactNode;
  actions?: { readonly [A in K]: Action };
}
export const panel = <P, K extends string = never>(p: Panel<P, K>): Panel => p as unknown as Panel;

import type { JSX } from 'react';
import type { ActionRefs } from '../../../views/ui/Action.tsx';
import type { OnRefusal, Outcome, ScreenContext } from '../screen.ts';

/**
 * What a resource's record page shows beyond the engine's form, actions, child rows and history,
 * when plain child rows cannot say it (e.g. a daily job's shifts: a table with fill rates and a
 * form that adds many shifts at once). A section reads and writes through the API like the rest
 * of the page; its buttons are the record page's `section` action with their own op after it
 * (`section:addShifts`), which the record page hands to `post` as `body._op`.
 */
export interface RecordSectionState {
  /** What was typed in the section's form, to show again. */
  values: Record<string, unknown>;
  /** Field errors in the page's language; `_` for the section as a whole. */
  errors: Record<string, string>;
}

export interface RecordSection {
  /** The ops of the section's buttons; the record page's POST hands them to `post` as `body._op`. */
  ops: readonly string[];
  /** Drawn above the record's form (what the page is mostly used for, e.g. a daily job's shifts), else below it. */
  first?: boolean;
  /** The section under the record's form (null: nothing to show), with a failed post's state. */
  render(ctx: ScreenContext, row: Record<string, unknown>, action: string, failed: RecordSectionState | undefined, act: ActionRefs<'section'>): Promise<JSX.Element | null>;
  /**
   * How an API refusal of `post` is shown, when the kit's way (the section drawn again with what
   * was posted and the errors, at the refusal's status) does not fit; `body._op` says which form.
   */
  onRefusal?: OnRefusal;
  post(
    ctx: ScreenContext,
    id: string,
    body: Record<string, unknown>,
    o: {
      /** The record page's URL, to redirect to after a success (303). */
      recordHref: string;
    },
  ): Promise<Outcome>;
}

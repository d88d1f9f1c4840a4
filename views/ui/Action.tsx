import type { ReactNode } from 'react';
import { ACTION_FIELD, ASKING_FIELD } from './action-fields.ts';
import type { CtaLink } from './EmptyState.tsx';

/**
 * An action and its button are one thing (DESIGN.md §3). A screen declares its actions; the screen
 * kit (server/web/screen.ts) hands its view one reference per declared action, and the view draws
 * the action's buttons from those references only. The pressed button itself carries the action
 * (`_action=name`, or `_action=name:arg` for a row's button), so what the page draws is what the
 * dispatcher runs: a button for an action the screen does not handle is a type error, not a 400.
 */

export { ACTION_FIELD, ASKING_FIELD };

declare const declared: unique symbol;

/** A declared action of a screen; only the screen kit makes them. */
export interface ActionRef<K extends string = string> {
  readonly name: K;
  readonly [declared]: true;
}

/** One reference per declared action name. */
export type ActionRefs<K extends string> = { readonly [P in K]: ActionRef<P> };

/** Made by the screen kit from a screen's declared actions; a view never makes its own. */
export const declaredActions = <K extends string>(names: readonly K[]): ActionRefs<K> => Object.fromEntries(names.map((name) => [name, { name }])) as unknown as ActionRefs<K>;

/** The value a button sends: the action's name, and after a colon what it is for (a row's id). */
export const actionValue = (action: ActionRef, arg?: string | null) => (arg === undefined || arg === null ? action.name : `${action.name}:${arg}`);

/** What a post asked for, or null when it names no action (a form no page of ours drew). */
export function parseAction(v: unknown): { name: string; arg: string | null } | null {
  if (typeof v !== 'string' || !v) return null;
  const at = v.indexOf(':');
  return at < 0 ? { name: v, arg: null } : { name: v.slice(0, at), arg: v.slice(at + 1) };
}

export interface ActionButtonProps {
  action: ActionRef;
  /** What the action is for (a row's id): sent after the action's name. */
  arg?: string | null;
  /** The form it submits when it stands outside it (a row's button in a table, the bulk bar's form). */
  form?: string;
  /** The kit's button classes (docs/ui.md): `btn`, `btn btn-small-solid`, `btn-link`… */
  className?: string;
  /** Asks the person first (client/boot.ts; without the script, the screen kit): an action that cannot be undone. */
  confirm?: string | null;
  /**
   * Asks first when the chosen option of its form's select of this name carries a question
   * (`data-confirm` on the option): a bulk move whose target tells people what cannot be undone.
   */
  confirmChoice?: string;
  disabled?: boolean | undefined;
  /** Sends the form without the browser's checks (adding a row to a form being filled in). */
  noValidate?: boolean;
  title?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** The one way to draw a button that posts: it sends its declared action. */
export function ActionButton(p: ActionButtonProps) {
  return (
    <button
      type="submit"
      name={p.confirm || p.confirmChoice ? ASKING_FIELD : ACTION_FIELD}
      value={actionValue(p.action, p.arg)}
      {...(p.form ? { form: p.form } : {})}
      className={p.className ?? 'btn'}
      {...(p.confirm ? { 'data-confirm': p.confirm } : {})}
      {...(p.confirmChoice ? { 'data-confirm-choice': p.confirmChoice } : {})}
      {...(p.disabled ? { disabled: true } : {})}
      {...(p.noValidate ? { formNoValidate: true } : {})}
      {...(p.title ? { title: p.title } : {})}
      {...(p['aria-label'] ? { 'aria-label': p['aria-label'] } : {})}
    >
      {p.children}
    </button>
  );
}

/**
 * A form of one button (sync now, take this shift, a row's delete): it posts to `post` and sends
 * its action; `children` are its hidden fields (which row it is for) and what it says before the
 * button. `button` is the button's kit classes (ActionButton's `className`), `confirm` its question.
 */
export function ActionForm(p: { post: string; className?: string; action: ActionRef; arg?: string | null; button?: string; confirm?: string; label: string; children?: ReactNode }) {
  return (
    <form method="post" action={p.post} className={p.className}>
      {p.children}
      <ActionButton action={p.action} arg={p.arg} className={p.button} confirm={p.confirm}>
        {p.label}
      </ActionButton>
    </form>
  );
}

/**
 * A form of one button whose action cannot be undone (a delete, a disconnect): the button asks
 * `prompt` first, in the browser or, without script, on the server's page (ActionButton's
 * `confirm`). The form posts to `post`; `children` are its hidden fields (which row it is for).
 */
export function ConfirmAction(p: { className?: string; small?: boolean; label: string; post: string; prompt: string; action: ActionRef; arg?: string; children?: ReactNode }) {
  return (
    <ActionForm post={p.post} className={p.className ?? 'confirm'} action={p.action} arg={p.arg} button={p.small ? 'btn btn-small btn-danger' : 'btn btn-danger'} confirm={p.prompt} label={p.label}>
      {p.children}
    </ActionForm>
  );
}

/**
 * A form's footer: the button of its action, then a link that leaves the form without sending it.
 * The back office draws it as `form-actions` (`btn`, `btn-danger` when the action cannot be
 * undone, the link `btn btn-secondary`); the public site (`publicSite`) as its `cta-group`.
 */
export function FormFooter(p: { action: ActionRef; arg?: string | null; label: string; leave: CtaLink; danger?: boolean; disabled?: boolean; publicSite?: boolean }) {
  const [group, go, away] = p.publicSite ? ['cta-group', 'button button-primary', 'button button-secondary'] : ['form-actions', p.danger ? 'btn btn-danger' : 'btn', 'btn btn-secondary'];
  return (
    <div className={group}>
      <ActionButton action={p.action} arg={p.arg} className={go} disabled={p.disabled}>
        {p.label}
      </ActionButton>
      <a href={p.leave.href} className={away}>
        {p.leave.label}
      </a>
    </div>
  );
}

/**
 * The question of a button that asks first, asked by the server for a browser that did not (the
 * screen kit, server/web/ask-first.tsx): the form as it was posted, sent again with the pressed
 * action when the person says yes; "no" goes back to the page.
 */
export function AskFirst(p: {
  title: string;
  question: string;
  post: string;
  fields: readonly (readonly [string, string])[];
  action: ActionRef;
  arg: string | null;
  yes: string;
  no: string;
  admin: boolean;
}) {
  return (
    <section className={p.admin ? 'card ask-first' : 'container section ask-first'}>
      <h1>{p.title}</h1>
      <form method="post" action={p.post}>
        {p.fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <p>{p.question}</p>
        <FormFooter action={p.action} arg={p.arg} label={p.yes} leave={{ href: p.post, label: p.no }} danger publicSite={!p.admin} />
      </form>
    </section>
  );
}

import type { JSX, ReactNode } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { ActionButton, type ActionRef } from '../../ui/Action.tsx';
import { AlertBox } from '../../ui/Alert.tsx';
import { ErrorSummary, Field } from '../../ui/Field.tsx';

/**
 * The pieces of the public pages that are one form (/login, /forget-password, /reset-password,
 * /staff/contact, /v3/trial), so each page is its fields and its words.
 */

/** What a form page that keeps what was typed is given: its action, the values and the errors, and whether it was sent. */
export interface SentFormProps {
  action: ActionRef;
  lang: Lang;
  values: Record<string, string>;
  errors: Record<string, string>;
  sent: boolean;
}

/** A page that is one form panel under its h1 (labelled by `id`); `wide` for longer forms. */
export function FormPage(props: { page: string; wide?: boolean; id: string; title: string; children: ReactNode }): JSX.Element {
  return (
    <div className={`page ${props.page}`}>
      <div className={props.wide ? 'container auth-container wide' : 'container auth-container'}>
        <section className="form-panel" aria-labelledby={props.id}>
          <h1 id={props.id}>{props.title}</h1>
          {props.children}
        </section>
      </div>
    </div>
  );
}

/** The summary of what to correct, each field named as the form labels it (`labels`: the catalogue's keys). */
export function CheckForm(props: { lang: Lang; errors: Record<string, string>; labels: Record<string, MessageKey> }): JSX.Element {
  const labels = Object.fromEntries(Object.entries(props.labels).map(([name, key]) => [name, msg(props.lang, key)]));
  return <ErrorSummary title={msg(props.lang, 'common.checkForm')} errors={props.errors} labels={labels} />;
}

/** The errors that belong to no field of the form (those in `fields` stand beside their field). */
export function OtherErrors(props: { errors: Record<string, string>; fields: readonly string[] }): JSX.Element | null {
  const other = Object.entries(props.errors).filter(([name, message]) => !props.fields.includes(name) && message);
  if (other.length === 0) return null;
  return (
    <AlertBox tone="error">
      {other.map(([name, message]) => (
        <p key={name}>{message}</p>
      ))}
    </AlertBox>
  );
}

/** What the last post said: a notice (it was done) and an error (it was refused), each when there is one. */
export function FormAlerts(props: { notice?: string | undefined; error?: string | undefined }): JSX.Element {
  return (
    <>
      {props.notice ? (
        <AlertBox tone="success">
          <p>{props.notice}</p>
        </AlertBox>
      ) : null}
      {props.error ? (
        <AlertBox tone="error">
          <p>{props.error}</p>
        </AlertBox>
      ) : null}
    </>
  );
}

/** The form's one button, across the panel: it sends the form's action. */
export function SubmitButton(props: { action: ActionRef; children: ReactNode }): JSX.Element {
  return (
    <ActionButton action={props.action} className="button button-primary button-block">
      {props.children}
    </ActionButton>
  );
}

/** A link under a form, after the sentence that leads to it (`lead`) when there is one. */
export type FormLink = { lead?: string; href: string; label: string };

/** The links under a form: where else to go from it (log in instead, register, forgot the password). */
export function FormLinks(props: { links: readonly FormLink[] }): JSX.Element {
  return (
    <ul className="form-links">
      {props.links.map((link) => (
        <li key={link.href}>
          {link.lead ? <>{link.lead} </> : null}
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

/** The minimum password length the forms announce (the server enforces it). */
export const MIN_PASSWORD = 8;

/** A field where a person chooses a password: the browser may offer a strong one, and checks the length first. */
export function NewPasswordField(props: { name: string; label: string; hint?: string | undefined; error: string | undefined }): JSX.Element {
  return <Field name={props.name} type="password" label={props.label} hint={props.hint} error={props.error} required autoComplete="new-password" minLength={MIN_PASSWORD} />;
}

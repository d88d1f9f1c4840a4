import type { JSX, ReactNode } from 'react';

export type FieldProps = {
  /** The form field name; also the element id (`{name}`), so a label, an error summary link `#name` and the field line up. */
  name: string;
  /** The visible label, already in the page language. */
  label: string;
  /** The input type (text, email, tel, password, hidden…); ignored for textareas and selects. Default `text`. */
  type?: string;
  /** The value to show again after a failed post (never pass a password back). */
  value?: string;
  /** The error message for this field, already in the page language. */
  error?: string;
  required?: boolean;
  autoComplete?: string;
  /** A short help text under the label, e.g. "at least 8 characters". */
  hint?: string;
  /** Render a multi-line `<textarea>` instead of an `<input>`. */
  textarea?: boolean;
  /** The minimum length of the value (passwords). */
  minLength?: number;
  /** `<option>` elements: when given, the field is a `<select>`. */
  children?: ReactNode;
};

/**
 * One form field: label (with a required marker), input / textarea / select, hint and error.
 * The error is a `<p className="field-error" id="{name}-error">` tied to the control with
 * `aria-describedby`, and the control gets `aria-invalid`. Values are rendered as default values
 * so the server-rendered form keeps what the visitor typed.
 */
export function Field(props: FieldProps): JSX.Element {
  const { name, label, type = 'text', value, error, required = false, autoComplete, hint, textarea = false, minLength, children } = props;
  const id = name;
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((x): x is string => x !== null).join(' ') || undefined;
  const invalid = error ? true : undefined;

  const common = {
    id,
    name,
    required: required || undefined,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    autoComplete,
  };

  let control: JSX.Element;
  if (textarea) {
    control = <textarea {...common} rows={6} minLength={minLength} defaultValue={value ?? ''} />;
  } else if (children !== undefined && children !== null && children !== false) {
    control = (
      <select {...common} defaultValue={value ?? ''}>
        {children}
      </select>
    );
  } else {
    control = <input {...common} type={type} minLength={minLength} defaultValue={type === 'password' ? undefined : value} />;
  }

  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {control}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error under it, with the id its control names in `aria-describedby` (`{name}-error`); nothing when there is none. */
export function FieldError(props: { id: string; error: string | undefined }): JSX.Element | null {
  return props.error ? (
    <p className="field-error" id={props.id}>
      {props.error}
    </p>
  ) : null;
}

/**
 * A group of controls under one legend (a set of checkboxes, of times), its error tied to the group
 * as a field's is to its control (`{name}-error`).
 */
export function FieldSet(props: { name: string; legend: ReactNode; error: string | undefined; children: ReactNode }): JSX.Element {
  const errorId = `${props.name}-error`;
  return (
    <fieldset className="field field-multi" aria-describedby={props.error ? errorId : undefined}>
      <legend>{props.legend}</legend>
      {props.children}
      <FieldError id={errorId} error={props.error} />
    </fieldset>
  );
}

const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/;

/**
 * The box above a form that failed validation: a `role="alert"` heading and a link to each field
 * in error, so keyboard and screen-reader users can jump straight to it. Renders nothing when
 * there are no errors for the listed fields.
 */
export function ErrorSummary(props: { title: string; errors: Record<string, string>; labels: Record<string, string> }): JSX.Element | null {
  const entries = Object.entries(props.labels).filter(([name]) => Boolean(props.errors[name]));
  const other = Object.entries(props.errors).filter(([name, message]) => message && !(name in props.labels));
  if (entries.length === 0 && other.length === 0) return null;
  return (
    <div className="alert alert-error error-summary" role="alert">
      <p className="alert-title">{props.title}</p>
      <ul>
        {entries.map(([name, label]) => (
          <li key={name}>
            <a href={`#${name}`}>
              {label}
              {CJK.test(label) ? '\uff1a' : ': '}
              {props.errors[name]}
            </a>
          </li>
        ))}
        {other.map(([name, message]) => (
          <li key={name}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

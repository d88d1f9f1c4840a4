import type { ReactNode } from 'react';

/**
 * A form panel beside a list (assign, swap, a points adjustment): its heading, a hint, the
 * `_action` the screen's post dispatches on, the notice after it was done and the error of a
 * refused post, then its fields.
 */
export function PanelForm(p: { id: string; className: string; action: string; title: string; hint?: string; op: string; done?: string | null; error?: string | null; children: ReactNode }) {
  return (
    <form method="post" action={p.action} className={`panel ${p.className}`} aria-labelledby={p.id} noValidate>
      <h2 id={p.id}>{p.title}</h2>
      {p.hint && <p className="hint">{p.hint}</p>}
      <input type="hidden" name="_action" value={p.op} />
      {p.done && (
        <p className="form-notice" role="status">
          {p.done}
        </p>
      )}
      {p.error && (
        <p className="alert alert-error" role="alert">
          {p.error}
        </p>
      )}
      {p.children}
    </form>
  );
}

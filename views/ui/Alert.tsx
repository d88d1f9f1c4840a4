import type { JSX, ReactNode } from 'react';

/** What an alert tells: something done (`success`), something to know (`info`), or a refusal or failure (`error`). */
export type AlertTone = 'success' | 'info' | 'error';

/** A refusal interrupts the reader (`alert`); anything else waits its turn (`status`). */
const roleOf = (tone: AlertTone) => (tone === 'error' ? 'alert' : 'status');

/** One sentence in the kit's alert box of its tone; `className` draws it another way (a form's own notice line). */
export function AlertLine(p: { tone: AlertTone; className?: string; children: ReactNode }): JSX.Element {
  return (
    <p className={p.className ?? `alert alert-${p.tone}`} role={roleOf(p.tone)}>
      {p.children}
    </p>
  );
}

/** An alert box of paragraphs (`children`), under its bold first line (`title`) when it has one. */
export function AlertBox(p: { tone: AlertTone; title?: string; children?: ReactNode }): JSX.Element {
  return (
    <div className={`alert alert-${p.tone}`} role={roleOf(p.tone)}>
      {p.title ? <p className="alert-title">{p.title}</p> : null}
      {p.children}
    </div>
  );
}

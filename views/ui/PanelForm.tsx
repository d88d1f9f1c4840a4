import type { ReactNode } from 'react';
import { AlertLine } from './Alert.tsx';

/**
 * A form panel beside a list (assign, swap, a points adjustment): its heading, a hint, the notice
 * after it was done and the error of a refused post, then its fields and its action's button
 * (views/ui/Action.tsx). Drawn as the kit's form card (`card resource-form`: labels above their
 * fields); `form-grid` lays its fields side by side where there is room.
 */
export function PanelForm(p: { id: string; className: string; action: string; title: string; hint?: string; done?: string | null; error?: string | null; children: ReactNode }) {
  return (
    <form method="post" action={p.action} className={`card resource-form panel ${p.className}`} aria-labelledby={p.id} noValidate>
      <h2 id={p.id}>{p.title}</h2>
      {p.hint && <p className="hint">{p.hint}</p>}
      {p.done && (
        <AlertLine tone="success" className="form-notice">
          {p.done}
        </AlertLine>
      )}
      {p.error && <AlertLine tone="error">{p.error}</AlertLine>}
      {p.children}
    </form>
  );
}

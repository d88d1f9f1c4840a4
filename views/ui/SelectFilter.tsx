import type { JSX, ReactNode } from 'react';

/** A GET form of one select (`children`: its options) that filters the page it stands on, and the button that shows the result. */
export function SelectFilter(p: { path: string; label: string; name: string; value: string; button: string; buttonClass: string; children: ReactNode }): JSX.Element {
  return (
    <form method="get" action={p.path} className="filters">
      <label>
        {p.label}
        <select name={p.name} defaultValue={p.value}>
          {p.children}
        </select>
      </label>
      <button type="submit" className={p.buttonClass}>
        {p.button}
      </button>
    </form>
  );
}

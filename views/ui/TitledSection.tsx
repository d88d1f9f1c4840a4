import type { JSX, ReactNode } from 'react';

/**
 * A part of a page under its own h2, which names the section for assistive technology (`id`);
 * `anchor` is the section's own id for links to it. `empty`, when set, is said in place of the
 * content (a list with nothing in it yet).
 */
export function TitledSection(p: { id: string; title: ReactNode; className?: string; anchor?: string; empty?: string | false; children?: ReactNode }): JSX.Element {
  return (
    <section className={p.className} aria-labelledby={p.id} id={p.anchor}>
      <h2 id={p.id}>{p.title}</h2>
      {p.empty ? <p className="empty">{p.empty}</p> : p.children}
    </section>
  );
}

import type { JSX, ReactNode } from 'react';

/** A link of a navigation list; `current` is its `aria-current`: the page shown (`page`) or the section it is in (`true`). */
export type NavLinkView = { href: string; label: ReactNode; current?: 'page' | 'true' | undefined };

/** A list of navigation links, the current one marked for assistive technology (and the CSS that highlights it). */
export function LinkList({ className, links }: { className?: string; links: readonly NavLinkView[] }): JSX.Element {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={link.current}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

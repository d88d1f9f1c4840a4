import type { JSX } from 'react';

/** A link drawn as a button, its words already in the page's language. */
export type CtaLink = { href: string; label: string };

/** The public site's buttons side by side (`cta-group`), the first one primary; `large` in the home page's hero. */
export function CtaGroup(p: { links: readonly CtaLink[]; large?: boolean }): JSX.Element {
  return (
    <div className="cta-group">
      {p.links.map((link, index) => (
        <a key={link.href} className={`button ${index === 0 ? 'button-primary' : 'button-secondary'}${p.large ? ' button-large' : ''}`} href={link.href}>
          {link.label}
        </a>
      ))}
    </div>
  );
}

/**
 * What a public page says where its list has nothing (no jobs, no applications, no chats yet): a
 * sentence, under a bold title when it has one, and where to go from here.
 */
export function EmptyState(p: { title?: string; text: string; links: readonly CtaLink[] }): JSX.Element {
  return (
    <div className="empty-state">
      {p.title ? <p className="empty-title">{p.title}</p> : null}
      <p>{p.text}</p>
      <CtaGroup links={p.links} />
    </div>
  );
}

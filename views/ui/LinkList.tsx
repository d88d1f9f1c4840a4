import type { JSX, ReactNode } from 'react';
import type { Lang } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';

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

/** Links written as their paths, each naming the catalogue key of its words, in the order shown. */
export type KeyedLinks = Readonly<Record<string, MessageKey>>;

/** A LinkList of KeyedLinks in the page's language; `current(href)` says which one is shown. */
export function KeyedLinkList(props: { lang: Lang; className?: string; links: KeyedLinks; current: (href: string) => NavLinkView['current'] }): JSX.Element {
  return <LinkList className={props.className} links={Object.entries(props.links).map(([href, label]) => ({ href, label: msg(props.lang, label), current: props.current(href) }))} />;
}

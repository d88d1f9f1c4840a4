import { Fragment, type JSX } from 'react';
import { dateLong } from '../../../shared/format.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { legalSections } from '../../../server/modules/templates/legal-text.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { LegalFrame } from './legal-frame.tsx';

export interface PublishedLegalDoc {
  kind: 'terms' | 'privacy';
  version: string;
  /** The language of title and body (Japanese when a version has no text in the page's language). */
  lang: string;
  title: string;
  /** Plain text: paragraphs separated by blank lines. */
  body: string;
  published_at: string;
}

const RELATED: Record<'terms' | 'privacy', { href: string; label: MessageKey }[]> = {
  terms: [
    { href: '/policy', label: 'common.privacyPolicy' },
    { href: '/staff/contact', label: 'common.contactUs' },
  ],
  privacy: [
    { href: '/terms', label: 'common.termsOfUse' },
    { href: '/staff/contact', label: 'common.contactUs' },
  ],
};

/**
 * /terms and /policy showing the newest version published at /admin/templates/terms or privacy.
 * The body is text: paragraphs split on blank lines, article headings as h2; never HTML.
 */
export function PublishedLegalPage({ lang, doc }: { lang: Lang; doc: PublishedLegalDoc }): JSX.Element {
  const date = new Date(doc.published_at);
  const shown = Number.isNaN(date.getTime()) ? doc.published_at : dateLong(date, lang);
  return (
    <LegalFrame lang={lang} title={doc.title} dateTime={doc.published_at} shown={shown} textLang={doc.lang === lang ? undefined : doc.lang}>
      {legalSections(doc.body).map((s, i) => (
        <section className="legal-article" id={`article-${i + 1}`} key={i}>
          {s.heading && <h2>{s.heading}</h2>}
          {s.paragraphs.map((lines, j) => (
            <p key={j}>
              {lines.map((line, k) => (
                <Fragment key={k}>
                  {k > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </p>
          ))}
        </section>
      ))}
      <p className="legal-contact">
        {msg(lang, 'legal.seeAlso')}
        {RELATED[doc.kind].map((l, i) => (
          <Fragment key={l.href}>
            {i > 0 && ' · '}
            <a href={l.href}>{msg(lang, l.label)}</a>
          </Fragment>
        ))}
      </p>
    </LegalFrame>
  );
}

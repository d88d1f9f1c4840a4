import { Fragment, type JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { legalSections } from '../../../server/modules/templates/legal-text.ts';

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

const RELATED: Record<'terms' | 'privacy', { href: string; label: Text }[]> = {
  terms: [
    { href: '/policy', label: { ja: 'プライバシーポリシー', en: 'Privacy policy' } },
    { href: '/staff/contact', label: { ja: 'お問い合わせ', en: 'Contact us' } },
  ],
  privacy: [
    { href: '/terms', label: { ja: '利用規約', en: 'Terms of use' } },
    { href: '/staff/contact', label: { ja: 'お問い合わせ', en: 'Contact us' } },
  ],
};

/**
 * /terms and /policy showing the newest version published at /admin/templates/terms or privacy.
 * The body is text: paragraphs split on blank lines, article headings as h2; never HTML.
 */
export function PublishedLegalPage({ lang, doc }: { lang: Lang; doc: PublishedLegalDoc }): JSX.Element {
  const t = (text: Text) => tr(lang, text);
  const date = new Date(doc.published_at);
  const shown = Number.isNaN(date.getTime())
    ? doc.published_at
    : date.toLocaleDateString(lang === 'ja' ? 'ja-JP' : 'en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <div className="page page-legal">
      <div className="container prose legal" lang={doc.lang === lang ? undefined : doc.lang}>
        <header className="page-header-plain">
          <h1>{doc.title}</h1>
          <p className="legal-date">
            {t({ ja: '制定日：', en: 'Effective: ' })}
            <time dateTime={doc.published_at}>{shown}</time>
          </p>
        </header>
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
          {t({ ja: '関連：', en: 'See also: ' })}
          {RELATED[doc.kind].map((l, i) => (
            <Fragment key={l.href}>
              {i > 0 && ' · '}
              <a href={l.href}>{t(l.label)}</a>
            </Fragment>
          ))}
        </p>
      </div>
    </div>
  );
}

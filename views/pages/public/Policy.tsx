import type { JSX } from 'react';
import { dateLong } from '../../../shared/format.ts';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { POLICY_ARTICLES } from '../../../shared/content/legal.ts';
import { msg } from '../../../shared/messages.ts';

const POLICY_DATE = '2026-11-01';

/** /policy: the privacy policy, in numbered articles with a table of contents. */
export function PolicyPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const heading = (index: number, title: Text) => msg(lang, 'legal.article', { n: index + 1, title: tr(lang, title) });

  return (
    <div className="page page-legal">
      <div className="container prose legal">
        <header className="page-header-plain">
          <h1>{msg(lang, 'common.privacyPolicy')}</h1>
          <p className="legal-date">
            {msg(lang, 'legal.effective')}
            <time dateTime={POLICY_DATE}>{dateLong(POLICY_DATE, lang)}</time>
          </p>
        </header>

        <nav className="toc" aria-label={msg(lang, 'legal.contents')}>
          <ol>
            {POLICY_ARTICLES.map((article, index) => (
              <li key={article.title.en}>
                <a href={`#article-${index + 1}`}>{heading(index, article.title)}</a>
              </li>
            ))}
          </ol>
        </nav>

        {POLICY_ARTICLES.map((article, index) => (
          <section className="legal-article" id={`article-${index + 1}`} key={article.title.en} aria-labelledby={`article-${index + 1}-title`}>
            <h2 id={`article-${index + 1}-title`}>{heading(index, article.title)}</h2>
            {article.paragraphs.map((paragraph, p) => (
              <div key={paragraph.en}>
                <p>
                  {article.paragraphs.length > 1 ? <span className="clause-number">{p + 1}. </span> : null}
                  {tr(lang, paragraph)}
                </p>
                {p === 0 && article.items ? (
                  <ol className="legal-items">
                    {article.items.map((item) => (
                      <li key={item.en}>{tr(lang, item)}</li>
                    ))}
                  </ol>
                ) : null}
              </div>
            ))}
          </section>
        ))}

        <p className="legal-contact">
          <a href="/staff/contact">{msg(lang, 'legal.contactForm')}</a>
        </p>
      </div>
    </div>
  );
}


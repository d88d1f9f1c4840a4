import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { POLICY_ARTICLES } from '../../../shared/content/legal.ts';

const POLICY_DATE = '2026-11-01';

/** /policy: the privacy policy, in numbered articles with a table of contents. */
export function PolicyPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);
  const heading = (index: number, title: Text) =>
    lang === 'ja' ? `第${index + 1}条（${title.ja}）` : `Article ${index + 1} (${title.en})`;

  return (
    <div className="page page-legal">
      <div className="container prose legal">
        <header className="page-header-plain">
          <h1>{t({ ja: 'プライバシーポリシー', en: 'Privacy policy' })}</h1>
          <p className="legal-date">
            {t({ ja: '制定日：', en: 'Effective: ' })}
            <time dateTime={POLICY_DATE}>{t({ ja: '2026年11月1日', en: 'November 1, 2026' })}</time>
          </p>
        </header>

        <nav className="toc" aria-label={t({ ja: '目次', en: 'Contents' })}>
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
                  {t(paragraph)}
                </p>
                {p === 0 && article.items ? (
                  <ol className="legal-items">
                    {article.items.map((item) => (
                      <li key={item.en}>{t(item)}</li>
                    ))}
                  </ol>
                ) : null}
              </div>
            ))}
          </section>
        ))}

        <p className="legal-contact">
          <a href="/staff/contact">{t({ ja: 'お問い合わせフォームへ', en: 'Go to the contact form' })}</a>
        </p>
      </div>
    </div>
  );
}


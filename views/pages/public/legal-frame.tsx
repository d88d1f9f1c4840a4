import type { JSX, ReactNode } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import type { LegalArticle } from '../../../shared/content/legal.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { dateLong } from '../../../shared/format.ts';

/**
 * The frame of /terms and /policy, built in or published: the title, the date the text takes
 * effect (`shown` as the page writes it) and what follows (`children`: the articles and the links
 * under them). `textLang` marks a text in another language than the page's.
 */
export function LegalFrame(props: { lang: Lang; title: string; dateTime: string; shown: string; textLang?: string | undefined; children: ReactNode }): JSX.Element {
  return (
    <div className="page page-legal">
      <div className="container prose legal" lang={props.textLang}>
        <header className="page-header-plain">
          <h1>{props.title}</h1>
          <p className="legal-date">
            {msg(props.lang, 'legal.effective')}
            <time dateTime={props.dateTime}>{props.shown}</time>
          </p>
        </header>
        {props.children}
      </div>
    </div>
  );
}

/** The built-in articles, numbered, after a table of contents that links to each. */
export function LegalArticles(props: { lang: Lang; articles: readonly LegalArticle[] }): JSX.Element {
  const { lang, articles } = props;
  const heading = (index: number, title: Text) => msg(lang, 'legal.article', { n: index + 1, title: tr(lang, title) });
  return (
    <>
      <nav className="toc" aria-label={msg(lang, 'legal.contents')}>
        <ol>
          {articles.map((article, index) => (
            <li key={article.title.en}>
              <a href={`#article-${index + 1}`}>{heading(index, article.title)}</a>
            </li>
          ))}
        </ol>
      </nav>

      {articles.map((article, index) => (
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
    </>
  );
}

/** A built-in legal text's page (/terms, /policy): its title, the date it takes effect, its articles, and the links under them (`children`). */
export function BuiltInLegalPage(props: { lang: Lang; title: MessageKey; date: string; articles: readonly LegalArticle[]; children: ReactNode }): JSX.Element {
  const { lang, date } = props;
  return (
    <LegalFrame lang={lang} title={msg(lang, props.title)} dateTime={date} shown={dateLong(date, lang)}>
      <LegalArticles lang={lang} articles={props.articles} />
      <p className="legal-contact">{props.children}</p>
    </LegalFrame>
  );
}

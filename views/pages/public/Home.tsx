import type { JSX } from 'react';
import { otherLang, tr, type Lang, type Text } from '../../../shared/i18n.ts';
import home from '../../../shared/content/home.json' with { type: 'json' };
import { Actions, ContentPage, LinkLine, type ContentLink, type PageContent } from './sections.tsx';

/** The home page's copy: its hero (the tagline is shown in both languages), then its sections. */
const HOME: PageContent & { hero: { tagline: Text; lead: Text; actions: readonly ContentLink[]; company: { text: Text; link: ContentLink } } } = home;

/** The home page (/): hero, calls to action, how it works, features for workers and companies. */
export function HomePage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const other = otherLang(lang);
  const { hero } = HOME;

  return (
    <ContentPage lang={lang} name="home" content={HOME}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <p className="hero-eyebrow">
            Tsunagu <span lang="ja">つなぐ</span>
          </p>
          <h1 id="hero-title">{tr(lang, hero.tagline)}</h1>
          <p className="hero-alt" lang={other}>
            {tr(other, hero.tagline)}
          </p>
          <p className="hero-lead">{tr(lang, hero.lead)}</p>
          <Actions lang={lang} links={hero.actions} large />
          <LinkLine lang={lang} className="hero-company" text={hero.company.text} link={hero.company.link} />
        </div>
      </section>
    </ContentPage>
  );
}

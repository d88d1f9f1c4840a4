import type { JSX, ReactNode } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { Facts } from '../../ui/Facts.tsx';
import { CtaGroup, type CtaLink } from '../../ui/EmptyState.tsx';

/**
 * The pieces the public content pages (/, /staff, /about, /download, /faq, /v3/trial) are built
 * from. Their copy is data (shared/content/*.json), drawn here with one renderer per shape, so
 * each page is its words and the markup (and the CSS that styles it) is written once.
 */

/** A card, a step or a benefit: a heading and a paragraph. */
export type Item = { title: Text; body: Text };

/** A link with its words. */
export type ContentLink = { href: string; label: Text };

/** A question of the FAQ, its answer in paragraphs and, after them, where to read on. */
type Question = { id: string; q: Text; a: readonly Text[]; link?: ContentLink };

/** A row of a service-information table: its term, and a sentence, a link or the service's name (`brand`). */
type FactRow = { term: Text; detail?: Text; link?: ContentLink; brand?: boolean };

/**
 * A section of a content page, labelled by its h2 (`id`). Its parts are drawn in this order, each
 * when present: the lead, the statement (the mission), paragraphs, steps, cards, questions, facts,
 * what the page adds itself, a note, the buttons (the first one primary), a sentence with a link
 * (`more`) and a closing band (a sentence beside a button).
 */
export type ContentSection = {
  id: string;
  title: Text;
  lead?: Text;
  tinted?: boolean;
  prose?: boolean;
  statement?: Text;
  paragraphs?: readonly Text[];
  steps?: readonly Item[];
  cards?: readonly Item[];
  questions?: readonly Question[];
  facts?: readonly FactRow[];
  note?: Text;
  actions?: readonly ContentLink[];
  more?: { text?: Text; link: ContentLink };
  band?: { text: Text; link: ContentLink };
};

/** The band that closes a page; without buttons of its own it offers the contact form. */
type ContentBand = { id: string; title: Text; body: Text; tinted?: boolean; actions?: readonly ContentLink[] };

/** A content page: its header (the home page has its hero instead), its sections and its closing band. */
export type PageContent = { header?: { title: Text; lead: Text }; sections: readonly ContentSection[]; cta?: ContentBand };

/** Words given in both languages, or already in the page's (from the message catalogue). */
const say = (lang: Lang, words: Text | string): string => (typeof words === 'string' ? words : tr(lang, words));

/** The page's header: its one h1 and the lead paragraph under it. */
export function PageHeader(props: { lang: Lang; title: Text | string; lead: Text | string }): JSX.Element {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{say(props.lang, props.title)}</h1>
        <p className="lead">{say(props.lang, props.lead)}</p>
      </div>
    </header>
  );
}

/**
 * A content page (`name` gives its class): the header, what the page draws itself (`children`,
 * the home page's hero), the sections with what the page adds to some of them (`inserts`, by
 * section id), and the closing band.
 */
export function ContentPage(props: { lang: Lang; name: string; content: PageContent; inserts?: Readonly<Record<string, ReactNode>>; children?: ReactNode }): JSX.Element {
  const { lang, content } = props;
  return (
    <div className={`page page-${props.name}`}>
      {content.header ? <PageHeader lang={lang} title={content.header.title} lead={content.header.lead} /> : null}
      {props.children}
      {content.sections.map((section) => (
        <Section lang={lang} section={section} key={section.id}>
          {props.inserts?.[section.id]}
        </Section>
      ))}
      {content.cta ? <CtaBand lang={lang} band={content.cta} /> : null}
    </div>
  );
}

/** One section of a content page, its parts in the order ContentSection gives. */
function Section(props: { lang: Lang; section: ContentSection; children?: ReactNode }): JSX.Element {
  const { lang, section: s } = props;
  const t = (text: Text) => tr(lang, text);
  return (
    <section className={s.tinted ? 'section section-tinted' : 'section'} aria-labelledby={s.id}>
      <div className={s.prose ? 'container prose' : 'container'}>
        <h2 id={s.id}>{t(s.title)}</h2>
        {s.lead ? <p className="section-lead">{t(s.lead)}</p> : null}
        {s.statement ? <p className="mission">{t(s.statement)}</p> : null}
        {s.paragraphs?.map((paragraph) => (
          <p key={paragraph.en}>{t(paragraph)}</p>
        ))}
        {s.steps ? <ItemList lang={lang} items={s.steps} kind="steps" /> : null}
        {s.cards ? <ItemList lang={lang} items={s.cards} kind="cards" /> : null}
        {s.questions ? <Questions lang={lang} questions={s.questions} /> : null}
        {s.facts ? (
          <Facts className="info-table" rows={s.facts.map((row) => [t(row.term), row.brand ? <Brand /> : row.link ? <LinkTo lang={lang} link={row.link} /> : row.detail && t(row.detail)])} />
        ) : null}
        {props.children}
        {s.note ? (
          <div className="note" role="note">
            <p>{t(s.note)}</p>
          </div>
        ) : null}
        {s.actions ? <Actions lang={lang} links={s.actions} /> : null}
        {s.more ? <LinkLine lang={lang} className="section-more" text={s.more.text} link={s.more.link} /> : null}
        {s.band ? (
          <div className="cta-band">
            <p>{t(s.band.text)}</p>
            <LinkTo lang={lang} link={s.band.link} className="button button-primary" />
          </div>
        ) : null}
      </div>
    </section>
  );
}

const LISTS = {
  cards: { list: 'ul', className: 'card-grid', item: 'card' },
  steps: { list: 'ol', className: 'steps', item: 'step' },
  benefits: { list: 'ul', className: 'benefit-list', item: undefined },
} as const;

/** Items as a grid of cards, numbered steps or a plain list of benefits. */
export function ItemList(props: { lang: Lang; items: readonly Item[]; kind: keyof typeof LISTS }): JSX.Element {
  const { list: List, className, item: itemClass } = LISTS[props.kind];
  return (
    <List className={className}>
      {props.items.map((item, index) => (
        <li className={itemClass} key={item.title.en}>
          {props.kind === 'steps' ? (
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
          ) : null}
          <h3>{tr(props.lang, item.title)}</h3>
          <p>{tr(props.lang, item.body)}</p>
        </li>
      ))}
    </List>
  );
}

/** Questions as `<details>` disclosures: the question is the summary, the answer opens under it. */
function Questions(props: { lang: Lang; questions: readonly Question[] }): JSX.Element {
  const t = (text: Text) => tr(props.lang, text);
  return (
    <div className="faq-list">
      {props.questions.map((question) => (
        <details className="faq-item" id={question.id} key={question.id}>
          <summary>{t(question.q)}</summary>
          <div className="faq-answer">
            {question.a.map((paragraph) => (
              <p key={paragraph.en}>{t(paragraph)}</p>
            ))}
            {question.link ? (
              <p>
                <LinkTo lang={props.lang} link={question.link} />
              </p>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}

/** The service's name, in Latin letters and (marked as Japanese) in kana. */
function Brand(): JSX.Element {
  return (
    <>
      Tsunagu（<span lang="ja">つなぐ</span>）
    </>
  );
}

function LinkTo(props: { lang: Lang; link: ContentLink; className?: string }): JSX.Element {
  return (
    <a className={props.className} href={props.link.href}>
      {tr(props.lang, props.link.label)}
    </a>
  );
}

/** A paragraph that ends with a link, after a sentence when it has one. */
export function LinkLine(props: { lang: Lang; className: string; text?: Text | undefined; link: ContentLink }): JSX.Element {
  return (
    <p className={props.className}>
      {props.text ? <>{tr(props.lang, props.text)} </> : null}
      <LinkTo lang={props.lang} link={props.link} />
    </p>
  );
}

/** Buttons side by side, the first one primary; `large` in the home page's hero. */
export function Actions(props: { lang: Lang; links: readonly ContentLink[]; large?: boolean }): JSX.Element {
  return <CtaGroup links={props.links.map((link) => ({ href: link.href, label: tr(props.lang, link.label) }))} large={props.large} />;
}

/** The band that closes a page: a heading and a sentence beside what to do next. */
function CtaBand(props: { lang: Lang; band: ContentBand }): JSX.Element {
  const { lang, band } = props;
  return (
    <section className={band.tinted ? 'section section-tinted' : 'section'} aria-labelledby={band.id}>
      <div className="container cta-band">
        <div>
          <h2 id={band.id}>{tr(lang, band.title)}</h2>
          <p>{tr(lang, band.body)}</p>
        </div>
        {band.actions ? <Actions lang={lang} links={band.actions} /> : <CtaGroup links={[contactLink(lang)]} />}
      </div>
    </section>
  );
}

/** The button to the contact form: what the content pages close with, and the empty job boards offer. */
export const contactLink = (lang: Lang): CtaLink => ({ href: '/staff/contact', label: msg(lang, 'common.contactUs') });

import type { JSX, ReactNode } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';

/**
 * The pieces the public content pages (/, /staff, /about, /download, /faq, /v3/trial) are built
 * from, so each page is its words and the markup (and the CSS that styles it) is written once.
 */

/** A card or a step: a heading and a paragraph. */
export type Item = { title: Text; body: Text };

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
 * A section labelled by its h2 (`id`), with a lead paragraph when it has one; `tinted` sections
 * alternate with plain ones down a page, `prose` ones hold running text.
 */
export function Section(props: { lang: Lang; id: string; title: Text; lead?: Text; tinted?: boolean; prose?: boolean; children?: ReactNode }): JSX.Element {
  return (
    <section className={props.tinted ? 'section section-tinted' : 'section'} aria-labelledby={props.id}>
      <div className={props.prose ? 'container prose' : 'container'}>
        <h2 id={props.id}>{tr(props.lang, props.title)}</h2>
        {props.lead ? <p className="section-lead">{tr(props.lang, props.lead)}</p> : null}
        {props.children}
      </div>
    </section>
  );
}

/** Items as a grid of cards. */
export function CardGrid(props: { lang: Lang; items: readonly Item[] }): JSX.Element {
  return (
    <ul className="card-grid">
      {props.items.map((item) => (
        <li className="card" key={item.title.en}>
          <h3>{tr(props.lang, item.title)}</h3>
          <p>{tr(props.lang, item.body)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Items as numbered steps. */
export function Steps(props: { lang: Lang; steps: readonly Item[] }): JSX.Element {
  return (
    <ol className="steps">
      {props.steps.map((step, index) => (
        <li className="step" key={step.title.en}>
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{tr(props.lang, step.title)}</h3>
          <p>{tr(props.lang, step.body)}</p>
        </li>
      ))}
    </ol>
  );
}

/** The band that closes a page: a heading (`id`) and a sentence beside what to do next (`children`: the buttons). */
export function CtaBand(props: { lang: Lang; id: string; title: Text; body: Text; tinted?: boolean; children: ReactNode }): JSX.Element {
  return (
    <section className={props.tinted ? 'section section-tinted' : 'section'} aria-labelledby={props.id}>
      <div className="container cta-band">
        <div>
          <h2 id={props.id}>{tr(props.lang, props.title)}</h2>
          <p>{tr(props.lang, props.body)}</p>
        </div>
        {props.children}
      </div>
    </section>
  );
}

/** The button to the contact form that closes the content pages. */
export function ContactButton(props: { lang: Lang }): JSX.Element {
  return (
    <a className="button button-primary" href="/staff/contact">
      {msg(props.lang, 'common.contactUs')}
    </a>
  );
}

import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import faq from '../../../shared/content/faq.json' with { type: 'json' };
import { ContentPage, type PageContent } from './sections.tsx';

const FAQ: PageContent = faq;

/** /faq: frequently asked questions, as `<details>` disclosures grouped for workers and companies. */
export function FaqPage(props: { lang: Lang }): JSX.Element {
  return <ContentPage lang={props.lang} name="faq" content={FAQ} />;
}

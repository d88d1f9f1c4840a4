import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import about from '../../../shared/content/about.json' with { type: 'json' };
import { ContentPage, type PageContent } from './sections.tsx';

const ABOUT: PageContent = about;

/** /about: mission, what the platform does, service information and how to reach us. */
export function AboutPage(props: { lang: Lang }): JSX.Element {
  return <ContentPage lang={props.lang} name="about" content={ABOUT} />;
}

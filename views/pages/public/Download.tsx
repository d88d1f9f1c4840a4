import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import download from '../../../shared/content/download.json' with { type: 'json' };
import { ContentPage, type PageContent } from './sections.tsx';

const DOWNLOAD: PageContent = download;

/** /download: the worker app — what it does and how to get it (through the employing company). */
export function DownloadPage(props: { lang: Lang }): JSX.Element {
  return <ContentPage lang={props.lang} name="download" content={DOWNLOAD} />;
}

import type { CustomizerState } from '../client/stores/customizer.ts';
import { htmlAttributes } from '../client/stores/customizer.ts';
import type { Lang } from '../shared/i18n.ts';
import { msg } from '../shared/messages.ts';

export const PRODUCT_NAME = 'Tsunagu';
export const THEME_COLOR = '#154D9E';
/** Open Graph's locale of each language. */
const OG_LOCALE: Record<Lang, string> = { ja: 'ja_JP', en: 'en_US' };

export interface DocumentProps {
  lang: Lang;
  title: string;
  /** The page's rendered body HTML. */
  body: string;
  /** Stylesheets by path, e.g. /css/site.css. */
  styles: string[];
  customizer?: CustomizerState | undefined;
  /** Canonical path for hreflang alternates. */
  path: string;
  noindex?: boolean;
  /** A page's own description (a job's summary) for search results and link previews. */
  description?: string;
  /** Who is signed in (ids only): the browser keeps each one's stored state apart (client/stores/persist.ts). */
  adminId?: string | undefined;
  candidateId?: string | undefined;
  /** Scripts the page's islands will load (modulepreload: fetched at once, not one import after another). */
  preload?: readonly string[];
}

/** The html/head shell around every page. */
export function Document(p: DocumentProps) {
  const attrs = p.customizer ? htmlAttributes(p.customizer) : undefined;
  const fullTitle = p.title ? `${p.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  const siteDescription = msg(p.lang, 'site.description');
  const description = p.description ?? siteDescription;
  return (
    <html lang={p.lang} dir={attrs?.dir} className={attrs?.className} style={attrs?.style as React.CSSProperties | undefined} data-admin-id={p.adminId} data-candidate-id={p.candidateId}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={siteDescription} />
        <meta name="theme-color" content={THEME_COLOR} />
        {p.noindex && <meta name="robots" content="noindex" />}
        <meta property="og:site_name" content={PRODUCT_NAME} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        <meta property="og:locale" content={OG_LOCALE[p.lang]} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/build/nprogress.css" />
        {p.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script type="module" src="/build/boot.js" />
        {p.preload?.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body dangerouslySetInnerHTML={{ __html: p.body }} />
    </html>
  );
}

/**
 * The public site's own pages (SPEC §2 public routes): the static pages, the legal pages and the
 * error pages. The forms are their features': the back-office login and the password reset
 * (server/modules/auth/screens/staff-session.tsx), the contact and trial forms
 * (server/modules/contact/screens/contact.tsx).
 */
import type { JSX } from 'react';
import { operation } from '../../api/documents.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { AboutPage } from '../../../views/pages/public/About.tsx';
import { DownloadPage } from '../../../views/pages/public/Download.tsx';
import { FaqPage } from '../../../views/pages/public/Faq.tsx';
import { HomePage } from '../../../views/pages/public/Home.tsx';
import { PolicyPage } from '../../../views/pages/public/Policy.tsx';
import { PublishedLegalPage } from '../../../views/pages/public/PublishedLegal.tsx';
import { StaffPage } from '../../../views/pages/public/Staff.tsx';
import { TermsPage } from '../../../views/pages/public/Terms.tsx';
import type { ErrorKind } from '../../../views/pages/errors/ErrorPage.tsx';
import { defineScreen, errorPage, type Screen } from '../screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  LegalDocument: operation(/* GraphQL */ `
    query LegalDocument($kind: LegalKind!, $lang: String) {
      legalDocument(kind: $kind, lang: $lang) { kind version lang title body published_at }
    }`),
};

const staticScreen = (path: string, Component: (p: { lang: Lang }) => JSX.Element): Screen => defineScreen({ path, load: () => null, view: ({ lang }) => ({ content: <Component lang={lang} /> }) });

/**
 * /terms and /policy: the newest version published at /admin/templates/terms or privacy, in the
 * page's language; the built-in text when none is published or the API cannot answer (a legal
 * page should never be an error page).
 */
const legalScreen = (path: string, kind: 'terms' | 'privacy', Fallback: (p: { lang: Lang }) => JSX.Element): Screen =>
  defineScreen({
    path,
    load: async ({ call, lang, req }) => {
      try {
        return (await call(OWN.LegalDocument, { kind, lang })).legalDocument;
      } catch (err) {
        req.log?.warn({ err }, `legalDocument(${kind}) failed; showing the built-in text`);
        return null;
      }
    },
    view: ({ lang }, doc) => ({ content: doc ? <PublishedLegalPage lang={lang} doc={doc} /> : <Fallback lang={lang} /> }),
  });

const errorScreen = (path: string, kind: ErrorKind): Screen => ({ path, get: async () => errorPage(kind) });

export const PUBLIC_SCREENS: readonly Screen[] = [
  staticScreen('/', HomePage),
  staticScreen('/staff', StaffPage),
  staticScreen('/download', DownloadPage),
  staticScreen('/about', AboutPage),
  staticScreen('/faq', FaqPage),
  legalScreen('/policy', 'privacy', PolicyPage),
  legalScreen('/terms', 'terms', TermsPage),
  errorScreen('/errors/_error', '_error'),
  errorScreen('/errors/error401', 'error401'),
  errorScreen('/errors/error404', 'error404'),
];

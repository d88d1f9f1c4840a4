import type { JSX } from 'react';
import { OPS } from '../api/operations.ts';
import type { Lang } from '../../shared/i18n.ts';
import { PublishedLegalPage, type PublishedLegalDoc } from '../../views/pages/public/PublishedLegal.tsx';
import { callerOf } from './caller.ts';
import type { PageContext } from './pages.tsx';
import { sendPage } from './render.tsx';

/**
 * /terms and /policy: the newest version published at /admin/templates/terms or privacy, in the
 * page's language, through the public `legalDocument` query; the built-in static page when none
 * is published or the API cannot answer (a legal page should never be an error page).
 */
export const legalPage =
  (kind: 'terms' | 'privacy', Fallback: (p: { lang: Lang }) => JSX.Element) =>
  async ({ req, res, lang, route, api }: PageContext): Promise<void> => {
    let doc: PublishedLegalDoc | null = null;
    try {
      const r = await api.graphql<{ legalDocument: PublishedLegalDoc | null }>(OPS.LegalDocument, { kind, lang }, callerOf(req, res));
      if (r.errors?.length) req.log?.warn({ errors: r.errors }, `legalDocument(${kind}) failed; showing the built-in text`);
      doc = r.data?.legalDocument ?? null;
    } catch (err) {
      req.log?.warn({ err }, `legalDocument(${kind}) failed; showing the built-in text`);
    }
    sendPage(req, res, { title: route.title, content: doc ? <PublishedLegalPage lang={lang} doc={doc} /> : <Fallback lang={lang} /> });
  };

/**
 * The built-in privacy policy and terms of use, bilingual data kept in legal.json: the static
 * /policy and /terms pages render them when nothing is published, and the seed writes them as the
 * first published version of the legal templates (server/modules/templates/defaults.ts).
 */
import type { Text } from '../i18n.ts';
import legal from './legal.json' with { type: 'json' };

/** One article: a title, paragraphs, and optionally a list after the first paragraph. */
export type LegalArticle = { title: Text; paragraphs: Text[]; items?: Text[] };

export const POLICY_ARTICLES: readonly LegalArticle[] = legal.policy;

export const TERMS_ARTICLES: readonly LegalArticle[] = legal.terms;

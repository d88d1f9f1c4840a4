import type { DB } from '../../db/connect.ts';
import type { Lang } from '../../../shared/i18n.ts';

export type LegalKind = 'terms' | 'privacy';

export interface LegalDocument {
  kind: LegalKind;
  version: string;
  /** The language of title and body: the one asked for, or Japanese when the version has no text in it. */
  lang: Lang;
  title: string;
  /** Plain text; paragraphs separated by blank lines. */
  body: string;
  published_at: string;
}

/**
 * The newest published version of the terms of use or the privacy policy (platform rows of
 * document_templates), in the language asked for; null when none is published.
 */
export async function latestPublished(db: DB, kind: LegalKind, lang: Lang): Promise<LegalDocument | null> {
  const row = await db
    .selectFrom('document_templates')
    .select(['key', 'subject_ja', 'subject_en', 'body_ja', 'body_en', 'published_at'])
    .where('kind', '=', kind)
    .where('company_id', 'is', null)
    .where('published', '=', true)
    .where('published_at', 'is not', null)
    .orderBy('published_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || !row.published_at) return null;
  const has = (l: Lang) => (l === 'ja' ? row.body_ja : row.body_en).trim() !== '';
  const use: Lang = has(lang) ? lang : 'ja';
  if (!has(use)) return null;
  const title = (use === 'ja' ? row.subject_ja : row.subject_en).trim() || row.subject_ja;
  return { kind, version: row.key, lang: use, title, body: use === 'ja' ? row.body_ja : row.body_en, published_at: row.published_at.toISOString() };
}

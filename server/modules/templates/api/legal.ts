import { isLang } from '../../../../shared/i18n.ts';
import { latestPublished, type LegalKind } from '../legal.ts';
import type { ApiContext } from '../../../api/context.ts';
import { type Rules } from '../../../api/rules.ts';

/** The published terms of use and privacy policy, for the public /terms and /policy pages (edited at /admin/templates/terms and privacy). */
export const typeDefs = /* GraphQL */ `
  "The legal texts of the public site."
  enum LegalKind {
    terms
    privacy
  }

  "The newest published version of the terms of use or the privacy policy, in one language."
  type LegalDocument {
    kind: LegalKind!
    "The version's name (e.g. 2026-11)."
    version: String!
    "The language of title and body: the one asked for, or ja when the version has no text in it."
    lang: String!
    title: String!
    "Plain text: paragraphs separated by blank lines. Never HTML."
    body: String!
    published_at: String!
  }

  extend type Query {
    "The newest published version, or null when none is published. lang: ja or en (default: the caller's language)."
    legalDocument(kind: LegalKind!, lang: String): LegalDocument
  }
`;

export const resolvers = {
  Query: {
    legalDocument: (_: unknown, a: { kind: LegalKind; lang?: string | null }, ctx: ApiContext) => latestPublished(ctx.services.db, a.kind, isLang(a.lang) ? a.lang : ctx.lang),
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // published terms of use and privacy policy (the public /terms and /policy pages)
  'Query.legalDocument': { public: true },
};

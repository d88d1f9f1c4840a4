import type { DB } from '../../db/connect.ts';
import { cachedReference } from '../enums/reference-cache.ts';
import { isUuid } from '../../../shared/ids.ts';
import { pickLang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/texts/index.ts';
import { inBoth } from '../../resources/define.ts';

/** The document kinds a company fills for a person or a client: the employment contract and the invoice. */
export type CompanyDocumentKind = 'contract' | 'billing';

/**
 * The templates of a kind the companies may use, in the order the usual rule takes them: each
 * company's own, then the platform's (company_id null), the oldest first. With no company, the
 * platform's alone (what every company may use).
 */
export function documentChoices(db: DB, kind: CompanyDocumentKind, companyIds: readonly string[]) {
  // Kept with the reference data until a template changes (migration 0063): pages offer them on every view.
  return cachedReference(db, `documentChoices:${kind}:${[...companyIds].sort().join(',')}`, () => loadDocumentChoices(db, kind, companyIds));
}

function loadDocumentChoices(db: DB, kind: CompanyDocumentKind, companyIds: readonly string[]) {
  return db
    .selectFrom('document_templates as d')
    .leftJoin('companies as c', 'c.id', 'd.company_id')
    .select(['d.id', 'd.company_id', 'd.key', 'c.name as company_ja', 'c.name_en as company_en'])
    .where('d.kind', '=', kind)
    .where((eb) => (companyIds.length ? eb.or([eb('d.company_id', 'in', companyIds), eb('d.company_id', 'is', null)]) : eb('d.company_id', 'is', null)))
    .orderBy((eb) => eb('d.company_id', 'is', null))
    .orderBy('c.name')
    .orderBy('d.created_at')
    .execute();
}

/**
 * The same templates as the choices of a select (GraphQL `ResourceOption`): each named by its key
 * (as the template pages list them) and whose it is, the company's name or "platform default".
 */
export async function documentChoiceOptions(db: DB, kind: CompanyDocumentKind, companyIds: readonly string[]) {
  return (await documentChoices(db, kind, companyIds)).map((d) => ({
    value: d.id,
    ...inBoth((lang) => msg(lang, 'docTemplate.choice', { key: d.key, owner: d.company_id ? pickLang(lang, d.company_ja, d.company_en) : msg(lang, 'docTemplate.platform') })),
  }));
}

/**
 * A company's contract or billing template. Without `chosen`, the usual one: its own when it has
 * one, else the platform's (the oldest of each first); none when neither exists. With `chosen`
 * (a template's id, as staff picked it where the document is made), that template when it is of
 * the kind and the company's own or the platform's, else none: a template of another company or
 * of another kind is as good as not there.
 */
export async function companyDocument(db: DB, kind: CompanyDocumentKind, companyId: string, chosen: string | null = null) {
  if (chosen !== null && !isUuid(chosen)) return undefined;
  let q = db
    .selectFrom('document_templates')
    .select(['subject_ja', 'subject_en', 'body_ja', 'body_en'])
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]));
  if (chosen !== null) q = q.where('id', '=', chosen);
  return q
    .orderBy((eb) => eb('company_id', 'is', null))
    .orderBy('created_at')
    .executeTakeFirst();
}

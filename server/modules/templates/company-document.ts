import type { DB } from '../../db/connect.ts';

/**
 * A company's contract or billing template: its own when it has one, else the platform's (the
 * oldest of each first); none when neither exists.
 */
export function companyDocument(db: DB, kind: 'contract' | 'billing', companyId: string) {
  return db
    .selectFrom('document_templates')
    .select(['subject_ja', 'subject_en', 'body_ja', 'body_en'])
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
    .orderBy((eb) => eb('company_id', 'is', null))
    .orderBy('created_at')
    .executeTakeFirst();
}

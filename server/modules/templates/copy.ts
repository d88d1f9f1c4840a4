import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/connect.ts';
import { statusPath } from './status-tree.ts';

export interface CopyResult {
  jobStatuses: number;
  candidateStatuses: number;
  chatbotMessages: number;
  appSettings: number;
  documentTemplates: number;
}

/** The document kinds a company owns a copy of (terms and privacy stay platform-wide). */
const COMPANY_DOCUMENT_KINDS = ['mail', 'contract', 'billing'] as const;

/**
 * Gives a company its own copy of the platform's default templates (company_id null): job and
 * candidate statuses (the tree rebuilt with new ids), chatbot messages, app settings and the mail,
 * contract and invoice templates. Used by the demo seed and the trial signup. A table (or kind)
 * where the company already has rows is left alone, so calling it twice copies nothing twice.
 * Runs in the caller's transaction, or in its own.
 */
export async function copyTemplatesToCompany(db: DB, companyId: string): Promise<CopyResult> {
  if (!db.isTransaction) return db.transaction().execute((trx) => copyTemplatesToCompany(trx, companyId));
  const result: CopyResult = { jobStatuses: 0, candidateStatuses: 0, chatbotMessages: 0, appSettings: 0, documentTemplates: 0 };
  const owns = async (table: 'job_statuses' | 'candidate_statuses' | 'app_settings') => !!(await db.selectFrom(table).select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst());

  if (!(await owns('job_statuses'))) {
    const rows = await db.selectFrom('job_statuses').select(['name_ja', 'name_en', 'color', 'is_open', 'sort']).where('company_id', 'is', null).execute();
    if (rows.length)
      await db
        .insertInto('job_statuses')
        .values(rows.map((r) => ({ ...r, company_id: companyId })))
        .execute();
    result.jobStatuses = rows.length;
  }

  if (!(await owns('candidate_statuses'))) {
    const rows = await db.selectFrom('candidate_statuses').select(['id', 'parent_id', 'name_ja', 'name_en', 'list', 'sort']).where('company_id', 'is', null).execute();
    const newId = new Map(rows.map((r) => [r.id, randomUUID()]));
    // Parents before children (a shorter path from the root first); safe against cycles in the data.
    const ordered = rows.map((r) => ({ r, depth: statusPath(rows, r.id).length })).sort((a, b) => a.depth - b.depth);
    if (ordered.length) {
      await db
        .insertInto('candidate_statuses')
        .values(
          ordered.map(({ r }) => ({
            id: newId.get(r.id)!,
            company_id: companyId,
            parent_id: r.parent_id ? (newId.get(r.parent_id) ?? null) : null,
            name_ja: r.name_ja,
            name_en: r.name_en,
            list: r.list,
            sort: r.sort,
          })),
        )
        .execute();
    }
    result.candidateStatuses = rows.length;
  }

  for (const kind of ['daily', 'other'] as const) {
    const has = await db.selectFrom('chatbot_messages').select('id').where('company_id', '=', companyId).where('kind', '=', kind).limit(1).executeTakeFirst();
    if (has) continue;
    const rows = await db.selectFrom('chatbot_messages').select(['kind', 'step', 'trigger', 'message_ja', 'message_en', 'active']).where('company_id', 'is', null).where('kind', '=', kind).execute();
    if (rows.length)
      await db
        .insertInto('chatbot_messages')
        .values(rows.map((r) => ({ ...r, company_id: companyId })))
        .execute();
    result.chatbotMessages += rows.length;
  }

  if (!(await owns('app_settings'))) {
    const rows = await db.selectFrom('app_settings').select(['key', 'value', 'description']).where('company_id', 'is', null).execute();
    if (rows.length)
      await db
        .insertInto('app_settings')
        .values(rows.map((r) => ({ ...r, company_id: companyId })))
        .execute();
    result.appSettings = rows.length;
  }

  for (const kind of COMPANY_DOCUMENT_KINDS) {
    const has = await db.selectFrom('document_templates').select('id').where('company_id', '=', companyId).where('kind', '=', kind).limit(1).executeTakeFirst();
    if (has) continue;
    const rows = await db.selectFrom('document_templates').select(['kind', 'key', 'subject_ja', 'subject_en', 'body_ja', 'body_en']).where('company_id', 'is', null).where('kind', '=', kind).execute();
    if (rows.length)
      await db
        .insertInto('document_templates')
        .values(rows.map((r) => ({ ...r, company_id: companyId })))
        .execute();
    result.documentTemplates += rows.length;
  }
  return result;
}

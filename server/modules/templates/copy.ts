import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
  /** The platform's rows of a table (of one kind, when given) copied to the company, unless it has such rows already: how many. */
  const copyRows = async (table: 'job_statuses' | 'chatbot_messages' | 'app_settings' | 'document_templates', columns: readonly string[], kind?: string): Promise<number> => {
    const ofKind = kind ? sql`and kind = ${kind}` : sql``;
    const cols = sql.join(columns.map((c) => sql.ref(c)));
    const r = await sql`insert into ${sql.table(table)} (company_id, ${cols})
      select ${companyId}::uuid, ${cols} from ${sql.table(table)} where company_id is null ${ofKind}
        and not exists (select 1 from ${sql.table(table)} where company_id = ${companyId} ${ofKind})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  };

  result.jobStatuses = await copyRows('job_statuses', ['name_ja', 'name_en', 'color', 'is_open', 'sort']);

  const ownsStatuses = await db.selectFrom('candidate_statuses').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst();
  if (!ownsStatuses) {
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

  for (const kind of ['daily', 'other'] as const) result.chatbotMessages += await copyRows('chatbot_messages', ['kind', 'step', 'trigger', 'message_ja', 'message_en', 'active'], kind);
  result.appSettings = await copyRows('app_settings', ['key', 'value', 'description']);
  for (const kind of COMPANY_DOCUMENT_KINDS) result.documentTemplates += await copyRows('document_templates', ['kind', 'key', 'subject_ja', 'subject_en', 'body_ja', 'body_en'], kind);
  return result;
}

import { sql } from 'kysely';
import type { DB } from '../db/connect.ts';

/**
 * The conflict target of `conversations_thread_uq`: one conversation per company, candidate, job and
 * shift, a missing job or shift counting as one value (the index's own expression, so Postgres
 * infers it).
 */
export const CONVERSATION_THREAD = sql`company_id, candidate_id, coalesce(job_id, '00000000-0000-0000-0000-000000000000'::uuid), coalesce(shift_id, '00000000-0000-0000-0000-000000000000'::uuid)`;

/** The candidate's support conversation with the company (no job: /v3/admin/supportChat), made once. */
export async function ensureSupportConversation(db: DB, companyId: string, candidateId: string): Promise<void> {
  await db
    .insertInto('conversations')
    .values({ company_id: companyId, candidate_id: candidateId, job_id: null, shift_id: null, application_id: null, type: 2, last_message_at: null })
    .onConflict((oc) => oc.expression(CONVERSATION_THREAD).doNothing())
    .execute();
}

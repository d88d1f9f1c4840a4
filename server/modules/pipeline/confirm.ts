/**
 * Kakunin from the candidate's side: the candidate confirms they will come to
 * the shift. The application moves from its kakunin status to that status's first child on the
 * shukkin list: the same declared move staff make from the kakunin list, audited with the
 * candidate as the actor. The status is checked again in the UPDATE, so a confirmation racing a
 * staff move cannot apply twice.
 */
import type { DB } from '../../db/connect.ts';
import type { WorkLimitRefusal } from '../workforce/work-limits.ts';
import { moveApplication } from './statuses.ts';

export type ConfirmResult =
  | { ok: true; applicationId: string; companyId: string; to: string; conversationId: string | null }
  | { ok: false; reason: 'not-found' | 'not-awaiting' }
  | { ok: false; reason: 'limits'; refusal: WorkLimitRefusal };

export async function confirmApplication(db: DB, candidate: { id: string; name: string }, applicationId: string): Promise<ConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const app = await trx
      .selectFrom('applications as a')
      .innerJoin('candidate_statuses as st', 'st.id', 'a.candidate_status_id')
      .select(['a.id', 'a.company_id', 'a.candidate_status_id', 'st.list'])
      .where('a.id', '=', applicationId)
      .where('a.candidate_id', '=', candidate.id)
      .executeTakeFirst();
    if (!app) return { ok: false, reason: 'not-found' } as const;
    if (app.list !== 'kakunin') return { ok: false, reason: 'not-awaiting' } as const;
    const next = await trx.selectFrom('candidate_statuses').select('id').where('parent_id', '=', app.candidate_status_id).where('list', '=', 'shukkin').orderBy('sort').limit(1).executeTakeFirst();
    if (!next) return { ok: false, reason: 'not-awaiting' } as const;
    const moved = await moveApplication(trx, {
      applicationId: app.id,
      companyId: app.company_id,
      from: app.candidate_status_id,
      to: next.id,
      actor: candidate,
      extra: { confirmedBy: 'candidate' },
    });
    if (!moved.moved) return moved.refusal ? ({ ok: false, reason: 'limits', refusal: moved.refusal } as const) : ({ ok: false, reason: 'not-awaiting' } as const);
    const conversation = await trx.selectFrom('conversations').select('id').where('application_id', '=', app.id).executeTakeFirst();
    return { ok: true, applicationId: app.id, companyId: app.company_id, to: next.id, conversationId: conversation?.id ?? null } as const;
  });
}

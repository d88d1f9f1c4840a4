/**
 * Swapping two people between two shifts in one step (docs/workforce.md "The
 * shifts page"): person A takes B's shift and B takes A's, both or neither. Each is checked by
 * `mayWork` against the other's shift without their own old one, inside the one
 * transaction that moves them, with both people's rows locked (in a fixed order, so two swaps of
 * the same people at once wait for each other instead of deadlocking).
 */
import { sql } from 'kysely';
import { inTransaction, type DB } from '../../db/connect.ts';
import { clockText } from '../../db/columns.ts';
import { audit, type Actor } from '../../db/audit.ts';
import { mayWork, shiftStarted } from './may-work.ts';
import type { WorkLimitRefusal } from './work-limits.ts';
import { isUuid } from '../../../shared/ids.ts';
import { placementsJoined } from '../jobs/repo.ts';
import { inCompany } from '../../access/tenancy.ts';

/** An application that is not in a closing status (a leaf right under a root: rejected, withdrawn). */
export const liveApplication = sql<boolean>`not exists (
  select 1 from candidate_statuses st join candidate_statuses p on p.id = st.parent_id
  where st.id = a.candidate_status_id and p.parent_id is null
    and not exists (select 1 from candidate_statuses c where c.parent_id = st.id))`;

export type SwapResult =
  | { ok: true }
  /** not-found: an application the caller may not see or not on a shift; the rest are why it cannot move. */
  | { ok: false; reason: 'not-found' | 'same' | 'past' | 'attended' | 'closed' | 'already' | 'visa' }
  | { ok: false; reason: 'limits'; name: string; refusal: WorkLimitRefusal };

/** Swaps the shifts of two applications of `companyId` (null: platform staff, any one company). */
export async function swapShiftPeople(db: DB, actor: Actor, companyId: string | null, aId: string, bId: string): Promise<SwapResult> {
  if (!isUuid(aId) || !isUuid(bId)) return { ok: false, reason: 'not-found' };
  if (aId === bId) return { ok: false, reason: 'same' };
  return inTransaction(db, async (trx): Promise<SwapResult> => {
    const rows = await placementsJoined(trx)
      .select([
        'a.id',
        'a.candidate_id',
        'a.company_id',
        's.id as shiftId',
        's.date',
        clockText('s.start_time').as('start'),
        'j.id as jobId',
        'j.client_id',
        'j.visa_type_ids',
        'u.name',
        'p.visa_type_id',
        liveApplication.as('live'),
      ])
      .select(sql<boolean>`exists (select 1 from attendance t where t.application_id = a.id)`.as('attended'))
      .where('a.id', 'in', [aId, bId])
      .$call((q) => inCompany(q, 'a.company_id', companyId))
      .forUpdate('a')
      .execute();
    const a = rows.find((r) => r.id === aId);
    const b = rows.find((r) => r.id === bId);
    if (!a || !b || a.company_id !== b.company_id) return { ok: false, reason: 'not-found' };
    if (a.shiftId === b.shiftId || a.candidate_id === b.candidate_id) return { ok: false, reason: 'same' };
    // A shift that has started (or ended) takes nobody new, as applying refuses it.
    if (shiftStarted(a) || shiftStarted(b)) return { ok: false, reason: 'past' };
    if (a.attended || b.attended) return { ok: false, reason: 'attended' };
    if (!a.live || !b.live) return { ok: false, reason: 'closed' };
    // The job's accepted residence statuses, as applying checks them.
    const accepts = (job: typeof a, person: typeof a) => !job.visa_type_ids.length || (person.visa_type_id !== null && job.visa_type_ids.includes(person.visa_type_id));
    if (!accepts(b, a) || !accepts(a, b)) return { ok: false, reason: 'visa' };
    // Already on the other shift in another application (a withdrawn one included: one per shift and person).
    const clash = await trx
      .selectFrom('applications')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('candidate_id', '=', a.candidate_id), eb('shift_id', '=', b.shiftId)]), eb.and([eb('candidate_id', '=', b.candidate_id), eb('shift_id', '=', a.shiftId)])]))
      .executeTakeFirst();
    if (clash) return { ok: false, reason: 'already' };
    // Each person on the other's shift, without their own old one; their rows locked in id order.
    for (const [who, to, from] of [
      [a, b, a],
      [b, a, b],
    ].sort((x, y) => (x[0]!.candidate_id < y[0]!.candidate_id ? -1 : 1))) {
      const r = await mayWork(trx, { candidateId: who!.candidate_id, jobId: to!.jobId, shiftId: to!.shiftId, without: from!.shiftId });
      if (!r.ok) return { ok: false, reason: 'limits', name: who!.name, refusal: r };
    }
    for (const [who, to] of [
      [a, b],
      [b, a],
    ] as const) {
      await trx.updateTable('applications').set({ shift_id: to.shiftId, job_id: to.jobId, client_id: to.client_id, updated_at: new Date() }).where('id', '=', who.id).execute();
      await trx.updateTable('conversations').set({ shift_id: to.shiftId, job_id: to.jobId }).where('application_id', '=', who.id).execute();
      await audit(trx, actor, 'application', who.id, who.company_id, { shift: { from: who.shiftId, to: to.shiftId }, swappedWith: to.id });
    }
    // The staffing the client confirmed changed: it confirms again (seats filled stay as they were).
    await trx.updateTable('job_daily_shifts').set({ client_confirmed_at: null, client_confirmed_by: null }).where('id', 'in', [a.shiftId, b.shiftId]).execute();
    return { ok: true };
  }).catch((err: unknown): SwapResult => {
    // A conversation about the other shift already there (the chat's one per person and shift).
    if ((err as { code?: string }).code === '23505') return { ok: false, reason: 'already' };
    throw err;
  });
}

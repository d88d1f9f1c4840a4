/**
 * The candidate's record at a glance beside an open conversation (docs/inbox.md): where the
 * application stands, the next shift, when the residence card runs out, and the language the
 * candidate reads. Read with the pipeline's and the workforce's own queries (no SQL of its own),
 * inside the caller's scope; a candidate the company may not know yet (a scout not answered)
 * shows nothing but the language.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { candidateKnown, type Viewer } from '../../chat/queries.ts';
import { applicationRecord } from '../pipeline/repo.ts';
import { tenantStatuses } from '../pipeline/statuses.ts';
import { scopeOf, workerProfile, workerShifts } from '../workforce/worker-record.ts';
import { reachable } from './conversation.ts';

export interface InboxGlance {
  /** The application's status in both languages; null without an application. */
  statusJa: string | null;
  statusEn: string | null;
  /** The next shift in the caller's scope (today or later, in Japan), or null. */
  nextShift: { date: string; start: string; end: string; titleJa: string; titleEn: string | null } | null;
  /** The residence card's expiry ('YYYY-MM-DD'), or null when unknown or not the company's to see. */
  cardExpiry: string | null;
  /** The language of the candidate's account. */
  lang: string;
}

const dayOf = (d: Date | string | null | undefined): string | null => (d === null || d === undefined ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** The glance for a conversation the caller may open; null otherwise. */
export async function glanceOf(db: Kysely<Database>, viewer: Viewer, id: string): Promise<InboxGlance | null> {
  const c = await reachable(db, viewer, id);
  if (!c || viewer.candidate) return null;
  const profile = await workerProfile(db, c.candidate_id);
  const lang = profile?.lang ?? (await db.selectFrom('users').select('lang').where('id', '=', c.candidate_id).executeTakeFirst())?.lang ?? 'ja';
  if (!(await candidateKnown(db, c))) return { statusJa: null, statusEn: null, nextShift: null, cardExpiry: null, lang };
  const scope = scopeOf(viewer.tenant);
  const [app, statuses, shifts] = await Promise.all([
    c.application_id ? applicationRecord(db, c.application_id) : null,
    c.application_id ? tenantStatuses(db, viewer.tenant) : [],
    scope ? workerShifts(db, scope, c.candidate_id) : [],
  ]);
  const status = app?.candidate_status_id ? statuses.find((s) => s.id === app.candidate_status_id) : undefined;
  // workerShifts lists the newest first: the next one is the last of those still to come.
  const next = shifts.filter((s) => s.upcoming).at(-1);
  return {
    statusJa: status?.name_ja ?? null,
    statusEn: status?.name_en ?? null,
    nextShift: next ? { date: dayOf(next.date)!, start: next.start, end: next.end, titleJa: next.title_ja, titleEn: next.title_en } : null,
    cardExpiry: dayOf(profile?.visa_expiry),
    lang,
  };
}

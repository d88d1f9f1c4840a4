/**
 * Canned replies (docs/inbox.md): a company's ready answers in Japanese and English, with
 * placeholders filled from the conversation — {name} the candidate, {job} the job's title,
 * {shift} the shift's day and hours, {place} where the work is, {company} the company — in the
 * candidate's language. Staff see the filled text in the compose box and may change it before
 * sending. The platform keeps its own set for its support conversations.
 */
import { JOB_PLACE } from '../jobs/repo.ts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fill } from '../../../shared/messages.ts';
import { DEFAULT_LANG, isLang, pickLang, type Lang } from '../../../shared/i18n.ts';
import { companyIdOf, isClient, isPlatform, type Tenant } from '../../access/tenancy.ts';
import { candidateKnown, initialsOf, type Viewer } from '../../chat/queries.ts';
import { reachable, type InboxActor } from './conversation.ts';

type DB = Kysely<Database>;

export const PLACEHOLDERS = ['name', 'job', 'shift', 'place', 'company'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export interface CannedReply {
  id: string;
  title: string;
  bodyJa: string;
  bodyEn: string;
  updatedAt: Date;
}

/** The company whose canned replies the caller reads and writes (null: the platform's own); undefined: none. */
function ownerOf(t: Tenant): string | null | undefined {
  if (isPlatform(t)) return null;
  return companyIdOf(t) ?? undefined;
}

/** The rows of one owner: a company's, or the platform's own (null). */
const ownedBy = (owner: string | null) => (eb: ExpressionBuilder<Database, 'canned_replies'>) => (owner === null ? eb('company_id', 'is', null) : eb('company_id', '=', owner));

export async function cannedReplies(db: DB, viewer: Viewer): Promise<CannedReply[]> {
  const owner = ownerOf(viewer.tenant);
  if (owner === undefined || viewer.candidate) return [];
  const rows = await db.selectFrom('canned_replies').select(['id', 'title', 'body_ja', 'body_en', 'updated_at']).where(ownedBy(owner)).orderBy('title').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, title: r.title, bodyJa: r.body_ja, bodyEn: r.body_en, updatedAt: r.updated_at }));
}

export interface CannedInput {
  id?: string | null;
  title: string;
  bodyJa: string;
  bodyEn: string;
}

/** Fields with something wrong, by name; empty when the reply may be saved. */
export function cannedProblems(input: CannedInput): Partial<Record<'title' | 'bodyJa' | 'bodyEn', 'required' | 'tooLong' | 'placeholder'>> {
  const out: Partial<Record<'title' | 'bodyJa' | 'bodyEn', 'required' | 'tooLong' | 'placeholder'>> = {};
  const check = (k: 'title' | 'bodyJa' | 'bodyEn', v: string, max: number) => {
    if (!v.trim()) out[k] = 'required';
    else if (v.length > max) out[k] = 'tooLong';
    else if (k !== 'title' && [...v.matchAll(/\{(\w+)\}/g)].some((m) => !(PLACEHOLDERS as readonly string[]).includes(m[1]!))) out[k] = 'placeholder';
  };
  check('title', input.title, 100);
  check('bodyJa', input.bodyJa, 4000);
  check('bodyEn', input.bodyEn, 4000);
  return out;
}

export type SaveResult = { ok: true; id: string } | { ok: false; reason: 'not-found' | 'forbidden' };

/** Adds (no id) or changes a canned reply of the caller's company (or the platform's). Valid input is the caller's concern (cannedProblems). */
export async function saveCannedReply(db: DB, viewer: Viewer, actor: InboxActor, input: CannedInput): Promise<SaveResult> {
  const owner = ownerOf(viewer.tenant);
  // A client's users read their company's replies but do not write them.
  if (owner === undefined || viewer.candidate || isClient(viewer.tenant)) return { ok: false, reason: 'forbidden' };
  const values = { title: input.title.trim(), body_ja: input.bodyJa.trim(), body_en: input.bodyEn.trim(), updated_by: actor.id };
  if (!input.id) {
    const row = await db
      .insertInto('canned_replies')
      .values({ ...values, company_id: owner })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, id: row.id };
  }
  const row = await db
    .updateTable('canned_replies')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', input.id)
    .where(ownedBy(owner))
    .returning('id')
    .executeTakeFirst();
  return row ? { ok: true, id: row.id } : { ok: false, reason: 'not-found' };
}

export async function deleteCannedReply(db: DB, viewer: Viewer, id: string): Promise<boolean> {
  const owner = ownerOf(viewer.tenant);
  if (owner === undefined || viewer.candidate || isClient(viewer.tenant)) return false;
  const r = await db.deleteFrom('canned_replies').where('id', '=', id).where(ownedBy(owner)).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** The values of the placeholders for one conversation, in the candidate's language; null when the caller may not open it. */
export async function placeholderValues(db: DB, viewer: Viewer, conversationId: string): Promise<{ lang: Lang; values: Record<Placeholder, string> } | null> {
  const c = await reachable(db, viewer, conversationId);
  if (!c || viewer.candidate) return null;
  const r = await db
    .selectFrom('conversations as c')
    .innerJoin('users as u', 'u.id', 'c.candidate_id')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .leftJoin('jobs as j', 'j.id', 'c.job_id')
    .leftJoin('job_daily_shifts as s', 's.id', 'c.shift_id')
    .select(['u.name', 'u.lang', 'co.name as company', 'co.name_en as company_en', 'j.title_ja', 'j.title_en', ...JOB_PLACE, 's.date', 's.start_time', 's.end_time'])
    .where('c.id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const lang: Lang = isLang(r.lang) ? r.lang : DEFAULT_LANG;
  const known = await candidateKnown(db, c);
  const day = r.date ?? '';
  const hours = r.start_time && r.end_time ? ` ${String(r.start_time).slice(0, 5)}–${String(r.end_time).slice(0, 5)}` : '';
  return {
    lang,
    values: {
      name: known ? r.name : initialsOf(r.name),
      job: r.title_ja ? pickLang(lang, r.title_ja, r.title_en ?? '') : '',
      shift: day ? `${day}${hours}` : '',
      place: [r.city ? pickLang(lang, r.city, r.city_en ?? '') : '', r.station ? pickLang(lang, r.station, r.station_en ?? '') : ''].filter(Boolean).join(' / '),
      company: pickLang(lang, r.company, r.company_en),
    },
  };
}

/** A canned reply in the candidate's language with its placeholders filled (an unknown one stays visible). */
export function fillCanned(reply: Pick<CannedReply, 'bodyJa' | 'bodyEn'>, lang: Lang, values: Readonly<Record<string, string>>): string {
  return fill(pickLang(lang, reply.bodyJa, reply.bodyEn), values);
}

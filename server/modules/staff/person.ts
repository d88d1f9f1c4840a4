/**
 * One person (docs/workforce.md "One person"): a row of a company's staff
 * registry and the registered candidate it is, read as one. Duplicates are found by residence-card
 * number and by e-mail (case-insensitive) within one company; a registry row is linked to its
 * candidate, or two registry rows merged, in one transaction, recorded in `person_merges` and in
 * the registry row's audit log.
 *
 * DESIGN §5 holds on every read here: a company sees a candidate only once the candidate applied
 * to it or accepted its scout (`visibleToCompany`), so a candidate who did neither is never listed
 * as a duplicate, never linked, and a linked row shows the candidate's data only while that holds.
 */
import { sql, type RawBuilder } from 'kysely';
import { isCompany, isPlatform, type Tenant } from '../../access/tenancy.ts';
import type { DB } from '../../db/connect.ts';
import { inTransaction } from '../../db/connect.ts';
import { audit, type Actor } from '../../db/audit.ts';

/** Card numbers compared without spaces, hyphens or case. */
const norm = (col: RawBuilder<unknown>) => sql`upper(regexp_replace(coalesce(${col}, ''), '[^A-Za-z0-9]', '', 'g'))`;

/** SQL: the candidate `user` applied to `company` or accepted its scout (DESIGN §5). */
export const visibleToCompany = (user: RawBuilder<unknown>, company: RawBuilder<unknown>) =>
  sql<boolean>`(exists (select 1 from applications va where va.candidate_id = ${user} and va.company_id = ${company})
    or exists (select 1 from scout_offers vo where vo.candidate_id = ${user} and vo.company_id = ${company} and vo.status = 'accepted'))`;

/**
 * The candidate with this e-mail (any capitals) whom the company may name — one who applied to it
 * or accepted its scout (DESIGN §5); with no company (platform staff), any candidate. Null otherwise.
 */
export async function candidateByEmail(db: DB, email: string, companyId: string | null): Promise<string | null> {
  let q = db.selectFrom('users').select('id').where('role', '=', 'candidate').where(sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`);
  if (companyId) q = q.where(visibleToCompany(sql.ref('users.id'), sql`${companyId}::uuid`));
  return (await q.executeTakeFirst())?.id ?? null;
}

/** Whether the company may name this candidate (as candidateByEmail); any candidate for the platform (null). */
export async function candidateVisible(db: DB, userId: string, companyId: string | null): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('role', '=', 'candidate').where('id', '=', userId);
  if (companyId) q = q.where(visibleToCompany(sql.ref('users.id'), sql`${companyId}::uuid`));
  return !!(await q.executeTakeFirst());
}

/**
 * Candidates the company may name whose name (or e-mail) holds `search`, any capitals; at most
 * `limit`, by name. For choosing a person by name on a form, not for listing everyone.
 */
export async function candidatesByName(db: DB, search: string, companyId: string | null, limit = 20): Promise<{ id: string; name: string; email: string }[]> {
  const like = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let q = db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('role', '=', 'candidate')
    .where((eb) => eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like)]))
    .orderBy('name')
    .orderBy('id')
    .limit(limit);
  if (companyId) q = q.where(visibleToCompany(sql.ref('users.id'), sql`${companyId}::uuid`));
  return q.execute();
}

export type MatchReason = 'card' | 'email';

export interface DuplicatePair {
  /** link: a registry row and a registered candidate; staff: two registry rows. */
  kind: 'link' | 'staff';
  staffId: string;
  staffName: string;
  /** The candidate's user id (link) or the other registry row's id (staff). */
  otherId: string;
  otherName: string;
  otherEmail: string | null;
  reasons: MatchReason[];
}

/** The companies whose registry `tenant` reads: null for the platform (all), [] for nobody. */
const companiesOf = (tenant: Tenant): string[] | null => (isPlatform(tenant) ? null : isCompany(tenant) ? [tenant.companyId] : []);

/** Likely duplicates in the registries `tenant` sees (optionally those of one row), each with why they matched. */
export async function findDuplicates(db: DB, tenant: Tenant, staffId?: string): Promise<DuplicatePair[]> {
  const companies = companiesOf(tenant);
  if (companies && !companies.length) return [];
  const inScope = (alias: string) =>
    sql.join([companies ? sql`${sql.ref(`${alias}.company_id`)} = ${companies[0]}` : sql`true`, staffId ? sql`${sql.ref(`${alias}.id`)} = ${staffId}` : sql`true`], sql` and `);
  const cards = (alias: string) =>
    sql`(select array_agg(${norm(sql.ref('d.number'))}) from staff_documents d where d.staff_id = ${sql.ref(`${alias}.id`)} and d.kind = 'residence_card' and coalesce(d.number, '') <> '')`;
  const links = await sql<{ staff_id: string; staff_name: string; other_id: string; other_name: string; other_email: string; by_card: boolean; by_email: boolean }>`
    select s.id as staff_id, s.name as staff_name, u.id as other_id, u.name as other_name, u.email as other_email,
      (coalesce(p.card_number, '') <> '' and ${norm(sql.ref('p.card_number'))} = any(coalesce(${cards('s')}, '{}'))) as by_card,
      (coalesce(s.email, '') <> '' and lower(s.email) = lower(u.email)) as by_email
    from staff s
    join users u on u.role = 'candidate'
    join candidate_profiles p on p.user_id = u.id
    where ${inScope('s')} and s.person_user_id is null
      and ((coalesce(s.email, '') <> '' and lower(s.email) = lower(u.email))
        or (coalesce(p.card_number, '') <> '' and ${norm(sql.ref('p.card_number'))} = any(coalesce(${cards('s')}, '{}'))))
      and ${visibleToCompany(sql.ref('u.id'), sql.ref('s.company_id'))}
      and not exists (select 1 from staff o where o.company_id = s.company_id and o.person_user_id = u.id)
    order by s.name, u.name
    limit 200`.execute(db);
  const pairs = await sql<{ staff_id: string; staff_name: string; other_id: string; other_name: string; other_email: string | null; by_card: boolean; by_email: boolean }>`
    select a.id as staff_id, a.name as staff_name, b.id as other_id, b.name as other_name, b.email as other_email,
      (coalesce(${cards('a')}, '{}') && coalesce(${cards('b')}, '{}')) as by_card,
      (coalesce(a.email, '') <> '' and lower(a.email) = lower(b.email)) as by_email
    from staff a
    join staff b on b.company_id = a.company_id and b.id <> a.id and (${staffId ? sql`true` : sql`a.id < b.id`})
    where ${inScope('a')}
      and ((coalesce(a.email, '') <> '' and lower(a.email) = lower(b.email)) or coalesce(${cards('a')}, '{}') && coalesce(${cards('b')}, '{}'))
    order by a.name, b.name
    limit 200`.execute(db);
  const reasons = (r: { by_card: boolean; by_email: boolean }): MatchReason[] => [...(r.by_card ? (['card'] as const) : []), ...(r.by_email ? (['email'] as const) : [])];
  return [
    ...links.rows.map((r) => ({ kind: 'link' as const, staffId: r.staff_id, staffName: r.staff_name, otherId: r.other_id, otherName: r.other_name, otherEmail: r.other_email, reasons: reasons(r) })),
    ...pairs.rows.map((r) => ({ kind: 'staff' as const, staffId: r.staff_id, staffName: r.staff_name, otherId: r.other_id, otherName: r.other_name, otherEmail: r.other_email, reasons: reasons(r) })),
  ];
}

export type MergeRefusal = 'not_found' | 'already_linked' | 'already_merged' | 'cross_tenant' | 'same_row' | 'two_people';
export type MergeResult = { ok: true; mergeId: string } | { ok: false; reason: MergeRefusal };

async function lockStaff(trx: DB, id: string) {
  return trx.selectFrom('staff').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

const inTenant = (tenant: Tenant, row: { company_id: string }) => isPlatform(tenant) || (isCompany(tenant) && tenant.companyId === row.company_id);

/** Match reasons of a registry row against a candidate (what the duplicate list said). */
async function reasonsFor(trx: DB, staffId: string, userId: string): Promise<MatchReason[]> {
  const r = await sql<{ by_card: boolean; by_email: boolean }>`
    select (coalesce(p.card_number, '') <> '' and exists (select 1 from staff_documents d where d.staff_id = s.id and d.kind = 'residence_card' and ${norm(sql.ref('d.number'))} = ${norm(sql.ref('p.card_number'))})) as by_card,
      (coalesce(s.email, '') <> '' and lower(s.email) = lower(u.email)) as by_email
    from staff s, users u join candidate_profiles p on p.user_id = u.id where s.id = ${staffId} and u.id = ${userId}`.execute(trx);
  const row = r.rows[0];
  return row ? [...(row.by_card ? (['card'] as const) : []), ...(row.by_email ? (['email'] as const) : [])] : [];
}

const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** The `person_merges` row of a link or a merge: what was joined, why, which fields came from where, and who did it. */
async function recordMerge(
  trx: DB,
  actor: Actor,
  merge: { company_id: string; kind: 'link' | 'staff'; into_staff_id: string; from_staff_id?: string; from_user_id: string | null; from_label: string },
  reasons: MatchReason[],
  fields: Record<string, 'from' | 'into'>,
): Promise<string> {
  const m = await trx
    .insertInto('person_merges')
    .values({ ...merge, reasons, fields: JSON.stringify(fields), merged_by: actor.id, merged_by_name: actor.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return m.id;
}

/**
 * Links registry row `staffId` to the candidate `userId` it is. The candidate's residence status,
 * card expiry, card check, permission and languages then show on the row (they win over the
 * row's own where both exist); the row's own values stay, for when the link ends.
 */
export async function linkStaffToCandidate(db: DB, actor: Actor & { tenant: Tenant }, staffId: string, userId: string): Promise<MergeResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const row = await lockStaff(trx, staffId);
      if (!row || !inTenant(actor.tenant, row)) return { ok: false, reason: 'not_found' } as const;
      if (row.person_user_id) return { ok: false, reason: 'already_linked' } as const;
      const person = await trx
        .selectFrom('users as u')
        .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.name', 'u.email', 'p.visa_type_id', 'p.visa_expiry', 'p.languages', 'p.card_number', 'p.card_verified', 'p.permission_outside_status'])
        .where('u.id', '=', userId)
        .where('u.role', '=', 'candidate')
        .where(visibleToCompany(sql`${userId}::uuid`, sql`${row.company_id}::uuid`))
        .executeTakeFirst();
      if (!person) return { ok: false, reason: 'not_found' } as const;
      const taken = await trx.selectFrom('staff').select('id').where('company_id', '=', row.company_id).where('person_user_id', '=', userId).executeTakeFirst();
      if (taken) return { ok: false, reason: 'already_linked' } as const;
      const side = (theirs: unknown) => (theirs === null || theirs === undefined || theirs === '' || (Array.isArray(theirs) && !theirs.length) ? 'into' : 'from');
      const fields: Record<string, 'from' | 'into'> = {
        visa_type_id: side(person.visa_type_id),
        visa_expiry: side(person.visa_expiry),
        languages: side(person.languages),
        card_number: side(person.card_number),
        card_verified: 'from',
        permission_outside_status: 'from',
        email: row.email ? 'into' : 'from',
      };
      const reasons = await reasonsFor(trx, staffId, userId);
      await trx
        .updateTable('staff')
        .set({ person_user_id: userId, ...(row.email ? {} : { email: person.email }), updated_at: new Date() })
        .where('id', '=', staffId)
        .execute();
      const mergeId = await recordMerge(
        trx,
        actor,
        { company_id: row.company_id, kind: 'link', into_staff_id: staffId, from_user_id: userId, from_label: `${person.name} <${person.email}>` },
        reasons,
        fields,
      );
      await audit(trx, actor, 'staffMember', staffId, row.company_id, {
        person_linked: { from: null, to: `${person.name} <${person.email}>` },
        merge_reasons: reasons.join(', '),
        ...(row.email ? {} : { email: { from: null, to: person.email } }),
      });
      return { ok: true, mergeId } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'already_linked' };
    throw err;
  }
}

/** The registry fields a merge of two rows chooses between (the kept row's value wins where it has one). */
const MERGED_FIELDS = ['name_kana', 'email', 'phone', 'nationality', 'birth_date', 'gender', 'visa_type_id', 'visa_expiry', 'read_skill', 'languages', 'address', 'person_user_id'] as const;
const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/**
 * Merges registry row `fromId` into `intoId` (same company only): the kept row takes the other's
 * value for each field it lacks, its documents and notes; the other row is deleted. Recorded with
 * which side each field came from.
 */
export async function mergeStaffRows(db: DB, actor: Actor & { tenant: Tenant }, fromId: string, intoId: string): Promise<MergeResult> {
  if (fromId === intoId) return { ok: false, reason: 'same_row' };
  try {
    return await inTransaction(db, async (trx) => {
      // Locked in id order, so two merges of the same pair never deadlock.
      const [first, second] = fromId < intoId ? [fromId, intoId] : [intoId, fromId];
      const a = await lockStaff(trx, first);
      const b = await lockStaff(trx, second);
      const from = [a, b].find((r) => r?.id === fromId);
      const into = [a, b].find((r) => r?.id === intoId);
      if (!into || !inTenant(actor.tenant, into)) return { ok: false, reason: 'not_found' } as const;
      if (!from) {
        const done = await trx.selectFrom('person_merges').select('id').where('from_staff_id', '=', fromId).executeTakeFirst();
        return { ok: false, reason: done ? 'already_merged' : 'not_found' } as const;
      }
      if (!inTenant(actor.tenant, from)) return { ok: false, reason: 'not_found' } as const;
      if (from.company_id !== into.company_id) return { ok: false, reason: 'cross_tenant' } as const;
      if (from.person_user_id && into.person_user_id && from.person_user_id !== into.person_user_id) return { ok: false, reason: 'two_people' } as const;
      const fields: Record<string, 'from' | 'into'> = {};
      const set: Record<string, unknown> = {};
      for (const k of MERGED_FIELDS) {
        if (blank(into[k]) && !blank(from[k])) {
          fields[k] = 'from';
          set[k] = from[k];
        } else fields[k] = 'into';
      }
      if (from.notes.trim()) {
        set.notes = [into.notes.trim(), from.notes.trim()].filter(Boolean).join('\n');
        fields.notes = 'from';
      }
      const reasonsRow = await findDuplicates(trx, { kind: 'company', companyId: into.company_id } as Tenant, intoId);
      const reasons = reasonsRow.find((p) => p.kind === 'staff' && p.otherId === fromId)?.reasons ?? [];
      // The person link moves first: one candidate is one row of a company's registry.
      if (set.person_user_id) await trx.updateTable('staff').set({ person_user_id: null }).where('id', '=', fromId).execute();
      await trx
        .updateTable('staff')
        .set({ ...set, updated_at: new Date() } as never)
        .where('id', '=', intoId)
        .execute();
      const docs = await trx.updateTable('staff_documents').set({ staff_id: intoId }).where('staff_id', '=', fromId).returning('id').execute();
      await trx.deleteFrom('staff').where('id', '=', fromId).execute();
      const mergeId = await recordMerge(
        trx,
        actor,
        { company_id: into.company_id, kind: 'staff', into_staff_id: intoId, from_staff_id: fromId, from_user_id: from.person_user_id, from_label: from.name },
        reasons,
        fields,
      );
      const taken = Object.fromEntries(Object.entries(set).map(([k, v]) => [k, { from: (into as Record<string, unknown>)[k] ?? null, to: v }]));
      await audit(trx, actor, 'staffMember', intoId, into.company_id, { merged_from: from.name, merge_reasons: reasons.join(', '), documents_moved: docs.length, ...taken });
      await audit(trx, actor, 'staffMember', fromId, from.company_id, { merged_into: into.name }, 'delete');
      return { ok: true, mergeId } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'already_linked' };
    throw err;
  }
}

/** The merges recorded in the registries `tenant` sees, newest first. */
export async function listMerges(db: DB, tenant: Tenant, limit = 50) {
  const companies = companiesOf(tenant);
  if (companies && !companies.length) return [];
  return db
    .selectFrom('person_merges as m')
    .leftJoin('staff as s', 's.id', 'm.into_staff_id')
    .select(['m.id', 'm.kind', 'm.into_staff_id', 's.name as into_name', 'm.from_label', 'm.reasons', 'm.fields', 'm.merged_by_name', 'm.created_at'])
    .$if(companies !== null, (q) => q.where('m.company_id', '=', companies![0]!))
    .orderBy('m.created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Residence-card checks (docs/workforce.md "Residence-card checks"): a candidate
 * uploads the front and back of their card with what it says (number, residence status, expiry,
 * permission for activity outside status); staff of a company the candidate applied to compare the
 * images with the record and decide — verified, re-upload with a reason, rejected. The decision
 * writes the person's card fields on their profile (`card_verified` is what `checkWorkLimits`
 * reads as `cardVerified`), is audited, and the candidate hears of it in the chat, in their language.
 *
 * The images arrive here already checked and re-encoded (server/api/card-images.ts); they are
 * kept in the database like chat images, never under the web root.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { DEFAULT_LANG, isLang, type Lang } from '../../../shared/i18n.ts';
import { msg, msgText } from '../../../shared/messages.ts';
import { todayInJapan } from '../../../shared/time.ts';
import { hasNoTenant, companyIdOf, isPlatform, scopeToTenant, type Tenant } from '../../access/tenancy.ts';
import { postNotice } from '../../chat/post.ts';
import { inTransaction, type DB } from '../../db/connect.ts';
import type { EventBus } from '../../events/bus.ts';
import { notifyCompanyStaff, notifyPlatform } from '../notifications/service.ts';
import { audit, type Actor } from '../../db/audit.ts';
import { cardNumberMatches } from './card-format.ts';
import { SSW_FIELDS, SSW_STATUSES } from './work-limits.ts';
import type { CardImageType } from './tables.ts';

/** As typed on a phone: full-width letters and digits made plain, upper case, spaces and hyphens out. */
const normalizeCardNumber = (s: string): string =>
  s
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐－]/g, '');

const checkbox = z.preprocess((v) => v === true || v === '1' || v === 'on' || v === 'true', z.boolean());

/**
 * What the candidate enters with the images (and staff may correct when they decide). The number is
 * kept as entered (normalised) even when it does not match the format: showing staff whether it
 * matches is part of the check.
 */
export const CardRecordInput = z.object({
  cardNumber: z.string().max(40).transform(normalizeCardNumber).pipe(z.string().min(1).max(20)),
  visaTypeId: z.coerce.number().int().positive(),
  expiry: z.iso.date(),
  permission: checkbox,
  /** The 特定技能 field (分野) printed with a 特定技能 status (staff enter it when they verify). */
  sswField: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SSW_FIELDS.map(([ja]) => ja) as [string, ...string[]]).optional()),
});
export type CardRecordInput = z.infer<typeof CardRecordInput>;

/**
 * What the candidate sends with the images: the same record, its number in the printed format (two
 * letters, eight digits, two letters) once made plain. A number typed wrong is the candidate's to
 * fix at the form, with the field's error; staff still see, and may correct, what a card says.
 */
export const CardUploadInput = CardRecordInput.extend({
  cardNumber: CardRecordInput.shape.cardNumber.refine(cardNumberMatches, { message: 'format', params: msgText('card.numberFormat') }),
});

export const DECISIONS = ['verified', 'reupload', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

/** True when staff of `tenant` may see this person's cards: the person applied to them (DESIGN §5). */
export async function tenantSeesPerson(db: DB, tenant: Tenant, userId: string): Promise<boolean> {
  if (hasNoTenant(tenant)) return false;
  if (isPlatform(tenant)) return true;
  const q = scopeToTenant(db.selectFrom('applications').select('id').where('candidate_id', '=', userId), tenant, { company: 'company_id', client: 'client_id' });
  return !!(await q.limit(1).executeTakeFirst());
}

export interface CardImage {
  bytes: Buffer;
  mime: CardImageType;
}

/**
 * Keeps a new upload: the person's earlier card still waiting for a check gives way to it
 * (`replaced`), and the staff of every company the person applied to hear of it in the bell.
 */
export async function saveCardUpload(db: DB, bus: EventBus, person: Actor & { id: string }, record: CardRecordInput, front: CardImage, back: CardImage): Promise<string> {
  const id = await inTransaction(db, async (trx) => {
    await trx.updateTable('residence_cards').set({ status: 'replaced' }).where('user_id', '=', person.id).where('status', '=', 'pending').execute();
    const row = await trx
      .insertInto('residence_cards')
      .values({
        user_id: person.id,
        front: front.bytes,
        front_mime: front.mime,
        back: back.bytes,
        back_mime: back.mime,
        card_number: record.cardNumber,
        visa_type_id: record.visaTypeId,
        expiry: record.expiry,
        permission_outside_status: record.permission,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(
      trx,
      person,
      'residence_card',
      row.id,
      null,
      {
        status: { from: null, to: 'pending' },
        card_number: { from: null, to: record.cardNumber },
        visa_type_id: { from: null, to: record.visaTypeId },
        expiry: { from: null, to: record.expiry },
        permission_outside_status: { from: null, to: record.permission },
      },
      'create',
    );
    return row.id;
  });
  const companies = await db.selectFrom('applications').select('company_id').distinct().where('candidate_id', '=', person.id).execute();
  for (const c of companies) {
    await notifyCompanyStaff(db, bus, c.company_id, {
      key: 'notify.cardToCheck',
      params: { name: person.name },
      link: `/admin/worker/rcCheckCandidate?card=${id}`,
      type: 2,
    });
  }
  // The platform's card checkers (whoever may open the check page) hear of it too.
  await notifyPlatform(db, bus, { key: 'notify.cardToCheck', params: { name: person.name }, link: `/admin/worker/rcCheckCandidate?card=${id}`, type: 2 });
  return id;
}

/** The person's latest card with its decision (null: none uploaded). */
export async function latestCard(db: DB, userId: string) {
  return db
    .selectFrom('residence_cards')
    .select(['id', 'status', 'reason', 'card_number', 'visa_type_id', 'expiry', 'permission_outside_status', 'created_at', 'decided_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One card as the check screen shows it, if `tenant` may see its person. */
export async function cardForStaff(db: DB, tenant: Tenant, cardId: string) {
  const row = await db
    .selectFrom('residence_cards as rc')
    .innerJoin('users as u', 'u.id', 'rc.user_id')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('visa_types as v', 'v.id', 'rc.visa_type_id')
    .select(['rc.id', 'rc.user_id', 'rc.status', 'rc.reason', 'rc.card_number', 'rc.visa_type_id', 'rc.expiry', 'rc.permission_outside_status', 'rc.created_at', 'rc.decided_at', 'rc.decided_by_name'])
    .select(['u.name', 'u.email', 'u.lang', 'p.nationality', 'p.card_verified', 'v.ja as visa_ja', 'v.en as visa_en'])
    .where('rc.id', '=', cardId)
    .executeTakeFirst();
  if (!row || !(await tenantSeesPerson(db, tenant, row.user_id))) return null;
  return row;
}

/** Which image of a card, for whom: the person themself, or staff whose tenant sees the person. */
export async function cardImage(db: DB, cardId: string, side: 'front' | 'back') {
  const row = await db
    .selectFrom('residence_cards')
    .select(['user_id', side, `${side}_mime as mime`])
    .where('id', '=', cardId)
    .executeTakeFirst();
  return row ? { userId: row.user_id, bytes: (row as unknown as Record<typeof side, Buffer>)[side], mime: row.mime as CardImageType } : null;
}

export type DecideResult = { ok: true; status: Decision } | { ok: false; reason: 'not-found' | 'decided' } | { ok: false; reason: 'invalid'; errors: Record<string, string> };

export interface DecideDeps {
  db: DB;
  bus: EventBus;
  publicUrl: (path: string) => string;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Staff's decision on a card waiting for a check. `record` is the card as staff read it (the
 * candidate's entry, corrected where the images say otherwise). Verifying needs a number in the
 * printed format, a residence status and an expiry that has not passed; re-upload and rejection
 * need a reason for the candidate. The card and the profile change in one transaction with the
 * audit entry; the chat note follows the commit.
 */
export async function decideCard(
  deps: DecideDeps,
  actor: Actor & { tenant: Tenant; lang: Lang },
  cardId: string,
  decision: Decision,
  reason: string,
  record: CardRecordInput | null,
): Promise<DecideResult> {
  const { db } = deps;
  const card = await cardForStaff(db, actor.tenant, cardId);
  if (!card) return { ok: false, reason: 'not-found' };
  const why = reason.trim().slice(0, 500);
  const errors: Record<string, string> = {};
  if (decision !== 'verified' && !why) errors.reason = msg(actor.lang, 'card.reasonRequired');
  if (decision === 'verified') {
    if (!record) errors._ = msg(actor.lang, 'error.checkFields');
    else {
      if (!cardNumberMatches(record.cardNumber)) errors.cardNumber = msg(actor.lang, 'card.numberFormat');
      if (record.expiry < todayInJapan()) errors.expiry = msg(actor.lang, 'card.expired');
      // A 特定技能 person may work in their own field only (work-limits.ts ACTIVITY_RULES): the field is part of the check.
      const status = await db.selectFrom('visa_types').select('ja').where('id', '=', record.visaTypeId).executeTakeFirst();
      if (status && SSW_STATUSES.includes(status.ja) && !record.sswField) errors.sswField = msg(actor.lang, 'card.sswFieldRequired');
    }
  }
  if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors };
  const done = await inTransaction(db, async (trx) => {
    // The row locked: two people deciding at once cannot both win.
    const locked = await trx
      .selectFrom('residence_cards')
      .select(['status', 'card_number', 'visa_type_id', 'expiry', 'permission_outside_status'])
      .where('id', '=', cardId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked || locked.status !== 'pending') return false;
    const corrected = decision === 'verified' && record ? { card_number: record.cardNumber, visa_type_id: record.visaTypeId, expiry: record.expiry, permission_outside_status: record.permission } : {};
    await trx
      .updateTable('residence_cards')
      .set({ status: decision, reason: decision === 'verified' ? '' : why, decided_by: actor.id, decided_by_name: actor.name, decided_at: new Date(), ...corrected })
      .where('id', '=', cardId)
      .execute();
    if (decision === 'verified' && record) {
      await trx
        .updateTable('candidate_profiles')
        .set({
          card_number: record.cardNumber,
          visa_type_id: record.visaTypeId,
          visa_expiry: record.expiry,
          permission_outside_status: record.permission,
          ssw_field: record.sswField ?? null,
          card_verified: true,
          card_verified_at: new Date(),
          updated_at: new Date(),
        })
        .where('user_id', '=', card.user_id)
        .execute();
    } else {
      // The card on file is not one staff vouch for any more: no shift until a card is verified.
      await trx.updateTable('candidate_profiles').set({ card_verified: false, card_verified_at: null, updated_at: new Date() }).where('user_id', '=', card.user_id).execute();
    }
    const changes: Record<string, unknown> = { status: { from: 'pending', to: decision }, ...(why && decision !== 'verified' ? { reason: { from: '', to: why } } : {}) };
    for (const [k, v] of Object.entries(corrected)) {
      const was = (locked as Record<string, unknown>)[k];
      if (was !== v) changes[k] = { from: was, to: v };
    }
    await audit(trx, actor, 'residence_card', cardId, companyIdOf(actor.tenant), changes);
    return true;
  });
  if (!done) return { ok: false, reason: 'decided' };
  await tellCandidate(deps, actor.tenant, card.user_id, card.lang, cardId, decision, why);
  return { ok: true, status: decision };
}

const CHAT_KEYS = { verified: 'card.chatVerified', reupload: 'card.chatReupload', rejected: 'card.chatRejected' } as const;

/** The chat note, in the candidate's language, in their latest conversation with the deciding company (the platform: with anyone). */
async function tellCandidate(deps: DecideDeps, tenant: Tenant, userId: string, userLang: string, cardId: string, decision: Decision, reason: string): Promise<void> {
  let q = deps.db.selectFrom('conversations').select('id').where('candidate_id', '=', userId);
  const company = companyIdOf(tenant);
  if (company) q = q.where('company_id', '=', company);
  const conv = await q.orderBy(sql`last_message_at desc nulls last`).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (!conv) return;
  const lang = isLang(userLang) ? userLang : DEFAULT_LANG;
  try {
    await postNotice(deps.db, deps.bus, conv.id, msg(lang, CHAT_KEYS[decision], { reason, link: deps.publicUrl('/staff/card') }), `card:${cardId}:${decision}`);
  } catch (err) {
    deps.log.warn({ err, cardId }, 'telling the candidate of the card check failed');
  }
}

/** What the candidate's profile says of their residence card. */
export function cardProfileOf(db: DB, userId: string) {
  return db.selectFrom('candidate_profiles').select(['visa_type_id', 'visa_expiry', 'card_number', 'permission_outside_status', 'card_verified']).where('user_id', '=', userId).executeTakeFirst();
}

/** True when the residence status of that id exists. */
export async function visaTypeExists(db: DB, id: number): Promise<boolean> {
  return !!(await db.selectFrom('visa_types').select('id').where('id', '=', id).executeTakeFirst());
}

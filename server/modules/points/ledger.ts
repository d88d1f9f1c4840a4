/**
 * The points ledger (docs/points.md). Every movement is an entry of its own in
 * `point_entries` (append-only: a database trigger refuses updates and deletes); the balance of
 * each wallet (a company's points of one candidate, or the platform's) lives in `point_balances`
 * and is written in the same transaction as the entry, after taking the wallet's row lock, so
 * concurrent spends are serialised and a balance never goes below zero (and a CHECK says so too).
 * An entry may carry an idempotency key (what caused it): a second delivery of the same cause adds
 * nothing. Earned points expire after the wallet's validity; spends take the soonest to expire
 * first, so what expires on a day is what was earned until then and not yet used (see `dueToExpire`).
 */
import { repeatEvery } from '../../repeat.ts';
import { sql } from 'kysely';
import type { Actor } from '../../db/audit.ts';
import { inTransaction, type DB } from '../../db/connect.ts';
import { todayInJapan } from '../../../shared/time.ts';
import type { PointKind } from './tables.ts';

export interface PointMove {
  candidateId: string;
  /** The company's wallet, or null for the platform's (campaign points). */
  companyId: string | null;
  /** Points added (positive: shift, campaign, manual) or taken (negative: spend). */
  delta: number;
  kind: Exclude<PointKind, 'expire'>;
  reason?: string;
  campaignId?: string | null;
  /** What caused the entry; a second entry with the same key is not made. */
  idemKey?: string | null;
  /** The last day earned points count (positive entries). */
  expiresOn?: string | null;
}

export type PostResult = { ok: true; entryId: string; balance: number } | { ok: false; reason: 'duplicate' } | { ok: false; reason: 'insufficient'; balance: number };

/**
 * How many points of a wallet are due to expire, given its entries: what was earned with a last
 * day before `today`, less everything already taken out (spent or expired), never below zero.
 * Spends take the soonest-expiring points first, so this is exactly the unused part of them.
 */
export function dueToExpire(entries: readonly { delta: number; expiresOn: string | null }[], today: string): number {
  let expired = 0;
  let taken = 0;
  for (const e of entries) {
    if (e.delta < 0) taken -= e.delta;
    else if (e.expiresOn !== null && e.expiresOn < today) expired += e.delta;
  }
  return Math.max(0, expired - taken);
}

const walletOf = (companyId: string | null) => (companyId === null ? sql<boolean>`company_id is null` : sql<boolean>`company_id = ${companyId}::uuid`);

/** Expires what is due in one locked wallet; the balance after. */
async function expireLocked(trx: DB, candidateId: string, companyId: string | null, balance: number, today: string): Promise<number> {
  const entries = await trx.selectFrom('point_entries').select(['delta', 'expires_on as expiresOn']).where('candidate_id', '=', candidateId).where(walletOf(companyId)).execute();
  const due = Math.min(dueToExpire(entries, today), balance);
  if (due <= 0) return balance;
  const after = balance - due;
  await trx
    .insertInto('point_entries')
    .values({ candidate_id: candidateId, company_id: companyId, delta: -due, balance_after: after, kind: 'expire', reason: 'expired', created_by: null, created_by_name: 'system' })
    .execute();
  await trx.updateTable('point_balances').set({ balance: after, updated_at: new Date() }).where('candidate_id', '=', candidateId).where(walletOf(companyId)).execute();
  return after;
}

/** Takes the wallet's row lock (creating the wallet at zero); its balance. */
async function lockWallet(trx: DB, candidateId: string, companyId: string | null): Promise<number> {
  await trx
    .insertInto('point_balances')
    .values({ candidate_id: candidateId, company_id: companyId })
    .onConflict((oc) => oc.columns(['candidate_id', 'wallet']).doNothing())
    .execute();
  const row = await trx.selectFrom('point_balances').select('balance').where('candidate_id', '=', candidateId).where(walletOf(companyId)).forUpdate().executeTakeFirstOrThrow();
  return row.balance;
}

/** Writes one movement (see the module's comment); inside the caller's transaction when given one. */
export async function postPoints(db: DB, actor: Actor, move: PointMove, today = todayInJapan()): Promise<PostResult> {
  if (!Number.isSafeInteger(move.delta) || move.delta === 0) throw new Error('points: delta must be a non-zero integer');
  return inTransaction(db, async (trx) => {
    let balance = await lockWallet(trx, move.candidateId, move.companyId);
    // Under the wallet's lock, an earlier delivery of the same cause has committed or is not there.
    if (move.idemKey) {
      const seen = await trx.selectFrom('point_entries').select('id').where('idem_key', '=', move.idemKey).executeTakeFirst();
      if (seen) return { ok: false, reason: 'duplicate' };
    }
    balance = await expireLocked(trx, move.candidateId, move.companyId, balance, today);
    const after = balance + move.delta;
    if (after < 0) return { ok: false, reason: 'insufficient', balance };
    const entry = await trx
      .insertInto('point_entries')
      .values({
        candidate_id: move.candidateId,
        company_id: move.companyId,
        delta: move.delta,
        balance_after: after,
        kind: move.kind,
        reason: move.reason ?? '',
        campaign_id: move.campaignId ?? null,
        idem_key: move.idemKey ?? null,
        expires_on: move.delta > 0 ? (move.expiresOn ?? null) : null,
        created_by: actor.id,
        created_by_name: actor.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('point_balances').set({ balance: after, updated_at: new Date() }).where('candidate_id', '=', move.candidateId).where(walletOf(move.companyId)).execute();
    return { ok: true, entryId: entry.id, balance: after };
  });
}

/** Expires what is due in every wallet that has points (the daily sweep); how many wallets changed. */
export async function expireAll(db: DB, today = todayInJapan()): Promise<number> {
  // Only wallets with points left: one whose points all expired drops out of the sweep.
  const wallets = await db
    .selectFrom('point_entries as e')
    .innerJoin('point_balances as b', (j) => j.onRef('b.candidate_id', '=', 'e.candidate_id').on(sql<boolean>`b.company_id is not distinct from e.company_id`))
    .select(['e.candidate_id', 'e.company_id'])
    .where('b.balance', '>', 0)
    .where('e.expires_on', '<', today)
    .where('e.delta', '>', 0)
    .groupBy(['e.candidate_id', 'e.company_id'])
    .execute();
  let changed = 0;
  for (const w of wallets) {
    await inTransaction(db, async (trx) => {
      const balance = await lockWallet(trx, w.candidate_id, w.company_id);
      if ((await expireLocked(trx, w.candidate_id, w.company_id, balance, today)) !== balance) changed++;
    });
  }
  return changed;
}

/** A candidate's balances, the platform's wallet and each company's (with points expired that are due). */
export async function balancesOf(db: DB, candidateId: string, today = todayInJapan()): Promise<{ companyId: string | null; companyJa: string; companyEn: string; balance: number }[]> {
  const wallets = await db.selectFrom('point_balances').select('company_id').where('candidate_id', '=', candidateId).execute();
  for (const w of wallets) {
    await inTransaction(db, async (trx) => {
      const balance = await lockWallet(trx, candidateId, w.company_id);
      await expireLocked(trx, candidateId, w.company_id, balance, today);
    });
  }
  return db
    .selectFrom('point_balances as b')
    .leftJoin('companies as c', 'c.id', 'b.company_id')
    .select(['b.company_id as companyId', 'b.balance', sql<string>`coalesce(c.name, '')`.as('companyJa'), sql<string>`coalesce(nullif(c.name_en, ''), c.name, '')`.as('companyEn')])
    .where('b.candidate_id', '=', candidateId)
    .orderBy(sql`b.company_id is not null`)
    .orderBy('c.name')
    .execute();
}

/** The sweep every `intervalMs` in the server process (several processes may run it: each wallet is locked while it expires). */
export function startPointExpiry(db: DB, log: { warn(o: object, m: string): void }, intervalMs: number): { stop(): Promise<void> } {
  return repeatEvery(
    intervalMs,
    () => expireAll(db),
    (err) => log.warn({ err }, 'point expiry failed'),
  );
}

/** The candidate's latest 100 ledger entries with their company and campaign, newest first. */
export function latestEntriesOf(db: DB, candidateId: string) {
  return db
    .selectFrom('point_entries as e')
    .leftJoin('companies as c', 'c.id', 'e.company_id')
    .leftJoin('campaigns as g', 'g.id', 'e.campaign_id')
    .select(['e.id', 'e.created_at', 'c.name', 'c.name_en', 'e.kind', 'e.delta', 'e.reason', 'g.name_ja', 'g.name_en as g_en', 'e.expires_on'])
    .where('e.candidate_id', '=', candidateId)
    .orderBy('e.created_at', 'desc')
    .limit(100)
    .execute();
}

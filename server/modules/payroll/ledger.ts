/**
 * The money screens' writes (docs/payroll.md): approving pay lines and runs, batching
 * daily pay for transfer, the transfer file, quick-pay advances. Each write checks the row's state
 * in its UPDATE (two people acting at once cannot both win), runs in one transaction with its
 * audit entry, and says how many rows it changed.
 */
import { sql } from 'kysely';
import { audit, type Actor } from '../../db/audit.ts';
import { inTransaction, type DB } from '../../db/connect.ts';
import { addDays, clockInJapan, isDay, todayInJapan } from '../../../shared/time.ts';
import { advancesToRecover, draftRuns, earnedUnpaid, settleRunAdvances, transferFee } from './lines.ts';
import { readAppSetting } from '../templates/app-settings.ts';
import { isBusinessDay } from './payday.ts';
import { dailyWithholding } from './withholding.ts';
import { quickPayQuote, type QuickPayQuote } from './quickpay.ts';
import { toZenginText, zenginBatchSchema, zenginName, zenginTransferFile, type ZenginBatch } from './zengin.ts';
import type { PayRunStatus } from './tables.ts';

type Trx = DB;

/** Moves rows of a money table from one state to another, audited; the ids moved. */
export async function moveState(
  db: DB,
  actor: Actor,
  table: 'pay_lines' | 'pay_runs' | 'advances' | 'invoices',
  ids: readonly string[],
  from: readonly string[],
  to: string,
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  if (!ids.length) return [];
  return inTransaction(db, async (trx) => {
    const rows = await (trx as Kysely)
      .updateTable(table)
      .set({ status: to, updated_at: new Date(), ...extra })
      .where('id', 'in', [...ids])
      .where('status', 'in', [...from])
      .returning(['id', 'company_id'])
      .execute();
    for (const r of rows as { id: string; company_id: string }[]) await audit(trx, actor, table.replace(/s$/, ''), r.id, r.company_id, { status: { from: from.join('|'), to }, ...extra });
    return (rows as { id: string }[]).map((r) => r.id);
  });
}
// The table is one of four with the same status/updated_at columns, named at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Kysely = import('kysely').Kysely<any>;

/** How far ahead a transfer may be dated: the file's date carries no year (MMDD), and banks take designated dates about a month ahead. */
export const TRANSFER_DAYS_AHEAD = 30;

export type TransferDateProblem = 'format' | 'past' | 'cutoff' | 'closed' | 'far';

/**
 * Why a transfer date chosen by the user cannot be used, or null: it must be a day of the calendar,
 * not before the first day a batch made now can reach the bank (today only before the cut-off),
 * a bank business day (not a Saturday, Sunday, national holiday under 国民の祝日に関する法律 with
 * substitute holidays, or 31 Dec – 3 Jan: `isBusinessDay`), and at most TRANSFER_DAYS_AHEAD days ahead.
 */
export function transferDateProblem(date: string, now: Date, cutoff: string): TransferDateProblem | null {
  if (!isDay(date)) return 'format';
  const today = todayInJapan(now);
  if (date < today) return 'past';
  if (date > addDays(today, TRANSFER_DAYS_AHEAD)) return 'far';
  if (!isBusinessDay(date)) return 'closed';
  if (date === today && clockInJapan(now) >= cutoff) return 'cutoff';
  return null;
}

/** Why a worker's lines stay out of a batch: what they must fix, named on their lines. */
export type TransferFailure = 'no_bank_account' | 'bank_name' | 'branch_name' | 'holder_name';
/** A worker's failed lines after they saved their bank account again: the reason no longer holds. */
export const ACCOUNT_UPDATED = 'account_updated';

export interface BatchOutcome {
  batchId: string | null;
  /** The day the batch goes to the bank (as chosen). */
  transferDate: string;
  /** Lines in the batch, and the people and yen it pays. */
  transferred: number;
  payees: number;
  total: number;
  /** Lines that could not go: marked failed with the reason, the worker named. */
  failed: { lineId: string; worker: string; workDate: string; reason: TransferFailure }[];
}

/** The company's own account could not head a 全銀 file: nothing was batched. */
export class TransferAccountMissing extends Error {}

/**
 * Batches approved daily pay lines for transfer on `transferDate` (a business day the user chose:
 * `transferDateProblem` must have passed it): per worker one transfer of their lines' pay less
 * withholding, less the platform's transfer fee once, less the advances it recovers. A worker whose
 * bank account is missing or whose names the 全銀 format cannot carry: their lines fail with the
 * reason and stay out. The batch's file is made before the transaction commits: when it cannot be
 * made nothing is batched and no line is marked transferred. `lineIds` null: every approved line.
 */
export async function createTransferBatch(db: DB, actor: Actor, companyId: string, lineIds: readonly string[] | null, transferDate: string): Promise<BatchOutcome> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`batch:${companyId}`}))`.execute(trx);
    const out: BatchOutcome = { batchId: null, transferDate, transferred: 0, payees: 0, total: 0, failed: [] };
    if (lineIds && !lineIds.length) return out;
    let q = trx
      .selectFrom('pay_lines as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('bank_accounts as b', 'b.user_id', 'l.user_id')
      .select([
        'l.id',
        'l.user_id',
        'l.work_date',
        'l.total',
        'l.withholding',
        'l.tax_column',
        'l.dependents',
        'u.name as worker',
        'b.user_id as account',
        'b.bank_name',
        'b.branch_name',
        'b.holder_kana',
      ])
      .where('l.company_id', '=', companyId)
      .where('l.mode', '=', 'daily')
      .where('l.status', '=', 'approved')
      .where('l.batch_id', 'is', null);
    if (lineIds) q = q.where('l.id', 'in', [...lineIds]);
    const lines = await q.orderBy('l.work_date').orderBy('l.start_at').execute();
    if (!lines.length) return out;
    // The company's own account heads the file: without it nothing is batched or failed.
    const head = requesterOf(await companyRow(trx, companyId), transferDate);
    const problemOf = (l: (typeof lines)[number]): TransferFailure | null => {
      if (!l.account) return 'no_bank_account';
      if (!zenginName(l.bank_name ?? '', 15).ok) return 'bank_name';
      if (!zenginName(l.branch_name ?? '', 15).ok) return 'branch_name';
      if (!zenginName(l.holder_kana ?? '', 30).ok) return 'holder_name';
      return null;
    };
    for (const l of lines) {
      const reason = problemOf(l);
      if (!reason) continue;
      out.failed.push({ lineId: l.id, worker: l.worker, workDate: l.work_date, reason });
      await trx.updateTable('pay_lines').set({ status: 'failed', failure_reason: reason, updated_at: new Date() }).where('id', '=', l.id).execute();
      await audit(trx, actor, 'pay_line', l.id, companyId, { status: { from: 'approved', to: 'failed' }, reason });
    }
    const going = lines.filter((l) => !problemOf(l));
    if (!going.length) return out;
    const fee = await transferFee(trx);
    // The 日額表 of the year the pay is paid: the day it goes to the bank, chosen by the user.
    for (const l of going) if (l.tax_column) l.withholding = dailyWithholding(l.total, { column: l.tax_column, dependents: l.dependents, payDay: transferDate });
    const batch = await trx.insertInto('transfer_batches').values({ company_id: companyId, transfer_date: transferDate, created_by_name: actor.name }).returning('id').executeTakeFirstOrThrow();
    const byUser = new Map<string, typeof going>();
    for (const l of going) byUser.set(l.user_id, [...(byUser.get(l.user_id) ?? []), l]);
    let total = 0;
    for (const [userId, own] of byUser) {
      const pay = own.reduce((s, l) => s + l.total - l.withholding, 0);
      const payeeFee = Math.min(fee, pay);
      const recover = await advancesToRecover(trx, companyId, userId, pay - payeeFee);
      if (recover.ids.length) await trx.updateTable('advances').set({ status: 'recovered', recovered_batch_id: batch.id, updated_at: new Date() }).where('id', 'in', recover.ids).execute();
      for (const [i, l] of own.entries()) {
        const first = i === 0;
        const lineFee = first ? payeeFee : 0;
        const deducted = first ? recover.total : 0;
        await trx
          .updateTable('pay_lines')
          .set({
            status: 'transferred',
            batch_id: batch.id,
            withholding: l.withholding,
            transfer_fee: lineFee,
            advance_deducted: deducted,
            net: l.total - l.withholding - lineFee - deducted,
            updated_at: new Date(),
          })
          .where('id', '=', l.id)
          .execute();
        await audit(trx, actor, 'pay_line', l.id, companyId, { status: { from: 'approved', to: 'transferred' }, batch: batch.id });
      }
      total += pay - payeeFee - recover.total;
    }
    await trx.updateTable('transfer_batches').set({ payees: byUser.size, total }).where('id', '=', batch.id).execute();
    // The file now, inside the transaction: a file the bank would refuse batches nothing.
    zenginTransferFile({ ...head, payees: await payeesOf(trx, batch.id) });
    await audit(trx, actor, 'transfer_batch', batch.id, companyId, { payees: byUser.size, total, transferDate }, 'create');
    return { ...out, batchId: batch.id, transferred: going.length, payees: byUser.size, total };
  });
}

type CompanyRow = Awaited<ReturnType<typeof companyRow>>;
const companyRow = (db: DB, id: string) => db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The header of the company's file; TransferAccountMissing when its account cannot head one (entered on the company settings page). */
function requesterOf(c: CompanyRow, transferDate: string): Omit<ZenginBatch, 'payees'> {
  const head = {
    requesterCode: c.transfer_requester_code,
    requesterName: toZenginText(c.transfer_requester_name),
    transferDate: transferDate.slice(5, 7) + transferDate.slice(8, 10),
    bankCode: c.transfer_bank_code,
    bankName: toZenginText(c.transfer_bank_name),
    branchCode: c.transfer_branch_code,
    branchName: toZenginText(c.transfer_branch_name),
    accountType: c.transfer_account_type === 2 ? (2 as const) : (1 as const),
    accountNumber: c.transfer_account_number,
  };
  const probe = zenginBatchSchema.safeParse({
    ...head,
    payees: [{ bankCode: '0001', bankName: '', branchCode: '001', branchName: '', accountType: 1, accountNumber: '0000001', name: 'A', amount: 1 }],
  });
  if (!probe.success) throw new TransferAccountMissing(probe.error.issues.map((i) => i.path.join('.')).join(', '));
  return head;
}

/** The payees of a batch as the file carries them: names as stored (converted to 全銀 on entry). */
async function payeesOf(db: DB, batchId: string): Promise<ZenginBatch['payees']> {
  const payees = await db
    .selectFrom('pay_lines as l')
    .innerJoin('bank_accounts as b', 'b.user_id', 'l.user_id')
    .select(['b.bank_code', 'b.bank_name', 'b.branch_code', 'b.branch_name', 'b.account_type', 'b.account_number', 'b.holder_kana', sql<string>`sum(l.net)`.as('amount')])
    .where('l.batch_id', '=', batchId)
    .groupBy(['l.user_id', 'b.bank_code', 'b.bank_name', 'b.branch_code', 'b.branch_name', 'b.account_type', 'b.account_number', 'b.holder_kana'])
    .orderBy('b.holder_kana')
    .execute();
  return payees.map((p) => ({
    bankCode: p.bank_code,
    bankName: toZenginText(p.bank_name),
    branchCode: p.branch_code,
    branchName: toZenginText(p.branch_name),
    accountType: p.account_type === 2 ? 2 : 1,
    accountNumber: p.account_number,
    name: toZenginText(p.holder_kana),
    amount: Number(p.amount),
  }));
}

/** The 全銀 総合振込 file of a batch; TransferAccountMissing when the company's account is no longer complete. */
export async function batchFile(db: DB, batchId: string, companyId: string): Promise<{ file: Buffer; name: string } | null> {
  const batch = await db.selectFrom('transfer_batches').selectAll().where('id', '=', batchId).where('company_id', '=', companyId).executeTakeFirst();
  if (!batch) return null;
  const head = requesterOf(await companyRow(db, companyId), batch.transfer_date);
  return { file: zenginTransferFile({ ...head, payees: await payeesOf(db, batchId) }), name: `zengin-${batch.transfer_date}-${batchId.slice(0, 8)}.txt` };
}

/** Moves one run from `from` to `to`, audited; undefined when it was not in `from` (another clerk moved it first). */
async function moveRun(trx: Trx, actor: Actor, id: string, from: PayRunStatus, to: PayRunStatus) {
  const run = await trx
    .updateTable('pay_runs')
    .set({ status: to, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['id', 'company_id', 'user_id', 'net'])
    .executeTakeFirst();
  if (run) await audit(trx, actor, 'pay_run', id, run.company_id, { status: { from, to } });
  return run;
}

/** Approves monthly runs: their lines approved with them, the advances they recover marked recovered. The runs approved now, with whom to tell. */
export async function approveRuns(db: DB, actor: Actor, ids: readonly string[]): Promise<{ userId: string; net: number }[]> {
  const approved: { userId: string; net: number }[] = [];
  for (const id of ids) {
    await inTransaction(db, async (trx) => {
      const run = await moveRun(trx, actor, id, 'draft', 'approved');
      if (!run) return;
      await settleRunAdvances(trx, id, true);
      await trx.updateTable('pay_lines').set({ status: 'approved', updated_at: new Date() }).where('run_id', '=', id).where('status', '=', 'pending').execute();
      approved.push({ userId: run.user_id, net: Number(run.net) });
    });
  }
  return approved;
}

/**
 * Moves advances between states (approve, reject, transfer), audited, and redraws the draft runs
 * of the workers concerned: a draft payslip recovers the advances as they are now, not as they
 * were when the run was last drawn.
 */
export async function moveAdvances(db: DB, actor: Actor, ids: readonly string[], from: readonly string[], to: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const moved = await moveState(db, actor, 'advances', ids, from, to, extra);
  if (moved.length) await resettleDraftRuns(db, moved);
  return moved;
}

/** The draft runs of the workers who own these advances, their advances and net read again. */
export async function resettleDraftRuns(db: DB, advanceIds: readonly string[]): Promise<void> {
  const who = await db
    .selectFrom('advances')
    .select(['company_id', 'user_id'])
    .distinct()
    .where('id', 'in', [...advanceIds])
    .execute();
  for (const w of who) {
    await inTransaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`pay:${w.company_id}:${w.user_id}`}))`.execute(trx);
      const drafts = await draftRuns(trx, w.company_id, w.user_id).orderBy('period_start').execute();
      for (const r of drafts) await settleRunAdvances(trx, r.id, false);
    });
  }
}

/** Marks approved runs paid (the transfer went out on the pay day): their lines transferred. */
export async function markRunsPaid(db: DB, actor: Actor, ids: readonly string[]): Promise<number> {
  let n = 0;
  for (const id of ids) {
    await inTransaction(db, async (trx) => {
      if (!(await moveRun(trx, actor, id, 'approved', 'paid'))) return;
      await trx.updateTable('pay_lines').set({ status: 'transferred', updated_at: new Date() }).where('run_id', '=', id).execute();
      n++;
    });
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Quick pay

/** The quick-pay state of a worker at a company today, from the settings and the ledger. */
export async function quickPayState(db: DB | Trx, companyId: string, userId: string, now = new Date()) {
  const [company, settings, minAmount, advances] = await Promise.all([
    db.selectFrom('companies').select(['quickpay_enabled', 'quickpay_rate']).where('id', '=', companyId).executeTakeFirstOrThrow(),
    db.selectFrom('payment_settings').selectAll().executeTakeFirstOrThrow(),
    readAppSetting(db, 'quickpay.min_amount', companyId),
    db
      .selectFrom('advances')
      .select([
        // Outstanding until the pay that recovers it is paid out: an advance recovered by an
        // approved run that is not yet paid still counts, as that run still counts as earned.
        sql<string>`coalesce(sum(amount) filter (where status in ('requested', 'approved', 'transferred') or (status = 'recovered' and recovered_run_id in (select id from pay_runs where status <> 'paid'))), 0)`.as(
          'outstanding',
        ),
        sql<string>`coalesce(sum(amount) filter (where status <> 'rejected' and requested_on = ${todayInJapan(now)}), 0)`.as('today'),
      ])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    enabled: company.quickpay_enabled && settings.quickpay_enabled,
    state: {
      earnedUnpaid: await earnedUnpaid(db, companyId, userId),
      outstandingAdvances: Number(advances.outstanding),
      ceilingPercent: company.quickpay_rate,
      dailyLimit: settings.quickpay_daily_limit,
      requestedToday: Number(advances.today),
      minAmount: Math.max(0, Number(String(minAmount ?? '0').replace(/[^0-9]/g, '')) || 0),
      feePercent: String(Number(settings.quickpay_fee_percent)),
      minFee: settings.quickpay_min_fee,
    },
  };
}

export type AdvanceOutcome = { ok: true; id: string; fee: number; net: number } | { ok: false; reason: 'disabled' } | Extract<QuickPayQuote, { ok: false }>;

/** A worker asks for an advance: quoted and recorded as requested in one locked transaction (no double spend). */
export async function requestAdvance(db: DB, actor: Actor & { id: string }, companyId: string, amount: number, now = new Date()): Promise<AdvanceOutcome> {
  const userId = actor.id;
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`advance:${companyId}:${userId}`}))`.execute(trx);
    const { enabled, state } = await quickPayState(trx, companyId, userId, now);
    if (!enabled) return { ok: false, reason: 'disabled' } as const;
    // The request itself is outstanding once made: quote against what was outstanding before it.
    const quote = quickPayQuote(state, amount);
    if (!quote.ok) return quote;
    const row = await trx
      .insertInto('advances')
      .values({ company_id: companyId, user_id: userId, amount, fee: quote.fee, net: quote.net, requested_on: todayInJapan(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'advance', row.id, companyId, { amount, fee: quote.fee, net: quote.net }, 'create');
    return { ok: true, id: row.id, fee: quote.fee, net: quote.net };
  });
}

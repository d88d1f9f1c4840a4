/**
 * One Romuten sync of a company (docs/romuten.md): push the company's workers (the candidates who
 * applied to it) and their attendance records, then pull the status Romuten holds for each.
 *
 * - One sync at a time per connection: a claim with one UPDATE (like the crawler's).
 * - Each item is sent with an Idempotency-Key made of the company, the entity, its id and the
 *   version of what is sent (a hash of the payload): a try repeated after a timeout or a 500 —
 *   in this sync or the next — carries the same key, so Romuten answers it without making the
 *   item twice. An item whose version was delivered already is not sent again.
 * - The remote failing is never an exception out of here: it is a failed or partial sync in the
 *   log with what went wrong. A refused key (401/403) or a service that stays down after all its
 *   retries stops the sync (the next items would only wait for the same answer).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/connect.ts';
import { unclaimed } from '../../db/claim.ts';
import type { Outbound } from '../../net/outbound.ts';
import { todayInJapan } from '../../../shared/time.ts';
import type { Actor } from '../../db/audit.ts';
import { openCredentials } from './connections.ts';
import { attendanceWithJob } from '../pipeline/repo.ts';
import { DEFAULT_POLICY, RomutenError, romutenClient, type RetryPolicy } from './romuten-client.ts';
import type { SyncCounts } from '../../../shared/integrations.ts';
import { countryName } from '../../../shared/countries.ts';
import { pickLang, type Text } from '../../../shared/i18n.ts';
import type { Problem } from '../../../shared/texts/index.ts';
import { inBoth } from '../../resources/define.ts';

/** Items per status query. */
const PULL_BATCH = 100;

export interface SyncSummary extends SyncCounts {
  syncId: string;
  status: 'ok' | 'partial' | 'failed';
  /** What went wrong, kept as problems that each reader reads in their own language (drawProblem). */
  errors: Problem[];
}

/** Why no sync ran: no usable connection, one already running, or credentials that cannot be opened. */
export type SyncRefusal = 'not_connected' | 'busy' | 'no_key' | 'unreadable';

type Entity = 'worker' | 'attendance';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

/** The version of a payload: what was sent, hashed; the same content is the same version. */
export const versionOf = (payload: unknown) => hash(JSON.stringify(payload)).slice(0, 32);

/** The Idempotency-Key of one item's version: stable across retries and syncs, new when the item changes. */
export const idempotencyKey = (companyId: string, entity: Entity, entityId: string, version: string) => hash(`tsunagu:${companyId}:${entity}:${entityId}:${version}`);

/** The company's workers as Romuten gets them: everyone who applied to one of its jobs. */
async function workersOf(db: DB, companyId: string) {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
    .select(['u.id', 'u.name', 'u.email', 'p.phone', 'p.nationality', 'v.ja as visa_ja', 'v.en as visa_en', 'p.visa_expiry', 'p.languages'])
    .where('u.id', 'in', (eb) => eb.selectFrom('applications').select('candidate_id').where('company_id', '=', companyId))
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    label: r.name,
    payload: {
      externalId: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone ?? null,
      // Romuten takes nationality as free text (docs/romuten.md): the country's English name, as people typed it before it was a code.
      nationality: r.nationality ? countryName(r.nationality, 'en') : null,
      residenceStatus: r.visa_ja ? { ja: r.visa_ja, en: r.visa_en || r.visa_ja } : null,
      residenceExpiry: r.visa_expiry ?? null,
      languages: r.languages ?? [],
    },
  }));
}

/** The company's attendance records as Romuten gets them. */
async function attendanceOf(db: DB, companyId: string) {
  const rows = await attendanceWithJob(db)
    .select(['t.id', 'a.candidate_id', 's.date', 't.status', 't.clock_in', 't.clock_out', 't.break_minutes', 't.created_at', 'j.title_ja', 'j.title_en'])
    .where('t.company_id', '=', companyId)
    .orderBy('t.id')
    .execute();
  return rows.map((r) => {
    const day = r.date ?? todayInJapan(r.clock_in ?? r.created_at);
    return {
      id: r.id,
      workerId: r.candidate_id,
      label: inBoth((lang) => `${day} ${pickLang(lang, r.title_ja, r.title_en)}`),
      payload: {
        externalId: r.id,
        workerExternalId: r.candidate_id,
        workDate: day,
        status: r.status,
        clockIn: r.clock_in?.toISOString() ?? null,
        clockOut: r.clock_out?.toISOString() ?? null,
        breakMinutes: r.break_minutes,
        job: { ja: r.title_ja, en: r.title_en || r.title_ja },
      },
    };
  });
}

async function claim(db: DB, companyId: string) {
  return db
    .updateTable('integration_connections')
    .set({ running_since: sql`now()` })
    .where('company_id', '=', companyId)
    .where('provider', '=', 'romuten')
    .where('enabled', '=', true)
    .where('credentials', 'is not', null)
    .where(unclaimed)
    .returningAll()
    .executeTakeFirst();
}

/** Runs one sync now; a summary (also in the log), or why none ran. */
export async function syncRomuten(
  db: DB,
  key: Buffer | null,
  companyId: string,
  actor: Actor,
  o: { outbound: Outbound; policy?: RetryPolicy; log?: Logger },
): Promise<SyncSummary | { refused: SyncRefusal }> {
  const conn = await claim(db, companyId);
  if (!conn) {
    const c = await db.selectFrom('integration_connections').select(['enabled', 'credentials']).where('company_id', '=', companyId).where('provider', '=', 'romuten').executeTakeFirst();
    return { refused: c?.enabled && c.credentials ? 'busy' : 'not_connected' };
  }
  const release = () => db.updateTable('integration_connections').set({ running_since: null }).where('id', '=', conn.id).execute();
  const creds = openCredentials(key, conn);
  if (typeof creds === 'string') {
    await release();
    return { refused: creds === 'missing' ? 'not_connected' : creds };
  }
  const log = await db
    .insertInto('integration_syncs')
    .values({ connection_id: conn.id, company_id: companyId, actor_id: actor.id, actor_name: actor.name })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(async (err: unknown) => {
      await release();
      throw err;
    });
  const s: SyncSummary = { syncId: log.id, status: 'ok', workersPushed: 0, attendancePushed: 0, unchanged: 0, statusesPulled: 0, failed: 0, retries: 0, errors: [] };
  const client = romutenClient(o.outbound, creds, o.policy ?? DEFAULT_POLICY, () => s.retries++);
  let stopped = false;
  try {
    const known = new Map(
      (await db.selectFrom('integration_items').select(['entity', 'entity_id', 'version', 'remote_id']).where('connection_id', '=', conn.id).execute()).map((i) => [`${i.entity}:${i.entity_id}`, i]),
    );

    /** Pushes one item unless its version is there already; false when the sync must stop. */
    const push = async (entity: Entity, path: string, item: { id: string; label: string | Text; payload: unknown }): Promise<boolean> => {
      const version = versionOf(item.payload);
      const before = known.get(`${entity}:${item.id}`);
      if (before?.version === version) {
        s.unchanged++;
        return true;
      }
      try {
        const res = await client.call<{ id?: unknown; status?: unknown }>('POST', path, item.payload, idempotencyKey(companyId, entity, item.id, version));
        const row = { version, remote_id: typeof res.id === 'string' ? res.id : null, remote_status: typeof res.status === 'string' ? res.status : null, pushed_at: new Date() };
        await db
          .insertInto('integration_items')
          .values({ connection_id: conn.id, entity, entity_id: item.id, ...row })
          .onConflict((oc) => oc.columns(['connection_id', 'entity', 'entity_id']).doUpdateSet(row))
          .execute();
        known.set(`${entity}:${item.id}`, { entity, entity_id: item.id, version, remote_id: row.remote_id });
        if (entity === 'worker') s.workersPushed++;
        else s.attendancePushed++;
        return true;
      } catch (err) {
        if (!(err instanceof RomutenError)) throw err;
        s.failed++;
        s.errors.push({ key: entity === 'worker' ? 'log.sync.worker' : 'log.sync.attendance', params: { label: item.label, reason: err.problem } });
        return err.kind === 'rejected';
      }
    };

    const workers = await workersOf(db, companyId);
    for (const w of workers) {
      if (!(await push('worker', '/v1/workers', w))) {
        stopped = true;
        break;
      }
    }
    if (!stopped) {
      for (const a of await attendanceOf(db, companyId)) {
        // A record goes after its worker: Romuten refuses attendance of a worker it does not know.
        if (!known.has(`worker:${a.workerId}`)) continue;
        if (!(await push('attendance', '/v1/attendance', a))) {
          stopped = true;
          break;
        }
      }
    }
    if (!stopped) await pull(db, conn.id, client, s);
    s.status = stopped ? 'failed' : s.errors.length ? 'partial' : 'ok';
  } catch (err) {
    s.status = 'failed';
    s.errors.push({ key: 'log.internal', params: { error: (err as Error).message } });
    o.log?.error({ err, companyId }, 'romuten sync failed');
  } finally {
    const done = new Date();
    await db
      .updateTable('integration_syncs')
      .set({
        finished_at: done,
        status: s.status,
        workers_pushed: s.workersPushed,
        attendance_pushed: s.attendancePushed,
        unchanged: s.unchanged,
        statuses_pulled: s.statusesPulled,
        failed: s.failed,
        retries: s.retries,
        errors: JSON.stringify(s.errors.slice(0, 50)),
      })
      .where('id', '=', log.id)
      .execute();
    await db.updateTable('integration_connections').set({ running_since: null, last_sync_at: done, last_sync_status: s.status }).where('id', '=', conn.id).execute();
  }
  o.log?.info({ companyId, ...s, errors: s.errors.length }, 'romuten sync finished');
  return s;
}

/** Asks Romuten for the status of every delivered item, in batches, and keeps what it says. */
async function pull(db: DB, connectionId: string, client: ReturnType<typeof romutenClient>, s: SyncSummary): Promise<void> {
  const items = await db.selectFrom('integration_items').select(['entity', 'entity_id', 'remote_status']).where('connection_id', '=', connectionId).orderBy('entity').orderBy('entity_id').execute();
  for (let i = 0; i < items.length; i += PULL_BATCH) {
    const batch = items.slice(i, i + PULL_BATCH);
    const ids = (entity: Entity) => batch.filter((x) => x.entity === entity).map((x) => x.entity_id);
    let answer: { workers?: { externalId: string; status: string }[]; attendance?: { externalId: string; status: string }[] };
    try {
      answer = await client.call('POST', '/v1/status/query', { workers: ids('worker'), attendance: ids('attendance') });
    } catch (err) {
      if (!(err instanceof RomutenError)) throw err;
      s.failed++;
      s.errors.push({ key: 'log.sync.status', params: { reason: err.problem } });
      return;
    }
    for (const [entity, list] of [
      ['worker', answer.workers],
      ['attendance', answer.attendance],
    ] as const) {
      for (const r of Array.isArray(list) ? list : []) {
        if (typeof r?.externalId !== 'string' || typeof r.status !== 'string') continue;
        const mine = batch.find((x) => x.entity === entity && x.entity_id === r.externalId);
        if (!mine) continue;
        await db
          .updateTable('integration_items')
          .set({ remote_status: r.status.slice(0, 60), pulled_at: new Date() })
          .where('connection_id', '=', connectionId)
          .where('entity', '=', entity)
          .where('entity_id', '=', r.externalId)
          .execute();
        s.statusesPulled++;
      }
    }
  }
}

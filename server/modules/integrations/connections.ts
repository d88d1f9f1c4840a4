/**
 * A company's connections to outside services: the catalogue with each one's state, the Romuten
 * connection's settings (the credentials sealed, crypto.ts) and its sync log. Writes are audited.
 */
import { companyDirectory } from '../companies/directory.ts';
import { sql } from 'kysely';
import { audit, type Actor } from '../../db/audit.ts';
import type { DB } from '../../db/connect.ts';
import { open, seal } from './crypto.ts';
import type { Provider } from './tables.ts';
import type { RomutenCredentials } from './romuten-client.ts';

/** The services a company can connect to, in catalogue order. */
export const PROVIDERS: readonly Provider[] = ['romuten'];

/**
 * What the catalogue says of a connection: `not_connected` (none, no credentials, or switched
 * off), `failing` (the last sync failed or left items behind), else `connected`.
 */
export type ConnectionState = 'not_connected' | 'connected' | 'failing';

interface StateOf {
  credentials: string | null;
  enabled: boolean;
  last_sync_status: 'ok' | 'partial' | 'failed' | null;
}
export function stateOf(c: StateOf | undefined): ConnectionState {
  if (!c?.credentials || !c.enabled) return 'not_connected';
  return c.last_sync_status === 'failed' || c.last_sync_status === 'partial' ? 'failing' : 'connected';
}

/** Sealed credentials are bound to their company and service: they do not open in another row. */
export const credentialsAad = (companyId: string, provider: Provider) => `${companyId}:${provider}`;

/** Every (company, service) pair of the given companies (null: all), with its state and last sync. */
export async function catalogue(db: DB, companyIds: readonly string[] | null) {
  if (companyIds && !companyIds.length) return [];
  const companies = (await companyDirectory(db)).filter((c) => !companyIds || companyIds.includes(c.id));
  const connections = companies.length
    ? await db
        .selectFrom('integration_connections')
        .select(['company_id', 'provider', 'base_url', 'credentials', 'enabled', 'last_sync_at', 'last_sync_status'])
        .where(
          'company_id',
          'in',
          companies.map((c) => c.id),
        )
        .execute()
    : [];
  return companies.flatMap((c) =>
    PROVIDERS.map((provider) => {
      const conn = connections.find((x) => x.company_id === c.id && x.provider === provider);
      return {
        companyId: c.id,
        companyJa: c.name,
        companyEn: c.name_en || c.name,
        provider,
        state: stateOf(conn),
        lastSyncAt: conn?.last_sync_at ?? null,
        lastSyncStatus: conn?.last_sync_status ?? null,
      };
    }),
  );
}

/** A company's Romuten connection as its page shows it (never the credentials), with the latest syncs. */
export async function romutenSettings(db: DB, companyId: string) {
  const c = await db.selectFrom('integration_connections').selectAll().where('company_id', '=', companyId).where('provider', '=', 'romuten').executeTakeFirst();
  const syncs = c ? await db.selectFrom('integration_syncs').selectAll().where('connection_id', '=', c.id).orderBy('started_at', 'desc').limit(20).execute() : [];
  const items = c
    ? await db
        .selectFrom('integration_items')
        .select(['entity', 'remote_status', sql<number>`count(*)::int`.as('n')])
        .where('connection_id', '=', c.id)
        .groupBy(['entity', 'remote_status'])
        .orderBy('entity')
        .orderBy('remote_status')
        .execute()
    : [];
  return { connection: c ?? null, state: stateOf(c), syncs, items };
}

export interface RomutenInput {
  baseUrl: string;
  /** Blank: keep the one that is set. */
  apiKey: string;
  secret: string;
  enabled: boolean;
}

export type SaveResult = { ok: true } | { ok: false; reason: 'no_key' | 'missing' | 'unreadable' };

const last4 = (v: string) => v.slice(-4);

/**
 * Saves the connection. A blank key or secret keeps the stored one (the form never shows it
 * back); the first save needs both. The audit entry says what changed, never the values.
 */
export async function saveRomuten(db: DB, key: Buffer | null, actor: Actor, companyId: string, input: RomutenInput): Promise<SaveResult> {
  const aad = credentialsAad(companyId, 'romuten');
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('integration_connections').selectAll().where('company_id', '=', companyId).where('provider', '=', 'romuten').forUpdate().executeTakeFirst();
    const changing = input.apiKey !== '' || input.secret !== '';
    let sealed = before?.credentials ?? null;
    let keyLast4 = before?.api_key_last4 ?? null;
    let secretLast4 = before?.secret_last4 ?? null;
    if (changing) {
      if (!key) return { ok: false, reason: 'no_key' } as const;
      let current: { apiKey: string; secret: string } = { apiKey: '', secret: '' };
      if (before?.credentials) {
        try {
          current = JSON.parse(open(key, before.credentials, aad)) as typeof current;
        } catch {
          // Sealed under another key: both must be typed again.
          if (input.apiKey === '' || input.secret === '') return { ok: false, reason: 'unreadable' } as const;
        }
      }
      const next = { apiKey: input.apiKey || current.apiKey, secret: input.secret || current.secret };
      if (!next.apiKey || !next.secret) return { ok: false, reason: 'missing' } as const;
      sealed = seal(key, JSON.stringify(next), aad);
      keyLast4 = last4(next.apiKey);
      secretLast4 = last4(next.secret);
    } else if (!before?.credentials && input.enabled) {
      return { ok: false, reason: 'missing' } as const;
    }
    const values = { base_url: input.baseUrl, credentials: sealed, api_key_last4: keyLast4, secret_last4: secretLast4, enabled: input.enabled, updated_at: new Date() };
    const row = before
      ? await trx.updateTable('integration_connections').set(values).where('id', '=', before.id).returning('id').executeTakeFirstOrThrow()
      : await trx
          .insertInto('integration_connections')
          .values({ company_id: companyId, provider: 'romuten', ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (before?.base_url !== input.baseUrl) changes.base_url = { from: before?.base_url ?? null, to: input.baseUrl };
    if (before?.enabled !== input.enabled) changes.enabled = { from: before?.enabled ?? null, to: input.enabled };
    if (input.apiKey) changes.api_key = { from: before?.api_key_last4 ? `…${before.api_key_last4}` : null, to: `…${keyLast4}` };
    if (input.secret) changes.secret = { from: before?.secret_last4 ? 'set' : null, to: 'set' };
    if (Object.keys(changes).length) {
      await audit(trx, actor, 'integration', row.id, companyId, changes, before ? 'update' : 'create');
    }
    return { ok: true } as const;
  });
}

/** Forgets the credentials and switches the connection off; the log and the pushed items stay. */
export async function disconnectRomuten(db: DB, actor: Actor, companyId: string): Promise<boolean> {
  const row = await db
    .updateTable('integration_connections')
    .set({ credentials: null, api_key_last4: null, secret_last4: null, enabled: false, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('provider', '=', 'romuten')
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await audit(db, actor, 'integration', row.id, companyId, { credentials: { from: 'set', to: null } });
  return true;
}

/** The connection's credentials opened, or why not. */
export function openCredentials(key: Buffer | null, c: { company_id: string; base_url: string; credentials: string | null }): RomutenCredentials | 'no_key' | 'missing' | 'unreadable' {
  if (!c.credentials) return 'missing';
  if (!key) return 'no_key';
  try {
    const { apiKey, secret } = JSON.parse(open(key, c.credentials, credentialsAad(c.company_id, 'romuten'))) as { apiKey: string; secret: string };
    return { baseUrl: c.base_url, apiKey, secret };
  } catch {
    return 'unreadable';
  }
}

/** One sync run as recorded. */
export function syncById(db: DB, id: string) {
  return db.selectFrom('integration_syncs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Integrations (/admin/integration 410001, /admin/integration/romuten 410002; docs/romuten.md):
 * the catalogue of a company's connections, its Romuten connection (credentials sealed, never
 * answered back: only whether each is set and its last four characters), "sync now" and the log.
 * A company user works on its own company only; a platform user picks one (`companyId`).
 */
import { notifyPlatform } from '../../notifications/service.ts';
import { companyDirectory, companyNames } from '../../companies/directory.ts';
import { z } from 'zod';
import { msg, msgText } from '../../../../shared/messages.ts';
import { hasNoTenant, isClient, isCompany, isPlatform } from '../../../access/tenancy.ts';
import { catalogue, disconnectRomuten, romutenSettings, saveRomuten, syncById } from '../connections.ts';
import { DEFAULT_POLICY } from '../romuten-client.ts';
import { allowListed, urlRefusal, type AllowList } from '../../../net/outbound.ts';
import { syncRomuten } from '../sync.ts';
import type { DB } from '../../../db/connect.ts';
import { validate } from '../../../validation.ts';
import type { ApiContext } from '../../../api/context.ts';
import { apiError, badInput, forbidden } from '../../../api/errors.ts';
import { type Rules, pages } from '../../../api/rules.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { jaEn } from '../../../api/graphql/both-langs.ts';
import { drawProblem } from '../../../../shared/texts/index.ts';
import type { Lang } from '../../../../shared/i18n.ts';

export const typeDefs = /* GraphQL */ `
  type IntegrationCompany {
    id: ID!
    nameJa: String!
    nameEn: String!
  }
  "One service of one company in the catalogue."
  type IntegrationEntry {
    companyId: ID!
    companyJa: String!
    companyEn: String!
    "romuten"
    provider: String!
    "not_connected | connected | failing"
    state: String!
    lastSyncAt: String
    "ok | partial | failed"
    lastSyncStatus: String
  }
  type IntegrationCatalogue {
    "The companies the caller may choose from (a company user: its own)."
    companies: [IntegrationCompany!]!
    entries: [IntegrationEntry!]!
  }
  "One sync: who started it, when, what it did and what went wrong."
  type IntegrationSync {
    id: ID!
    startedAt: String!
    finishedAt: String
    "running | ok | partial | failed"
    status: String!
    actorName: String!
    workersPushed: Int!
    attendancePushed: Int!
    unchanged: Int!
    statusesPulled: Int!
    failed: Int!
    retries: Int!
    "What went wrong, in the caller's language; what Romuten itself said, as it said it. A sync logged before problems were kept by key reads in English."
    errors: [String!]!
  }
  "How many delivered items Romuten reports in each status (null: not read yet)."
  type IntegrationItemCount {
    "worker | attendance"
    entity: String!
    remoteStatus: String
    count: Int!
  }
  "A company's Romuten connection. The key and secret are never answered: only whether they are set and their last four characters."
  type RomutenConnection {
    companyId: ID!
    companyJa: String!
    companyEn: String!
    companies: [IntegrationCompany!]!
    "False until the connection was first saved."
    configured: Boolean!
    baseUrl: String!
    apiKeySet: Boolean!
    apiKeyLast4: String
    secretSet: Boolean!
    secretLast4: String
    enabled: Boolean!
    "not_connected | connected | failing"
    state: String!
    lastSyncAt: String
    lastSyncStatus: String
    "False when the server has no INTEGRATION_KEY: credentials cannot be saved or used."
    keyAvailable: Boolean!
    syncs: [IntegrationSync!]!
    items: [IntegrationItemCount!]!
  }
  input RomutenConnectionInput {
    baseUrl: String!
    "Blank or absent: keep the one that is set."
    apiKey: String
    "Blank or absent: keep the one that is set."
    secret: String
    enabled: Boolean!
  }
  extend type Query {
    "The catalogue of connections: the caller's company, or for a platform user one company (companyId) or all."
    integrations(companyId: ID): IntegrationCatalogue!
    "A company's Romuten connection and its latest syncs (a platform user without companyId: the first company)."
    romutenConnection(companyId: ID): RomutenConnection!
  }
  extend type Mutation {
    "Saves a company's Romuten connection; the key and secret are sealed (AES-256-GCM) before they are stored."
    saveRomutenConnection(companyId: ID, input: RomutenConnectionInput!): Boolean!
    "Runs a sync now: push workers and attendance, pull their status. Answers the sync as logged."
    syncRomuten(companyId: ID): IntegrationSync!
    "Deletes the stored key and secret and switches sync off; the log stays."
    disconnectRomuten(companyId: ID): Boolean!
  }
`;

/** The company an operation is about: a company user's own (another is refused), or the one a platform user named. */
async function companyFor(ctx: ApiContext, requested: string | null | undefined): Promise<string> {
  const t = ctx.tenant;
  if (isCompany(t)) {
    if (requested && requested !== t.companyId) throw forbidden(ctx.lang);
    return t.companyId;
  }
  if (!isPlatform(t)) throw forbidden(ctx.lang);
  const all = await companyDirectory(ctx.services.db);
  const row = requested ? (isUuid(requested) ? all.find((c) => c.id === requested) : undefined) : all[0];
  if (!row) throw apiError('NOT_FOUND', msg(ctx.lang, 'integrations.none'));
  return row.id;
}

async function companiesFor(ctx: ApiContext) {
  const t = ctx.tenant;
  if (hasNoTenant(t) || isClient(t)) return [];
  return (await companyDirectory(ctx.services.db)).filter((c) => isPlatform(t) || c.id === t.companyId).map((c) => ({ id: c.id, ...jaEn('name', c.name, c.name_en) }));
}

/**
 * The base URL, as it is typed: never a literal address or name inside our network unless
 * OUTBOUND_ALLOW names it (the outbound guard checks what it resolves to at every request too),
 * and in production https unless it is such an allowed on-premises target.
 */
const publicUrl = (v: string, production: boolean, allow: AllowList) => URL.canParse(v) && urlRefusal(v, allow) === null && (!production || new URL(v).protocol === 'https:' || allowListed(v, allow));

const inputSchema = (production: boolean, allow: AllowList) =>
  z.object({
    baseUrl: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), { params: msgText('integrations.url') })
      .refine((v) => publicUrl(v, production, allow), { params: msgText('integrations.urlPublic') }),
    apiKey: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || v.length >= 8, { params: msgText('integrations.keyShort') }),
    secret: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || v.length >= 8, { params: msgText('integrations.keyShort') }),
    enabled: z.boolean(),
  });

async function syncView(db: DB, id: string, lang: Lang) {
  return toSync(await syncById(db, id), lang);
}

const toSync = (r: Awaited<ReturnType<typeof romutenSettings>>['syncs'][number], lang: Lang) => ({
  id: r.id,
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
  status: r.status,
  actorName: r.actor_name,
  workersPushed: r.workers_pushed,
  attendancePushed: r.attendance_pushed,
  unchanged: r.unchanged,
  statusesPulled: r.statuses_pulled,
  failed: r.failed,
  retries: r.retries,
  errors: r.errors.map((e) => drawProblem(lang, e)),
});

const actorOf = (ctx: ApiContext) => ({ id: ctx.user!.id, name: ctx.user!.name });

export const resolvers = {
  Query: {
    integrations: async (_: unknown, a: { companyId?: string | null }, ctx: ApiContext) => {
      const t = ctx.tenant;
      const only = isPlatform(t) && !a.companyId ? null : [await companyFor(ctx, a.companyId)];
      const entries = await catalogue(ctx.services.db, only);
      return { companies: await companiesFor(ctx), entries: entries.map((e) => ({ ...e, lastSyncAt: e.lastSyncAt?.toISOString() ?? null })) };
    },
    romutenConnection: async (_: unknown, a: { companyId?: string | null }, ctx: ApiContext) => {
      const companyId = await companyFor(ctx, a.companyId);
      const db = ctx.services.db;
      const company = (await companyDirectory(db)).find((c) => c.id === companyId)!;
      const { connection: c, state, syncs, items } = await romutenSettings(db, companyId);
      return {
        companyId,
        ...jaEn('company', company.name, company.name_en),
        companies: await companiesFor(ctx),
        configured: !!c,
        baseUrl: c?.base_url ?? '',
        apiKeySet: !!c?.credentials,
        apiKeyLast4: c?.credentials ? c.api_key_last4 : null,
        secretSet: !!c?.credentials,
        secretLast4: c?.credentials ? c.secret_last4 : null,
        enabled: c?.enabled ?? false,
        state,
        lastSyncAt: c?.last_sync_at?.toISOString() ?? null,
        lastSyncStatus: c?.last_sync_status ?? null,
        keyAvailable: ctx.services.config.integrationKey !== null,
        syncs: syncs.map((x) => toSync(x, ctx.lang)),
        items: items.map((i) => ({ entity: i.entity, remoteStatus: i.remote_status, count: i.n })),
      };
    },
  },
  Mutation: {
    saveRomutenConnection: async (_: unknown, a: { companyId?: string | null; input: Record<string, unknown> }, ctx: ApiContext) => {
      const companyId = await companyFor(ctx, a.companyId);
      const v = validate(inputSchema(ctx.services.config.production, ctx.services.config.outboundAllow), { ...a.input, apiKey: a.input.apiKey ?? '', secret: a.input.secret ?? '' }, ctx.lang);
      if (!v.ok) throw badInput(ctx.lang, v.errors);
      const r = await saveRomuten(ctx.services.db, ctx.services.config.integrationKey, actorOf(ctx), companyId, v.data);
      if (r.ok) return true;
      if (r.reason === 'no_key') throw apiError('CONFLICT', msg(ctx.lang, 'integrations.noKey'));
      throw badInput(ctx.lang, { apiKey: msg(ctx.lang, r.reason === 'missing' ? 'integrations.credentialsNeeded' : 'integrations.credentialsUnreadable') });
    },
    syncRomuten: async (_: unknown, a: { companyId?: string | null }, ctx: ApiContext) => {
      const companyId = await companyFor(ctx, a.companyId);
      const timers = ctx.services.timers;
      const policy = { ...DEFAULT_POLICY, wait: (ms: number) => new Promise<void>((resolve) => void timers.set(resolve, ms)) };
      const r = await syncRomuten(ctx.services.db, ctx.services.config.integrationKey, companyId, actorOf(ctx), { policy, log: ctx.services.log, outbound: ctx.services.outbound });
      if ('refused' in r) {
        const key = ({ not_connected: 'integrations.notConnected', busy: 'integrations.busy', no_key: 'integrations.noKey', unreadable: 'integrations.unreadable' } as const)[r.refused];
        throw apiError('CONFLICT', msg(ctx.lang, key));
      }
      if (r.status !== 'ok') {
        const company = await companyNames(ctx.services.db, companyId);
        await notifyPlatform(ctx.services.db, ctx.services.bus, { key: 'notify.syncFailed', params: { company: { ja: company?.name ?? '', en: company?.name_en ?? '' } }, link: '/admin/integration' });
      }
      return syncView(ctx.services.db, r.syncId, ctx.lang);
    },
    disconnectRomuten: async (_: unknown, a: { companyId?: string | null }, ctx: ApiContext) => {
      const companyId = await companyFor(ctx, a.companyId);
      return disconnectRomuten(ctx.services.db, actorOf(ctx), companyId);
    },
  },
};

/** Who may run each root field of this module (server/api/rules.ts; codes from the route table). */
export const rules: Rules = {
  // Integrations: the catalogue (410001) and the Romuten page (410002); the company must be the caller's.
  'Query.integrations': pages('/admin/integration'),
  'Query.romutenConnection': pages('/admin/integration/romuten'),
  'Mutation.saveRomutenConnection': pages('/admin/integration/romuten'),
  'Mutation.syncRomuten': pages('/admin/integration/romuten'),
  'Mutation.disconnectRomuten': pages('/admin/integration/romuten'),
};

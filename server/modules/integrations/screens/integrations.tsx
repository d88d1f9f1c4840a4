import { operation } from '../../../api/documents.ts';
import { IntegrationCatalogue, RomutenSettings } from '../../../../views/pages/admin/Integrations.tsx';
import { queryText, withFlag } from '../../../web/kit.ts';
import { defineScreen, plain, redirect, withRefusal, type OnRefusal, type Refusal, type ScreenContext } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  Integrations: operation(/* GraphQL */ `
    query Integrations($companyId: ID) {
      integrations(companyId: $companyId) { companies { id nameJa nameEn } entries { companyId companyJa companyEn provider state lastSyncAt lastSyncStatus } }
    }
  `),
  RomutenConnection: operation(/* GraphQL */ `
    query RomutenConnection($companyId: ID) {
      romutenConnection(companyId: $companyId) {
        companyId companyJa companyEn companies { id nameJa nameEn }
        configured baseUrl apiKeySet apiKeyLast4 secretSet secretLast4 enabled state lastSyncAt lastSyncStatus keyAvailable
        syncs { id startedAt finishedAt status actorName workersPushed attendancePushed unchanged statusesPulled failed retries errors }
        items { entity remoteStatus count }
      }
    }
  `),
  SaveRomutenConnection: operation(/* GraphQL */ `mutation SaveRomutenConnection($companyId: ID, $input: RomutenConnectionInput!) { saveRomutenConnection(companyId: $companyId, input: $input) }`),
  SyncRomuten: operation(/* GraphQL */ `mutation SyncRomuten($companyId: ID) { syncRomuten(companyId: $companyId) { id status } }`),
  DisconnectRomuten: operation(/* GraphQL */ `mutation DisconnectRomuten($companyId: ID) { disconnectRomuten(companyId: $companyId) }`),
};

/**
 * Integrations (docs/romuten.md): the catalogue at /admin/integration (410001) and the Romuten
 * connection at /admin/integration/romuten (410002). A platform user chooses the company with
 * `?company=`; a company user has one (another company's id is the API's FORBIDDEN).
 */
const ROMUTEN = '/admin/integration/romuten';

const companyOf = (ctx: ScreenContext, body?: Record<string, unknown>) => {
  const fromBody = typeof body?.company === 'string' ? body.company.slice(0, 100) : '';
  return fromBody || queryText(ctx.req, 'company') || null;
};

const romutenHref = (companyId: string | null) => (companyId ? `${ROMUTEN}?company=${encodeURIComponent(companyId)}` : ROMUTEN);

const NOTICES = { saved: 'integrations.saved', synced: 'integrations.syncDone', syncPartial: 'integrations.syncPartial', disconnected: 'integrations.disconnected' } as const;
/** A sync that failed is said as an error, above the form: its log row says why. */
const SYNC_FAILED = 'syncFailed';
/** The flag a finished sync comes back with, by its result (the log's badge says the same). */
const SYNC_FLAG = { ok: 'synced', partial: 'syncPartial', failed: SYNC_FAILED } as const;

/** An API refusal that is about the request (not the form) ends the post there; the rest is drawn beside the form. */
const aboutRequest = (r: Refusal) => (r.code === 'FORBIDDEN' || r.code === 'UNAUTHENTICATED' || r.code === 'NOT_FOUND' ? plain(r.status, r.message) : undefined);
/** A refused step (sync, disconnect) is said above the form. */
const STEP_REFUSAL: OnRefusal = { values: () => ({}), errors: 'message', answer: aboutRequest };
/** A refused connection draws the form again, but the key and secret are never drawn back into it. */
const SAVE_REFUSAL: OnRefusal = {
  values: (body) => ({ baseUrl: typeof body.baseUrl === 'string' ? body.baseUrl : '', enabled: body.enabled === 'on' || body.enabled === 'true' }),
  answer: aboutRequest,
};

const CATALOGUE_SCREEN = defineScreen({
  path: '/admin/integration',
  load: async (ctx) => (await ctx.call(OWN.Integrations, { companyId: companyOf(ctx) })).integrations,
  view: (ctx, d) => ({
    title: ctx.route.title,
    content: <IntegrationCatalogue lang={ctx.lang} title={ctx.route.title} companies={d.companies} chosen={companyOf(ctx) ?? ''} entries={d.entries} />,
  }),
});

const ROMUTEN_SCREEN = defineScreen({
  path: ROMUTEN,
  load: async (ctx) => (await ctx.call(OWN.RomutenConnection, { companyId: companyOf(ctx) })).romutenConnection,
  view: (ctx, d, state, act) => {
    const flag = (Object.keys(NOTICES) as (keyof typeof NOTICES)[]).find((k) => ctx.req.query[k] === '1');
    const values =
      state && 'baseUrl' in state.values ? { baseUrl: String(state.values.baseUrl ?? ''), enabled: state.values.enabled === true } : { baseUrl: d.baseUrl, enabled: d.configured ? d.enabled : true };
    return {
      title: ctx.route.title,
      content: (
        <RomutenSettings
          act={act}
          lang={ctx.lang}
          title={ctx.route.title}
          action={romutenHref(d.companyId)}
          data={d}
          values={values}
          errors={state?.errors ?? (ctx.req.query[SYNC_FAILED] === '1' ? { _: ctx.msg('integrations.syncFailed') } : {})}
          notice={!state && flag ? ctx.msg(NOTICES[flag]) : undefined}
        />
      ),
    };
  },
  actions: {
    save: withRefusal(SAVE_REFUSAL, async (ctx, body) => {
      const companyId = companyOf(ctx, body);
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const input = { baseUrl: text(body.baseUrl), apiKey: text(body.apiKey), secret: text(body.secret), enabled: body.enabled === 'on' || body.enabled === 'true' };
      await ctx.call(OWN.SaveRomutenConnection, { companyId, input });
      return redirect(withFlag(romutenHref(companyId), 'saved'));
    }),
    sync: withRefusal(STEP_REFUSAL, async (ctx, body) => {
      const companyId = companyOf(ctx, body);
      const { syncRomuten } = await ctx.call(OWN.SyncRomuten, { companyId });
      const flag = SYNC_FLAG[syncRomuten.status as keyof typeof SYNC_FLAG] ?? 'synced';
      return redirect(`${withFlag(romutenHref(companyId), flag)}#romuten-log`);
    }),
    disconnect: withRefusal(STEP_REFUSAL, async (ctx, body) => {
      const companyId = companyOf(ctx, body);
      await ctx.call(OWN.DisconnectRomuten, { companyId });
      return redirect(withFlag(romutenHref(companyId), 'disconnected'));
    }),
  },
});

export const screens = [CATALOGUE_SCREEN, ROMUTEN_SCREEN];

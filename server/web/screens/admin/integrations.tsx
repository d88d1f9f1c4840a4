import { DOCS } from '../../../api/documents.ts';
import { IntegrationCatalogue, RomutenSettings } from '../../../../views/pages/admin/Integrations.tsx';
import { ApiFailure, queryText, withFlag } from '../../kit.ts';
import { defineScreen, failed, plain, redirect, type ScreenContext } from '../../screen.ts';

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

const NOTICES = { saved: 'integrations.saved', synced: 'integrations.syncDone', disconnected: 'integrations.disconnected' } as const;

/** An API refusal that is about the request (not the form) ends the post there; the rest is drawn beside the form. */
function refusal(err: unknown) {
  if (!(err instanceof ApiFailure)) throw err;
  if (err.code === 'FORBIDDEN' || err.code === 'UNAUTHENTICATED' || err.code === 'NOT_FOUND') return plain(err.status, err.message);
  return null;
}

const CATALOGUE_SCREEN = defineScreen({
  path: '/admin/integration',
  load: async (ctx) => (await ctx.call(DOCS.Integrations, { companyId: companyOf(ctx) })).integrations,
  view: (ctx, d) => ({
    title: ctx.route.title,
    content: <IntegrationCatalogue lang={ctx.lang} title={ctx.route.title} companies={d.companies} chosen={companyOf(ctx) ?? ''} entries={d.entries} />,
  }),
});

const ROMUTEN_SCREEN = defineScreen({
  path: ROMUTEN,
  load: async (ctx) => (await ctx.call(DOCS.RomutenConnection, { companyId: companyOf(ctx) })).romutenConnection,
  view: (ctx, d, state, act) => {
    const flag = (Object.keys(NOTICES) as (keyof typeof NOTICES)[]).find((k) => ctx.req.query[k] === '1');
    const values = state && 'baseUrl' in state.values ? { baseUrl: String(state.values.baseUrl ?? ''), enabled: state.values.enabled === true } : { baseUrl: d.baseUrl, enabled: d.configured ? d.enabled : true };
    return {
      title: ctx.route.title,
      content: <RomutenSettings act={act} lang={ctx.lang} title={ctx.route.title} action={romutenHref(d.companyId)} data={d} values={values} errors={state?.errors ?? {}} notice={!state && flag ? ctx.msg(NOTICES[flag]) : undefined} />,
    };
  },
  actions: {
    save: async (ctx, body) => {
      const companyId = companyOf(ctx, body);
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const input = { baseUrl: text(body.baseUrl), apiKey: text(body.apiKey), secret: text(body.secret), enabled: body.enabled === 'on' || body.enabled === 'true' };
      try {
        await ctx.call(DOCS.SaveRomutenConnection, { companyId, input });
        return redirect(withFlag(romutenHref(companyId), 'saved'));
      } catch (err) {
        const r = refusal(err);
        if (r) return r;
        const e = err as ApiFailure;
        // The key and secret are never drawn back into the form.
        return failed({ baseUrl: input.baseUrl, enabled: input.enabled }, e.formErrors, e.status);
      }
    },
    sync: async (ctx, body) => {
      const companyId = companyOf(ctx, body);
      try {
        await ctx.call(DOCS.SyncRomuten, { companyId });
        return redirect(`${withFlag(romutenHref(companyId), 'synced')}#romuten-log`);
      } catch (err) {
        const r = refusal(err);
        if (r) return r;
        const e = err as ApiFailure;
        return failed({}, { _: e.message }, e.status);
      }
    },
    disconnect: async (ctx, body) => {
      const companyId = companyOf(ctx, body);
      try {
        await ctx.call(DOCS.DisconnectRomuten, { companyId });
        return redirect(withFlag(romutenHref(companyId), 'disconnected'));
      } catch (err) {
        const r = refusal(err);
        if (r) return r;
        const e = err as ApiFailure;
        return failed({}, { _: e.message }, e.status);
      }
    },
  },
});

export const INTEGRATION_SCREENS = [CATALOGUE_SCREEN, ROMUTEN_SCREEN];

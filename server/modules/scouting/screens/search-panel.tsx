/**
 * The panel above the scout search's list (/v3/admin/scout/search, docs/scouting.md): the month's
 * quota, and with `?scout=<candidate>` (the list's "Scout" link) the offer form — the candidate's
 * shared card, one of the caller's open jobs (a daily job: one of its coming shifts), a message.
 * Sending goes to the API, which checks tenant, opt-in, quota and duplicates.
 */
import type { ReactNode } from 'react';
import { pickLang } from '../../../../shared/i18n.ts';
import { countryName } from '../../../../shared/countries.ts';
import { msg } from '../../../../shared/texts/index.ts';
import { dateText } from '../../../../shared/format.ts';
import { operation } from '../../../api/documents.ts';
import type { ResultOf } from '../../../api/documents.ts';
import { Field } from '../../../../views/ui/Field.tsx';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { redirect, type Action, type FormState, type ScreenContext } from '../../../web/screen.ts';
import { FormFooter, type ActionRefs } from '../../../../views/ui/Action.tsx';
import { isUuid } from '../../../../shared/ids.ts';
import { panel } from '../../../web/screens/feature.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  ScoutDesk: operation(/* GraphQL */ `
    query ScoutDesk($candidateId: ID) {
      scoutDesk(candidateId: $candidateId) {
        quota { used limit }
        candidate { id initials nationality languages area availability }
        jobs { id kind titleJa titleEn companyJa companyEn shifts { id date start end } }
      }
    }`),
  SendScoutOffer: operation(
    /* GraphQL */ `mutation SendScoutOffer($candidateId: ID!, $jobId: ID!, $shiftId: ID, $message: String!) { sendScoutOffer(candidateId: $candidateId, jobId: $jobId, shiftId: $shiftId, message: $message) { id conversationId } }`,
  ),
};

type Desk = ResultOf<typeof OWN.ScoutDesk>['scoutDesk'];

/** The offer form's panel, in the shape of server/web/screens/feature.ts's `Panel`. */
const scoutSearchPanel: {
  load(ctx: ScreenContext): Promise<{ asked: boolean; desk: Desk }>;
  view(ctx: ScreenContext, data: { asked: boolean; desk: Desk }, state: FormState | undefined, act: ActionRefs<'offer'>): ReactNode;
  actions: { offer: Action };
} = {
  load: async (ctx) => {
    const id = queryText(ctx.req, 'scout');
    const asked = isUuid(id);
    return { asked, desk: (await ctx.call(OWN.ScoutDesk, { candidateId: asked ? id : null })).scoutDesk };
  },
  view: (ctx, { asked, desk }, state, act) => {
    const { lang } = ctx;
    const c = desk.candidate;
    const value = (k: string) => (typeof state?.values[k] === 'string' ? (state.values[k] as string) : '');
    return (
      <section className="panel scout-panel" aria-labelledby="scout-panel-title">
        <h2 id="scout-panel-title" className="visually-hidden">
          {ctx.msg('scout.title')}
        </h2>
        {desk.quota && <p>{ctx.msg('scout.quotaLeft', { used: desk.quota.used, limit: desk.quota.limit })}</p>}
        {queryText(ctx.req, 'sent') && (
          <p className="form-notice" role="status">
            {ctx.msg('scout.sent')} <a href="/v3/admin/scout/pending">{msg(ctx.lang, 'scoutPanel.pendingLink')}</a>
          </p>
        )}
        {!asked && <p className="hint">{ctx.msg('scout.pick')}</p>}
        {asked && !c && <p className="field-error">{ctx.msg('scout.notFound')}</p>}
        {c && (
          <form method="post" action={ctx.req.originalUrl} className="card resource-form scout-offer">
            <h2>{ctx.msg('scout.formTitle', { who: c.initials })}</h2>
            <p className="hint">{[countryName(c.nationality, ctx.lang), c.languages, c.area, c.availability].filter(Boolean).join(' · ') || '—'}</p>
            <input type="hidden" name="candidateId" value={c.id} />
            {desk.jobs.length === 0 ? (
              <p>{ctx.msg('scout.noJobs')}</p>
            ) : (
              <>
                <Field name="job" label={ctx.msg('scout.job')} value={value('job')} error={state?.errors.job} required>
                  <option value="">—</option>
                  {desk.jobs.map((j) => {
                    const title = pickLang(lang, j.titleJa, j.titleEn) + (desk.quota ? '' : ` (${pickLang(lang, j.companyJa, j.companyEn)})`);
                    return j.kind === 'daily' ? (
                      <optgroup key={j.id} label={title}>
                        {j.shifts.map((s) => (
                          <option key={s.id} value={`${j.id}|${s.id}`}>
                            {`${dateText(s.date, lang)} ${s.start}–${s.end}`}
                          </option>
                        ))}
                      </optgroup>
                    ) : (
                      <option key={j.id} value={j.id}>
                        {title}
                      </option>
                    );
                  })}
                </Field>
                <Field name="message" label={ctx.msg('scout.messageLabel')} value={value('message')} error={state?.errors.message} textarea required />
                <FormFooter
                  action={act.offer}
                  label={ctx.msg('scout.send')}
                  leave={{ href: ctx.req.path, label: ctx.msg('scout.cancel') }}
                  disabled={!!desk.quota && desk.quota.used >= desk.quota.limit}
                />
              </>
            )}
          </form>
        )}
      </section>
    );
  },
  actions: {
    offer: async (ctx, body) => {
      const v = formStrings(body, ['candidateId', 'job', 'message']);
      const [jobId, shiftId] = (v.job ?? '').split('|');
      await ctx.call(OWN.SendScoutOffer, { candidateId: v.candidateId ?? '', jobId: jobId ?? '', shiftId: shiftId || null, message: v.message ?? '' });
      return redirect(withFlag(ctx.req.path, 'sent'));
    },
  },
};

export const panels = { '/v3/admin/scout/search': panel(scoutSearchPanel) };

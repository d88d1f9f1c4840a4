import { pickLang } from '../../../../shared/i18n.ts';
import { Field } from '../../../../views/ui/Field.tsx';
import { PanelForm } from '../../../../views/ui/PanelForm.tsx';
import { operation } from '../../../api/documents.ts';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { redirect } from '../../../web/screen.ts';
import { ActionButton } from '../../../../views/ui/Action.tsx';
import { panel } from '../../../web/screens/feature.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  PointWallets: operation(/* GraphQL */ `query PointWallets { pointWallets { companyId nameJa nameEn } }`),
  AdjustPoints: operation(/* GraphQL */ `mutation AdjustPoints($input: PointAdjustInput!) { adjustPoints(input: $input) { balance } }`),
};

/** The points screen's panel: give or take a candidate's points. */
const points = panel({
  load: async (ctx) => (await ctx.call(OWN.PointWallets)).pointWallets,
  view: (ctx, wallets, state, act) => {
    const v = (k: string) => (typeof state?.values[k] === 'string' ? (state.values[k] as string) : '');
    const balance = queryText(ctx.req, 'balance');
    return (
      <PanelForm
        id="point-form-title"
        className="point-form"
        action={ctx.req.originalUrl}
        title={ctx.msg('points.adjustTitle')}
        done={/^\d+$/.test(balance) ? ctx.msg('points.saved', { balance: Number(balance) }) : null}
        error={state?.errors._}
      >
        <div className="form-grid">
          <Field name="email" type="email" label={ctx.msg('points.person')} value={v('email')} error={state?.errors.email} required />
          {wallets.length > 1 && (
            <Field name="companyId" label={ctx.msg('points.wallet')} value={v('companyId')} error={state?.errors.companyId} required>
              {wallets.map((w) => (
                <option key={w.companyId ?? 'platform'} value={w.companyId ?? ''}>
                  {pickLang(ctx.lang, w.nameJa, w.nameEn)}
                </option>
              ))}
            </Field>
          )}
          <Field name="direction" label={ctx.msg('points.direction')} value={v('direction') || 'add'} required>
            <option value="add">{ctx.msg('points.add')}</option>
            <option value="spend">{ctx.msg('points.spend')}</option>
          </Field>
          <Field name="points" type="number" label={ctx.msg('points.amount')} value={v('points')} error={state?.errors.points} required />
          <Field name="reason" label={ctx.msg('points.reason')} value={v('reason')} error={state?.errors.reason} required />
        </div>
        <ActionButton action={act.adjust} className="btn btn-small-solid">
          {ctx.msg('points.submit')}
        </ActionButton>
      </PanelForm>
    );
  },
  actions: {
    adjust: async (ctx, body) => {
      const v = formStrings(body, ['email', 'companyId', 'direction', 'points', 'reason']);
      const { adjustPoints } = await ctx.call(OWN.AdjustPoints, {
        input: { email: v.email ?? '', companyId: v.companyId || null, direction: v.direction ?? '', points: /^\d{1,9}$/.test(v.points ?? '') ? Number(v.points) : 0, reason: v.reason ?? '' },
      });
      return redirect(withFlag(ctx.req.path, 'balance', String(adjustPoints.balance)));
    },
  },
});

/** The shifts panel's assignment or swap form: its notice once done, its refusal, or why there is nothing to choose (`none`). */
export const panels = { '/v3/admin/point': points };

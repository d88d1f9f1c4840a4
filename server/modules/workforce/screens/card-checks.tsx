/**
 * One residence card on the check screen (/admin/worker/rcCheckCandidate, 160004):
 * the panel above the list of cards (server/modules/workforce/defs/card-checks.ts) that `?card=<id>`
 * opens — both images (served by the authorized card endpoint, never a static path), the record
 * the candidate entered, whether the number has the printed format, and the decision form:
 * verified (with the record as read from the images), re-upload with a reason, rejected.
 */
import { dateLong, dateTimeText } from '../../../../shared/format.ts';
import { countryName } from '../../../../shared/countries.ts';
import { pickLang, tr, type Text } from '../../../../shared/i18n.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { DOCS, operation } from '../../../api/documents.ts';
import { SSW_FIELDS } from '../work-limits.ts';
import { Badge, StateBadge } from '../../../../views/ui/DataTable.tsx';
import { badgeStates } from '../../../../shared/list-kinds.ts';
import { CARD_CHECK_STATES } from '../../../../shared/states.ts';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { errorPage, failed, redirect, type FormState, type ScreenContext } from '../../../web/screen.ts';
import { ActionButton, type ActionRefs } from '../../../../views/ui/Action.tsx';
import { isUuid } from '../../../../shared/ids.ts';
import { RecordFacts } from '../../../web/screens/record-facts.tsx';
import { panel } from '../../../web/screens/feature.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  ResidenceCardCheck: operation(/* GraphQL */ `
    query ResidenceCardCheck($id: ID!) {
      residenceCardCheck(id: $id) {
        id personName email nationality status reason cardNumber numberMatches visaTypeId visaJa visaEn expiry permission uploadedAt decidedAt decidedBy personVerified frontUrl backUrl
      }
    }
  `),
  DecideResidenceCard: operation(/* GraphQL */ `mutation DecideResidenceCard($id: ID!, $input: CardDecisionInput!) { decideResidenceCard(id: $id, input: $input) { id status } }`),
};

const PATH = '/admin/worker/rcCheckCandidate';

/** A card's check as its page shows it: a card a newer upload replaced still opens here. */
const STATES = [...CARD_CHECK_STATES, ...badgeStates({ replaced: ['cardCheck.replaced', 'neutral'] })];

const cardParam = (ctx: ScreenContext) => {
  const v = queryText(ctx.req, 'card');
  return isUuid(v) ? v : null;
};

type Loaded = Awaited<ReturnType<typeof load>>;

async function load(ctx: ScreenContext) {
  const id = cardParam(ctx);
  if (!id) return null;
  const [{ residenceCardCheck: card }, { enums }] = await Promise.all([ctx.call(OWN.ResidenceCardCheck, { id }), ctx.call(DOCS.Enums)]);
  // Someone else's card, or none: the same answer.
  if (!card) throw errorPage('recordNotFound');
  return { card, visaTypes: enums.visaTypes };
}

const DECISION_DONE: Record<string, Text> = {
  verified: msgText('cardCheck.markedVerified'),
  reupload: msgText('cardCheck.reUploadAsked'),
  rejected: msgText('cardCheck.rejected'),
};

function view(ctx: ScreenContext, data: Loaded, state: FormState | undefined, act: ActionRefs<'decide'>) {
  const { lang } = ctx;
  if (!data) return <p className="hint">{msg(lang, 'cardCheck.pressName')}</p>;
  const { card, visaTypes } = data;
  const values = state?.values ?? {};
  const val = (k: string, fallback: string) => (typeof values[k] === 'string' ? (values[k] as string) : fallback);
  const err = state?.errors ?? {};
  const done = DECISION_DONE[queryText(ctx.req, 'decided')];
  const here = `${PATH}?card=${card.id}`;
  return (
    <section className="card card-check" aria-labelledby="card-check-title">
      <h2 id="card-check-title">
        {msg(lang, 'card.title')}: {card.personName} <StateBadge lang={lang} states={STATES} value={card.status} />
      </h2>
      {done && (
        <p className="notice" role="status">
          {tr(lang, done)} {ctx.msg('card.decisionSaved')}
        </p>
      )}
      {err._ && (
        <p className="form-alert" role="alert">
          {err._}
        </p>
      )}
      <div className="card-check-images">
        {(['front', 'back'] as const).map((side) => (
          <figure key={side}>
            <a href={side === 'front' ? card.frontUrl : card.backUrl} target="_blank" rel="noopener">
              <img src={side === 'front' ? card.frontUrl : card.backUrl} alt={ctx.msg(side === 'front' ? 'card.front' : 'card.back')} />
            </a>
            <figcaption>{ctx.msg(side === 'front' ? 'card.front' : 'card.back')}</figcaption>
          </figure>
        ))}
      </div>
      <RecordFacts
        facts={[
          [
            msg(lang, 'applicant.name'),
            <>
              {card.personName} ({card.email}){card.nationality ? ` · ${countryName(card.nationality, lang)}` : ''}
            </>,
          ],
          [
            ctx.msg('card.number'),
            <>
              <code>{card.cardNumber || '—'}</code>{' '}
              <span data-testid="number-format" data-matches={card.numberMatches ? 'yes' : 'no'}>
                {card.numberMatches ? <Badge tone="success">{ctx.msg('card.numberOk')}</Badge> : <Badge tone="danger">{ctx.msg('card.numberFormat')}</Badge>}
              </span>
            </>,
          ],
          [ctx.msg('card.status'), pickLang(lang, card.visaJa, card.visaEn) || '—'],
          [ctx.msg('card.expiry'), card.expiry ? dateLong(card.expiry, lang) : '—'],
          [msg(lang, 'record.permissionOutsideStatus'), tr(lang, card.permission ? msgText('cardCheck.yesCandidateSays') : msgText('cardCheck.noCandidateSays'))],
          [msg(lang, 'cardCheck.uploaded'), dateTimeText(card.uploadedAt, lang)],
          !!card.decidedAt && [
            msg(lang, 'cardCheck.checkedBy'),
            <>
              {card.decidedBy} · {dateTimeText(card.decidedAt, lang)}
              {card.reason ? ` · ${card.reason}` : ''}
            </>,
          ],
        ]}
      />
      {card.status === 'pending' && (
        <form method="post" action={here} className="resource-form card-decision">
          <p className="hint">{msg(lang, 'cardCheck.compareHint')}</p>
          <div className="field">
            <label htmlFor="cardNumber">{ctx.msg('card.number')}</label>
            <input id="cardNumber" name="cardNumber" defaultValue={val('cardNumber', card.cardNumber)} autoComplete="off" aria-invalid={err.cardNumber ? true : undefined} />
            {err.cardNumber && <span className="field-error">{err.cardNumber}</span>}
          </div>
          <div className="field">
            <label htmlFor="visaTypeId">{ctx.msg('card.status')}</label>
            <select id="visaTypeId" name="visaTypeId" defaultValue={val('visaTypeId', card.visaTypeId ? String(card.visaTypeId) : '')} aria-invalid={err.visaTypeId ? true : undefined}>
              <option value="">—</option>
              {visaTypes.map((v) => (
                <option key={v.id} value={String(v.id)}>
                  {v[lang]}
                </option>
              ))}
            </select>
            {err.visaTypeId && <span className="field-error">{err.visaTypeId}</span>}
          </div>
          <div className="field">
            <label htmlFor="expiry">{ctx.msg('card.expiry')}</label>
            <input id="expiry" name="expiry" type="date" defaultValue={val('expiry', card.expiry ?? '')} aria-invalid={err.expiry ? true : undefined} />
            {err.expiry && <span className="field-error">{err.expiry}</span>}
          </div>
          <div className="field">
            <label htmlFor="sswField">{ctx.msg('card.sswField')}</label>
            <select id="sswField" name="sswField" defaultValue={val('sswField', '')} aria-invalid={err.sswField ? true : undefined}>
              <option value="">—</option>
              {SSW_FIELDS.map(([ja, en]) => (
                <option key={ja} value={ja}>
                  {pickLang(lang, ja, en)}
                </option>
              ))}
            </select>
            {err.sswField && <span className="field-error">{err.sswField}</span>}
          </div>
          <div className="field field-check">
            <label>
              <input type="checkbox" name="permission" value="1" defaultChecked={typeof values.permission === 'string' ? values.permission === '1' : card.permission} />{' '}
              {msg(lang, 'cardCheck.permission')}
            </label>
          </div>
          <div className="field">
            <label htmlFor="reason">{msg(lang, 'cardCheck.reason')}</label>
            <textarea id="reason" name="reason" rows={3} maxLength={500} defaultValue={val('reason', '')} aria-invalid={err.reason ? true : undefined} />
            {err.reason && <span className="field-error">{err.reason}</span>}
          </div>
          <div className="form-actions">
            <ActionButton action={act.decide} arg="verified" className="btn">
              {msg(lang, 'cardCheck.markVerified')}
            </ActionButton>
            <ActionButton action={act.decide} arg="reupload" className="btn btn-secondary">
              {msg(lang, 'cardCheck.askReUpload')}
            </ActionButton>
            <ActionButton action={act.decide} arg="rejected" className="btn btn-danger" confirm={msg(lang, 'cardCheck.rejectConfirm')}>
              {msg(lang, 'cardCheck.reject')}
            </ActionButton>
          </div>
        </form>
      )}
    </section>
  );
}

/** The panel of the check screen (its `panels` below). */
const cardCheckPanel = {
  load,
  view,
  actions: {
    decide: async (ctx: ScreenContext, body: Record<string, unknown>, decision: string | null) => {
      const id = cardParam(ctx);
      const v: Record<string, string> = { ...formStrings(body, ['reason', 'cardNumber', 'visaTypeId', 'expiry', 'permission', 'sswField']), decision: decision ?? '' };
      if (!id) return failed(v, { _: ctx.msg('error.notFound') }, 404);
      await ctx.call(OWN.DecideResidenceCard, {
        id,
        input: {
          decision: v.decision ?? '',
          reason: v.reason ?? '',
          cardNumber: v.cardNumber ?? '',
          visaTypeId: v.visaTypeId ?? '',
          expiry: v.expiry ?? '',
          permission: v.permission === '1',
          sswField: v.sswField ?? '',
        },
      });
      return redirect(withFlag(`${PATH}?card=${id}`, 'decided', v.decision ?? ''));
    },
  },
};

/** Residence-card checks: one card's images, record and decision. */
export const panels = { '/admin/worker/rcCheckCandidate': panel(cardCheckPanel) };

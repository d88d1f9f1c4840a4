import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { ActionButton, type ActionRef } from '../../ui/Action.tsx';
import { AlertLine } from '../../ui/Alert.tsx';
import { Field, FieldError } from '../../ui/Field.tsx';
import { CandidatePage } from './Candidate.tsx';
import { CheckForm } from './form-page.tsx';

/**
 * The candidate's residence card on /staff/card: where the check stands (not
 * uploaded, waiting, verified, re-upload asked with the reason, rejected), the photos last sent,
 * and the form that sends both sides from a phone (multipart, to this page, which sends it on to
 * the API's card endpoint). After a refusal the form holds what was typed, and says the photos
 * must be chosen again.
 */
export interface MyCardView {
  lang: Lang;
  name: string;
  notice: string | null;
  error: string | null;
  /** Each field's mistake, shown at the field (a photo not an image, the number not in the printed format, the expiry missing…). */
  fieldErrors: Partial<Record<keyof typeof LABELS, string>>;
  /** The form's action (server/modules/workforce/screens/candidate-card.tsx). */
  upload: ActionRef<'upload'>;
  /** The form was refused: its photos are not kept, so they are asked for again. */
  photosAgain: boolean;
  maxMb: number;
  state: 'none' | 'pending' | 'verified' | 'reupload' | 'rejected';
  reason: string;
  uploadedAt: string | null;
  images: { front: string; back: string } | null;
  values: { cardNumber: string; visaTypeId: string; expiry: string; permission: boolean };
  visaTypes: { value: string; label: string }[];
}

const STATE_KEY = { none: 'card.none', pending: 'card.pending', verified: 'card.verified', reupload: 'card.reupload', rejected: 'card.rejected' } as const satisfies Record<
  MyCardView['state'],
  MessageKey
>;
/** The form's fields a refusal may name, and their labels (the error summary names them as the form does). */
const LABELS = { front: 'card.front', back: 'card.back', cardNumber: 'card.number', visaTypeId: 'card.status', expiry: 'card.expiry' } satisfies Record<string, MessageKey>;
const TONE: Record<MyCardView['state'], string> = { none: 'alert', pending: 'alert', verified: 'alert alert-success', reupload: 'alert alert-error', rejected: 'alert alert-error' };

/** One side's photo, required; the hint (what a photo may be) stands under the front and describes both; its error under it, as a Field's. */
function PhotoField(p: { side: 'front' | 'back'; label: string; hint?: string; error: string | undefined }): JSX.Element {
  const errorId = `${p.side}-error`;
  return (
    <div className={p.error ? 'field field-invalid' : 'field'}>
      <label htmlFor={p.side}>
        {p.label}
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {p.hint ? (
        <p className="field-hint" id="front-hint">
          {p.hint}
        </p>
      ) : null}
      <input
        id={p.side}
        name={p.side}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        required
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `front-hint ${errorId}` : 'front-hint'}
      />
      <FieldError id={errorId} error={p.error} />
    </div>
  );
}

export function MyCardPage(p: MyCardView): JSX.Element {
  const L = p.lang;
  const stateText = msg(L, STATE_KEY[p.state], { reason: p.reason });
  return (
    <CandidatePage lang={L} name={p.name} current="/staff/card" className="card-page" notice={p.notice} error={p.error}>
      <TitledSection id="card-state" title={msg(L, 'card.state')}>
        <p className={TONE[p.state]} data-state={p.state}>
          {stateText}
        </p>
        {p.uploadedAt && <p className="hint">{msg(L, 'card.uploadedOn', { at: p.uploadedAt })}</p>}
        {p.images && (
          <div className="card-photos">
            <figure>
              <img src={p.images.front} alt={msg(L, 'card.front')} loading="lazy" />
              <figcaption>{msg(L, 'card.front')}</figcaption>
            </figure>
            <figure>
              <img src={p.images.back} alt={msg(L, 'card.back')} loading="lazy" />
              <figcaption>{msg(L, 'card.back')}</figcaption>
            </figure>
          </div>
        )}
      </TitledSection>
      <TitledSection id="card-upload" title={p.state === 'none' ? msg(L, 'card.title') : msg(L, 'card.uploadAgain')}>
        <form method="post" action="/staff/card" encType="multipart/form-data" className="card form-card">
          <p className="hint">{msg(L, 'card.intro')}</p>
          <CheckForm lang={L} errors={p.fieldErrors} labels={LABELS} />
          {p.photosAgain && <AlertLine tone="info">{msg(L, 'card.chooseAgain')}</AlertLine>}
          <PhotoField side="front" label={msg(L, 'card.front')} hint={msg(L, 'card.photoHint', { mb: p.maxMb })} error={p.fieldErrors.front} />
          <PhotoField side="back" label={msg(L, 'card.back')} error={p.fieldErrors.back} />
          <Field
            name="cardNumber"
            label={msg(L, 'card.number')}
            hint={msg(L, 'card.numberHint')}
            value={p.values.cardNumber}
            autoComplete="off"
            required
            {...(p.fieldErrors.cardNumber ? { error: p.fieldErrors.cardNumber } : {})}
          />
          <Field name="visaTypeId" label={msg(L, 'card.status')} value={p.values.visaTypeId} required {...(p.fieldErrors.visaTypeId ? { error: p.fieldErrors.visaTypeId } : {})}>
            <option value="">—</option>
            {p.visaTypes.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </Field>
          <Field name="expiry" type="date" label={msg(L, 'card.expiry')} value={p.values.expiry} required {...(p.fieldErrors.expiry ? { error: p.fieldErrors.expiry } : {})} />
          <div className="field field-check">
            <label>
              <input type="checkbox" name="permission" value="1" defaultChecked={p.values.permission} /> {msg(L, 'card.permission')}
            </label>
          </div>
          <ActionButton action={p.upload} className="button button-primary">
            {msg(L, 'card.upload')}
          </ActionButton>
        </form>
      </TitledSection>
    </CandidatePage>
  );
}

/**
 * The candidate's residence card, /staff/card (docs/workforce.md): the state of
 * the check and the upload form. The form posts here (multipart, the screen's `upload`); the action
 * sends it on to the API's card endpoint (server/api/card-images.ts) and comes back with `?saved=1`.
 * A refusal draws the form again at its status with what was typed and every field's error at its
 * field; the photos, which no browser lets a page fill in, are asked for again.
 */
import { dateTimeText } from '../../../../shared/format.ts';
import { msg } from '../../../../shared/messages.ts';
import { DOCS, operation } from '../../../api/documents.ts';
import { MAX_CARD_FORM_BYTES, MAX_CARD_IMAGE_BYTES } from '../card-format.ts';
import { MyCardPage, type MyCardView } from '../../../../views/pages/public/MyCard.tsx';
import { queryText, restResult, withFlag } from '../../../web/kit.ts';
import { defineScreen, ownCandidate, redirect } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  MyResidenceCard: operation(/* GraphQL */ `
    query MyResidenceCard {
      myResidenceCard {
        verified visaTypeId expiry cardNumber permission
        latest { status reason cardNumber visaTypeId expiry permission uploadedAt frontUrl backUrl }
      }
    }
  `),
};

/** What the card endpoint takes: both photos and the record; a refusal may name each of them. */
const CARD_FIELDS = ['front', 'back', 'cardNumber', 'visaTypeId', 'expiry', 'permission'] as const;
const STATES = new Set<MyCardView['state']>(['pending', 'verified', 'reupload', 'rejected']);
const MAX_MB = MAX_CARD_IMAGE_BYTES / 1024 / 1024;

const CANDIDATE_CARD_SCREEN = defineScreen({
  path: '/staff/card',
  load: async (ctx) => {
    const { call, candidateCaller } = ctx;
    const candidate = ownCandidate(ctx);
    const [{ myResidenceCard: card }, { enums }] = await Promise.all([call(OWN.MyResidenceCard, {}, candidateCaller), call(DOCS.Enums)]);
    return { name: candidate.name, card, visaTypes: enums.visaTypes };
  },
  view: ({ lang, req }, { name, card, visaTypes }, state, act) => {
    const latest = card.latest;
    // A card waiting for a check that a newer upload replaced is not shown: the newer one is.
    const cardState: MyCardView['state'] = latest && STATES.has(latest.status as MyCardView['state']) ? (latest.status as MyCardView['state']) : 'none';
    const typed = (k: string) => (typeof state?.values[k] === 'string' ? state.values[k] : '');
    // The form starts from what was just typed, else the latest upload, else what the person's profile says.
    const source = latest ?? { cardNumber: card.cardNumber ?? '', visaTypeId: card.visaTypeId, expiry: card.expiry, permission: card.permission };
    const values: MyCardView['values'] = state
      ? { cardNumber: typed('cardNumber'), visaTypeId: typed('visaTypeId'), expiry: typed('expiry'), permission: typed('permission') !== '' }
      : { cardNumber: source.cardNumber ?? '', visaTypeId: source.visaTypeId ? String(source.visaTypeId) : '', expiry: source.expiry ?? '', permission: source.permission };
    return {
      content: (
        <MyCardPage
          lang={lang}
          name={name}
          upload={act.upload}
          notice={queryText(req, 'saved') ? msg(lang, 'card.uploaded') : null}
          error={state?.errors._ ?? null}
          fieldErrors={Object.fromEntries(CARD_FIELDS.flatMap((k) => (state?.errors[k] ? [[k, state.errors[k]]] : [])))}
          photosAgain={state !== undefined}
          maxMb={MAX_MB}
          state={cardState}
          reason={latest?.reason ?? ''}
          uploadedAt={latest ? dateTimeText(latest.uploadedAt, lang) : null}
          images={latest ? { front: latest.frontUrl, back: latest.backUrl } : null}
          values={values}
          visaTypes={visaTypes.map((v) => ({ value: String(v.id), label: v[lang] }))}
        />
      ),
    };
  },
  actions: {
    upload: async ({ api, candidateCaller, lang, req }, body) => {
      const form = new FormData();
      for (const k of CARD_FIELDS) {
        const v = body[k];
        if (typeof v === 'string' || v instanceof File) form.append(k, v);
      }
      restResult(await api.uploadResidenceCard(form, candidateCaller), lang);
      return redirect(withFlag(req.path, 'saved'));
    },
  },
  upload: { limit: MAX_CARD_FORM_BYTES, tooLarge: (lang) => msg(lang, 'card.errTooLarge', { mb: MAX_MB }) },
});

export const screens = [CANDIDATE_CARD_SCREEN];

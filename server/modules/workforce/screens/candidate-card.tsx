/**
 * The candidate's residence card, /staff/card (docs/workforce.md): the state of
 * the check and the upload form. The form posts straight to the API's card endpoint (multipart;
 * server/api/card-images.ts), which sends the browser back here with `?saved=1` or `?error=<why>`.
 */
import { dateTimeText } from '../../../../shared/format.ts';
import { msg, type MessageKey } from '../../../../shared/messages.ts';
import { DOCS, operation } from '../../../api/documents.ts';
import { CARD_IMAGES_PATH, MAX_CARD_IMAGE_BYTES } from '../card-format.ts';
import { MyCardPage, type MyCardView } from '../../../../views/pages/public/MyCard.tsx';
import { queryText } from '../../../web/kit.ts';
import { defineScreen, ownCandidate } from '../../../web/screen.ts';

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

const ERRORS: Record<string, MessageKey> = {
  notImage: 'card.errNotImage',
  tooLarge: 'card.errTooLarge',
  missing: 'card.errMissing',
  record: 'card.errRecord',
  cardNumber: 'card.numberFormat',
  rate: 'card.errRate',
  unauthenticated: 'error.unauthenticated',
};
const STATES = new Set<MyCardView['state']>(['pending', 'verified', 'reupload', 'rejected']);

const CANDIDATE_CARD_SCREEN = defineScreen({
  path: '/staff/card',
  load: async (ctx) => {
    const { call, candidateCaller } = ctx;
    const candidate = ownCandidate(ctx);
    const [{ myResidenceCard: card }, { enums }] = await Promise.all([call(OWN.MyResidenceCard, {}, candidateCaller), call(DOCS.Enums)]);
    return { name: candidate.name, card, visaTypes: enums.visaTypes };
  },
  view: ({ lang, req }, { name, card, visaTypes }) => {
    const latest = card.latest;
    // A card waiting for a check that a newer upload replaced is not shown: the newer one is.
    const state: MyCardView['state'] = latest && STATES.has(latest.status as MyCardView['state']) ? (latest.status as MyCardView['state']) : 'none';
    const code = queryText(req, 'error');
    const error = ERRORS[code];
    const maxMb = MAX_CARD_IMAGE_BYTES / 1024 / 1024;
    // The form starts from the latest upload, else from what the person's profile says.
    const source = latest ?? { cardNumber: card.cardNumber ?? '', visaTypeId: card.visaTypeId, expiry: card.expiry, permission: card.permission };
    return {
      content: (
        <MyCardPage
          lang={lang}
          name={name}
          notice={queryText(req, 'saved') ? msg(lang, 'card.uploaded') : null}
          error={error ? msg(lang, error, { mb: maxMb }) : null}
          fieldErrors={code === 'cardNumber' ? { cardNumber: msg(lang, 'card.numberFormat') } : {}}
          action={CARD_IMAGES_PATH}
          maxMb={maxMb}
          state={state}
          reason={latest?.reason ?? ''}
          uploadedAt={latest ? dateTimeText(latest.uploadedAt, lang) : null}
          images={latest ? { front: latest.frontUrl, back: latest.backUrl } : null}
          values={{ cardNumber: source.cardNumber ?? '', visaTypeId: source.visaTypeId ? String(source.visaTypeId) : '', expiry: source.expiry ?? '', permission: source.permission }}
          visaTypes={visaTypes.map((v) => ({ value: String(v.id), label: v[lang] }))}
        />
      ),
    };
  },
});

export const screens = [CANDIDATE_CARD_SCREEN];

/**
 * The candidate's scouting page, /staff/scout (docs/scouting.md): switch scouting
 * on or off, choose what companies see, and answer the offers received. Accepting applies to the
 * offered job; the answer comes back as a notice (post/redirect/get).
 */
import { pickLang, tr } from '../../../../shared/i18n.ts';
import { dateText, dateTimeText } from '../../../../shared/format.ts';
import { AVAILABILITY, LANGUAGE_LEVELS } from '../../../../shared/scouting.ts';
import type { MessageKey } from '../../../../shared/messages.ts';
import { operation } from '../../../api/documents.ts';
import { prefectureChoices } from '../../jobs/prefectures.ts';
import { MyScoutPage } from '../../../../views/pages/public/MyScout.tsx';
import { formList, formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { defineScreen, ownCandidate, redirect, withRefusal, type Screen, type ScreenContext } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  Languages: operation(/* GraphQL */ `query Languages { languages { id code ja en } }`),
  MyScout: operation(/* GraphQL */ `
    query MyScout {
      myScout {
        enabled shareNationality shareLanguages shareResidence shareAttendance prefecture availability intro
        levels { code level }
        offers { id state kind jobId jobJa jobEn companyJa companyEn date start message expiresAt sentAt conversationId applicationId }
      }
    }`),
  SaveMyScout: operation(/* GraphQL */ `mutation SaveMyScout($input: ScoutProfileInput!) { saveMyScout(input: $input) }`),
  AnswerScoutOffer: operation(/* GraphQL */ `mutation AnswerScoutOffer($id: ID!, $accept: Boolean!) { answerScoutOffer(id: $id, accept: $accept) { status applicationId } }`),
};

const PATH = '/staff/scout';
const SHARES: { name: 'shareNationality' | 'shareLanguages' | 'shareResidence' | 'shareAttendance'; label: MessageKey }[] = [
  { name: 'shareNationality', label: 'scout.shareNationality' },
  { name: 'shareLanguages', label: 'scout.shareLanguages' },
  { name: 'shareResidence', label: 'scout.shareResidence' },
  { name: 'shareAttendance', label: 'scout.shareAttendance' },
];
const NOTICES: Record<string, MessageKey> = { saved: 'scout.saved', accepted: 'scout.accepted', declined: 'scout.declined' };

const myScout = defineScreen({
  path: PATH,
  load: async (ctx) => {
    const { call, candidateCaller } = ctx;
    const candidate = ownCandidate(ctx);
    const [scout, languages] = await Promise.all([call(OWN.MyScout, {}, candidateCaller), call(OWN.Languages)]);
    return { name: candidate.name, scout: scout.myScout, languages: languages.languages };
  },
  view: ({ lang, req, msg }, { name, scout, languages }, state, act) => {
    const done = queryText(req, 'done');
    // A refused save draws the settings as they were typed, not as they were saved.
    const shown = state?.values._action === 'save' ? postedSettings(state.values) : scout;
    return {
      content: (
        <MyScoutPage
          act={act}
          lang={lang}
          name={name}
          notice={Object.hasOwn(NOTICES, done) ? msg(NOTICES[done]!) : null}
          errors={state?.errors ?? {}}
          settings={{
            enabled: shown.enabled,
            share: SHARES.map((s) => ({ ...s, on: shown[s.name] })),
            prefecture: shown.prefecture,
            prefectures: prefectureChoices(lang),
            availability: AVAILABILITY.map((a) => ({ value: a.value, label: tr(lang, a.label), on: shown.availability.includes(a.value) })),
            levels: scout.levels.map((l) => {
              const known = languages.find((x) => x.code === l.code);
              return { code: l.code, language: known ? pickLang(lang, known.ja, known.en) : l.code, level: shown.levels.find((x) => x.code === l.code)?.level ?? 0 };
            }),
            levelChoices: [...LANGUAGE_LEVELS],
            intro: shown.intro,
          }}
          offers={scout.offers.map((o) => ({
            id: o.id,
            state: o.state,
            title: msg('scout.from', { company: pickLang(lang, o.companyJa, o.companyEn), job: pickLang(lang, o.jobJa, o.jobEn) }),
            when: o.date ? `${dateText(o.date, lang)} ${o.start ?? ''}`.trim() : null,
            message: o.message,
            expires: dateTimeText(new Date(o.expiresAt), lang),
            chatHref: o.conversationId ? `/staff/chat?c=${encodeURIComponent(o.conversationId)}` : null,
          }))}
        />
      ),
    };
  },
  actions: {
    // A refusal (an introduction too long) draws the form again with everything as it was posted.
    save: withRefusal({ values: (body) => body }, async ({ call, candidateCaller }, body) => {
      const settings = postedSettings(body);
      await call(OWN.SaveMyScout, { input: { ...settings, levels: settings.levels.filter((l) => l.level > 0) } }, candidateCaller);
      return redirect(withFlag(PATH, 'done', 'saved'));
    }),
    accept: withRefusal({ errors: 'message' }, (ctx, body) => answer(ctx, body, true)),
    decline: withRefusal({ errors: 'message' }, (ctx, body) => answer(ctx, body, false)),
  },
});

/** The settings as the form posts them: what a save sends, and what a refused save draws again (a language set to none at 0). */
function postedSettings(body: Record<string, unknown>) {
  const v = formStrings(body, ['prefecture', 'intro']);
  return {
    enabled: body.enabled === 'on',
    shareNationality: body.shareNationality === 'on',
    shareLanguages: body.shareLanguages === 'on',
    shareResidence: body.shareResidence === 'on',
    shareAttendance: body.shareAttendance === 'on',
    prefecture: v.prefecture ?? '',
    availability: formList(body, 'availability'),
    levels: Object.keys(body)
      .filter((k) => /^level_[a-z]{2}$/.test(k))
      .map((k) => ({ code: k.slice(6), level: Number(body[k]) || 0 })),
    intro: v.intro ?? '',
  };
}

async function answer({ call, candidateCaller }: ScreenContext, body: Record<string, unknown>, accept: boolean) {
  await call(OWN.AnswerScoutOffer, { id: typeof body.id === 'string' ? body.id : '', accept }, candidateCaller);
  return redirect(withFlag(PATH, 'done', accept ? 'accepted' : 'declined'));
}

export const screens: readonly Screen[] = [myScout];

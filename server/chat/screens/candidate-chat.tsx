import { operation } from '../../api/documents.ts';
import { isUuid } from '../../../shared/ids.ts';
import { CandidateChatPage } from '../../../views/pages/public/Candidate.tsx';
import { queryText } from '../../web/kit.ts';
import { defineScreen, ownCandidate, redirect, type Screen } from '../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  MyChatMail: operation(/* GraphQL */ `query MyChatMail { myChatMail }`),
  SetMyChatMail: operation(/* GraphQL */ `mutation SetMyChatMail($enabled: Boolean!) { setMyChatMail(enabled: $enabled) }`),
};

const conversationParam = (v: unknown) => (typeof v === 'string' && isUuid(v) ? v.toLowerCase() : null);

/**
 * The candidate's chat page: the CandidateChat island talks to the chat socket with the candidate's
 * cookie. `?c=` opens that conversation first (the island checks it is the candidate's: only their
 * own conversations ever reach it).
 */
const candidateChat = defineScreen({
  path: '/staff/chat',
  load: async (ctx) => {
    const { req, call, candidateCaller } = ctx;
    const initial = conversationParam(queryText(req, 'c'));
    const candidate = ownCandidate(ctx);
    const { myChatMail } = await call(OWN.MyChatMail, {}, candidateCaller);
    return { name: candidate.name, initial, chatMail: myChatMail };
  },
  view: ({ lang, req }, d, _state, act) => ({
    content: <CandidateChatPage act={act} lang={lang} name={d.name} initial={d.initial} chatMail={d.chatMail} saved={req.query.saved === '1'} />,
  }),
  actions: {
    // The switch for mail about unread answers (server/chat/mail.ts); back to the conversation being read.
    mail: async ({ call, candidateCaller }, body) => {
      const c = conversationParam(body.c);
      const back = `/staff/chat?${c ? `c=${c}&` : ''}saved=1`;
      await call(OWN.SetMyChatMail, { enabled: body.enabled === '1' }, candidateCaller);
      return redirect(back);
    },
  },
});

export const screens: readonly Screen[] = [candidateChat];

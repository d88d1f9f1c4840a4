import { isPlatform, tenantOf } from '../../../access/tenancy.ts';
import { SupportChatPage } from '../../../../views/pages/admin/SupportChatPage.tsx';
import { defineScreen } from '../../screen.ts';

/**
 * /v3/admin/supportChat (420001): the support conversations (no job) and the
 * selected one's thread, live in the SupportChat island. The guard has already checked the code.
 */
const PATH = '/v3/admin/supportChat';

/** A conversation id from ?c= (the badge bell's link); anything that is not a UUID is ignored. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SUPPORT_CHAT_SCREEN = defineScreen({
  path: PATH,
  load: ({ req, user }) => {
    const c = req.query.c;
    return { initial: typeof c === 'string' && UUID.test(c) ? c : null, showCompany: !!user && isPlatform(tenantOf(user)) };
  },
  view: ({ lang, route }, d) => ({ title: route.title, content: <SupportChatPage lang={lang} initial={d.initial} showCompany={d.showCompany} /> }),
});

import { tenantOf } from '../../api/tenancy.ts';
import type { SessionUser } from '../../modules/auth/service.ts';
import { SupportChatPage } from '../../../views/pages/admin/SupportChatPage.tsx';
import type { PageContext } from '../pages.tsx';
import { sendPage } from '../render.tsx';

/**
 * /v3/admin/supportChat (420001, issue 6 item 5): the support conversations (no job) and the
 * selected one's thread, live in the SupportChat island. The guard has already checked the code.
 */
const PATH = '/v3/admin/supportChat';

/** A conversation id from ?c= (the badge bell's link); anything that is not a UUID is ignored. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SUPPORT_CHAT_PAGE_HANDLERS = {
  [PATH]: ({ req, res, lang, route }: PageContext) => {
    const c = req.query.c;
    const initial = typeof c === 'string' && UUID.test(c) ? c : null;
    const user: SessionUser | undefined = res.locals.user;
    const showCompany = !!user && tenantOf(user).kind === 'platform';
    sendPage(req, res, { title: route.title, content: <SupportChatPage lang={lang} initial={initial} showCompany={showCompany} /> });
  },
};

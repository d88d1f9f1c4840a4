import { isPlatform, tenantOf } from '../../access/tenancy.ts';
import { SupportChatPage } from '../../../views/pages/admin/SupportChatPage.tsx';
import { defineScreen } from '../../web/screen.ts';
import { parseId } from '../../../shared/ids.ts';

/**
 * /v3/admin/supportChat (420001): the support conversations (no job) and the
 * selected one's thread, live in the SupportChat island. The guard has already checked the code.
 */
const PATH = '/v3/admin/supportChat';

const SUPPORT_CHAT_SCREEN = defineScreen({
  path: PATH,
  load: ({ req, user }) => {
    // A conversation id from ?c= (the badge bell's link); anything that is not a UUID is ignored.
    return { initial: parseId(req.query.c), showCompany: !!user && isPlatform(tenantOf(user)) };
  },
  view: ({ lang }, d) => ({ content: <SupportChatPage lang={lang} initial={d.initial} showCompany={d.showCompany} /> }),
});

export const screens = [SUPPORT_CHAT_SCREEN];

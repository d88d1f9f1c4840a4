import type { Lang } from '../../../shared/i18n.ts';
import { Island } from '../../ui/Island.tsx';
import { msg } from '../../../shared/messages.ts';

export interface SupportChatPageProps {
  lang: Lang;
  /** A conversation to open at once (?c=, from the badge bell), or null. */
  initial: string | null;
  /** Platform staff see every company's support chats, so each row names its company. */
  showCompany: boolean;
}

/** /v3/admin/supportChat (420001): the heading and the SupportChat island. */
export function SupportChatPage({ lang, initial, showCompany }: SupportChatPageProps) {
  return (
    <section className="support-chat-page">
      <h1>{msg(lang, 'supportChat.title')}</h1>
      <p className="support-chat-intro">{msg(lang, 'supportChat.intro')}</p>
      <noscript>
        <p className="notice" role="status">
          {msg(lang, 'supportChat.noscript')}
        </p>
      </noscript>
      <Island name="SupportChat" props={{ lang, initial, showCompany }} />
    </section>
  );
}

import { tr, type Lang } from '../../../shared/i18n.ts';
import { Island } from '../../ui/Island.tsx';

export interface SupportChatPageProps {
  lang: Lang;
  /** A conversation to open at once (?c=, from the badge bell), or null. */
  initial: string | null;
  /** Platform staff see every company's support chats, so each row names its company. */
  showCompany: boolean;
}

const L = {
  intro: {
    ja: '応募者からの求人に関係しないお問い合わせ（サポートチャット）です。一覧から会話を選ぶと、その場で読んで返信できます。新しいメッセージはすぐに表示されます。',
    en: 'Questions from candidates that are not about a particular job (support chats). Choose a conversation from the list to read and answer it; new messages appear as they arrive.',
  },
  noscript: {
    ja: 'サポートチャットを使うには JavaScript を有効にしてください。',
    en: 'The support chat needs JavaScript. Please enable it in your browser.',
  },
};

/** /v3/admin/supportChat (420001, issue 6): the heading and the SupportChat island. */
export function SupportChatPage({ lang, initial, showCompany }: SupportChatPageProps) {
  return (
    <section className="support-chat-page">
      <h1>{tr(lang, { ja: 'サポートチャット', en: 'Support chat' })}</h1>
      <p className="support-chat-intro">{tr(lang, L.intro)}</p>
      <noscript>
        <p className="notice" role="status">
          {tr(lang, L.noscript)}
        </p>
      </noscript>
      <Island name="SupportChat" props={{ lang, initial, showCompany }} />
    </section>
  );
}

import type { Text } from '../i18n.ts';
import { m } from '../messages.ts';

/**
 * The inbox's mail to a colleague who was away when a conversation was assigned to them or they
 * were mentioned in a note (server/modules/inbox/digest.ts, docs/inbox.md): each notification is
 * one entry (its bell title, a mention's note, the link), and each is mailed once.
 */
export const INBOX = {
  'inboxMail.subject': m('【Tsunagu】受信箱であなた宛ての通知が{count}件あります', 'Tsunagu: {count} inbox notifications for you'),
  'inboxMail.subjectOne': m('【Tsunagu】受信箱であなた宛ての通知が{count}件あります', 'Tsunagu: {count} inbox notification for you'),
  'inboxMail.hello': m('{name} さん', 'Hello {name},'),
  'inboxMail.intro': m('受信箱に、まだ見ていない通知があります。', 'Something in the inbox is waiting for you.'),
  /** A mention's note, quoted. */
  'inboxMail.quote': m('「{text}」', '"{text}"'),
  'inboxMail.open': m('開く：{link}', 'Open: {link}'),
  'inboxMail.why': m(
    'このメールは、割り当てやメモでの言及の通知を{minutes}分以上見ていないときに、1件につき1度だけお送りしています。ベルで通知を開くと、メールは届きません。',
    'We send this once for each assignment or mention you have not seen for {minutes} minutes. Open a notification in the bell and it is not mailed.',
  ),
} as const satisfies Record<string, Text>;

import type { Text } from '../i18n.ts';
import { m } from '../messages.ts';

/**
 * What the staff inbox page (/admin/inbox, docs/inbox.md) draws on the server: the filters, the
 * candidate at a glance, the assignee and status forms, private notes and the history. The
 * islands' own words (the list's rows, the compose box's canned replies, the translation hint)
 * are in shared/messages.ts under `inbox.`.
 * Also the mail to a colleague who was away when a conversation was assigned to them or they were
 * mentioned in a note (server/modules/inbox/digest.ts): each notification is one entry (its bell
 * title, a mention's note, the link), and each is mailed once.
 */
export const INBOX = {
  'inboxPage.intro': m('担当できるすべての会話です。新しいメッセージが届くと一覧の先頭に移ります。', 'Every conversation you may answer. A new message moves its conversation to the top.'),
  'inboxPage.search': m('名前・メッセージを検索', 'Search names and messages'),
  'inboxPage.filter': m('絞り込む', 'Filter'),
  'inboxPage.clear': m('条件をクリア', 'Clear filters'),
  'inboxPage.unreadOnly': m('未読のみ', 'Unread only'),
  'inboxPage.anyone': m('担当者: すべて', 'Assignee: anyone'),
  'inboxPage.mine': m('自分が担当', 'Assigned to me'),
  'inboxPage.unassigned': m('担当者なし', 'Unassigned'),
  'inboxPage.anyStatus': m('状態: すべて', 'Status: any'),
  'inboxPage.anyKind': m('種類: すべて', 'Kind: any'),
  'inboxPage.jobFilter': m('求人: {job}', 'Job: {job}'),
  'inboxPage.clientFilter': m('クライアント: {client}', 'Client: {client}'),
  'inboxPage.removeFilter': m('この条件を外す', 'Remove this filter'),
  'inboxPage.more': m('さらに表示', 'More conversations'),
  'inboxPage.first': m('最初のページへ', 'Back to the newest'),
  'inboxPage.choose': m('一覧から会話を選んでください。', 'Choose a conversation from the list.'),
  'inboxPage.notFound': m('この会話は見つからないか、開く権限がありません。', 'This conversation does not exist or you may not open it.'),
  'inboxPage.back': m('一覧に戻る', 'Back to the list'),
  'inboxPage.list': m('会話の一覧', 'Conversations'),
  'inboxPage.noscript': m(
    'メッセージの送受信には JavaScript が必要です。担当者・状態・メモは JavaScript なしでも使えます。',
    'Sending and reading messages needs JavaScript; assignee, status and notes work without it.',
  ),
  'inboxPage.glance': m('応募者の概要', 'The candidate at a glance'),
  'inboxPage.applicationStatus': m('応募ステータス', 'Application status'),
  'inboxPage.nextShift': m('次のシフト', 'Next shift'),
  'inboxPage.cardExpiry': m('在留カードの有効期限', 'Residence card expires'),
  'inboxPage.language': m('言語', 'Language'),
  'inboxPage.none': m('なし', 'None'),
  'inboxPage.assignee': m('担当者', 'Assignee'),
  'inboxPage.nobody': m('（担当者なし）', '(nobody)'),
  'inboxPage.assign': m('担当者を変更', 'Assign'),
  'inboxPage.status': m('状態', 'Status'),
  'inboxPage.resolve': m('解決済みにする', 'Resolve'),
  'inboxPage.reopen': m('未解決に戻す', 'Reopen'),
  'inboxPage.snoozeUntil': m('スヌーズ（日本時間）', 'Snooze until (Japan time)'),
  'inboxPage.snooze': m('スヌーズ', 'Snooze'),
  'inboxPage.snoozedUntil': m('{time}までスヌーズ中', 'Snoozed until {time}'),
  'inboxPage.notes': m('社内メモ（応募者には表示されません）', 'Private notes (never shown to the candidate)'),
  'inboxPage.noteBody': m('メモ', 'Note'),
  'inboxPage.mention': m('@ 通知する同僚', '@ Mention colleagues'),
  'inboxPage.addNote': m('メモを残す', 'Add note'),
  'inboxPage.noNotes': m('メモはまだありません。', 'No notes yet.'),
  'inboxPage.mentioned': m('通知: {names}', 'Mentioned: {names}'),
  'inboxPage.history': m('履歴', 'History'),
  'inboxPage.noHistory': m('まだ変更はありません。', 'No changes yet.'),
  'inboxPage.system': m('システム', 'System'),
  'inboxPage.ev.assigned': m('{actor}さんが{assignee}さんに割り当てました', '{actor} assigned it to {assignee}'),
  'inboxPage.ev.unassigned': m('{actor}さんが担当を外しました', '{actor} unassigned it'),
  'inboxPage.ev.resolved': m('{actor}さんが解決済みにしました', '{actor} resolved it'),
  'inboxPage.ev.snoozed': m('{actor}さんが{time}までスヌーズしました', '{actor} snoozed it until {time}'),
  'inboxPage.ev.reopened': m('{actor}さんが再開しました', '{actor} reopened it'),
  'inboxPage.saved': m('保存しました。', 'Saved.'),
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
  // The canned replies' page (/admin/inbox/replies)
  'cannedPage.back': m('受信箱に戻る', 'Back to the inbox'),
  'cannedPage.hint': m(
    '候補者の言語（日本語または英語）で送られます。差し込み {placeholders} は会話ごとに候補者の名前・求人・シフト・場所・会社名に置き換わります。',
    'Each reply is sent in the candidate’s language (Japanese or English). The placeholders {placeholders} become the candidate’s name, the job, the shift, the place and the company of the conversation.',
  ),
  'cannedPage.empty': m('定型文はまだありません。下のフォームから追加してください。', 'No canned replies yet. Add one with the form below.'),
  'cannedPage.titleLabel': m('タイトル', 'Title'),
  'cannedPage.bodyJa': m('本文（日本語）', 'Text in Japanese'),
  'cannedPage.bodyEn': m('本文（英語）', 'Text in English'),
  'cannedPage.save': m('保存', 'Save'),
  'cannedPage.add': m('追加', 'Add'),
  'cannedPage.delete': m('削除', 'Delete'),
  'cannedPage.confirmDelete': m('定型文「{title}」を削除しますか？元に戻せません。', 'Delete the canned reply "{title}"? This cannot be undone.'),
  'cannedPage.new': m('新しい定型文', 'New canned reply'),
  'cannedPage.updated': m('最終更新: {when}', 'Last changed: {when}'),
  'cannedPage.manage': m('定型文を編集', 'Edit canned replies'),
  'inboxPage.reportLink': m('応対レポート', 'Response report'),
} as const satisfies Record<string, Text>;

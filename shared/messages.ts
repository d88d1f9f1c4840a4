/**
 * The message catalogue: every sentence the product says in both languages, under a typed key.
 * `msg(lang, key, vars)` picks the language and fills `{name}` placeholders. A key that does not
 * exist fails the type check; a test checks that both languages have the same placeholders.
 *
 * Texts that belong to one piece of data (a route's title, an enum value, a template) stay with
 * that data as a `Text`; this catalogue holds the product's own sentences.
 */
import type { Lang, Text } from './i18n.ts';

const m = (ja: string, en: string): Text => ({ ja, en });

export const MESSAGES = {
  // Errors
  'error.internal': m('申し訳ありません。問題が発生しました。しばらくしてからもう一度お試しください。', 'Sorry, something went wrong on our side. Please try again in a moment.'),
  'error.checkFields': m('入力内容を確認してください。', 'Please check the highlighted fields.'),
  'error.required': m('入力してください。', 'This field is required.'),
  'error.requiredChoice': m('選択してください。', 'Please choose one.'),
  'error.wholeNumber': m('整数で入力してください。', 'Enter a whole number.'),
  'error.nulCharacter': m('入力に使えない制御文字（NUL）が含まれています。', 'The text contains a control character (NUL) that cannot be saved.'),
  'error.badLogin': m('メールアドレスまたはパスワードが正しくありません。', 'The email address or password is incorrect.'),

  // Notices after a successful post
  'notice.saved': m('保存しました。', 'Saved.'),
  'notice.created': m('登録しました。', 'Created.'),
  'notice.deleted': m('削除しました。', 'Deleted.'),
  'notice.rolesSaved': m('保存しました。次のリクエストから反映されます。', 'Saved. It applies from the next request on.'),
  'notice.passwordChanged': m('パスワードを変更しました。新しいパスワードでログインしてください。', 'Your password has been changed. Log in with your new password.'),
  'notice.registered': m('登録が完了しました。ログインしてください。', 'You are registered. Please log in.'),
  'notice.applied': m('応募しました。会社からのメッセージをお待ちください。', 'You have applied. The company will message you soon.'),
  'notice.shiftDeleted': m('シフトを削除しました。', 'The shift was deleted.'),
  'notice.shiftsAdded': m('{count}件のシフトを追加しました。', 'Added {count} shift(s).'),
  'notice.shiftsSkipped': m('（すでにある{count}件は追加しませんでした）', ' ({count} already existed and were skipped)'),

  // Application statuses as the candidate reads them
  'application.applied': m('応募中', 'Applied'),
  'application.accepted': m('採用', 'Accepted'),
  'application.rejected': m('不採用', 'Not selected'),
  'application.cancelled': m('キャンセル', 'Cancelled'),

  // Jobs in the back office
  'jobs.publicPage': m('公開ページを見る', 'See the public page'),
  'jobs.offBoard': m('この求人は、今日以降で空きのあるシフトができるまで公開の求人一覧に載りません。下のフォームからシフトを追加してください。', 'This job is not on the public board until it has a shift from today on with a free seat. Add shifts with the form below.'),

  // Job import (the crawler's run history)
  'crawler.history': m('取り込みの履歴', 'Import history'),
  'crawler.noRuns': m('まだ取り込んでいません。「今すぐ取り込む」で試せます。', 'No runs yet. Try one with "Run now".'),
  'crawler.started': m('開始', 'Started'),
  'crawler.result': m('結果', 'Result'),
  'crawler.found': m('見つけた件数', 'Found'),
  'crawler.imported': m('新規', 'New'),
  'crawler.updated': m('更新', 'Updated'),
  'crawler.skipped': m('変更なし', 'Unchanged'),
  'crawler.problems': m('問題', 'Problems'),
  'crawler.running': m('実行中', 'Running'),
  'crawler.ok': m('完了', 'Done'),
  'crawler.failed': m('失敗', 'Failed'),

  // Lists (views/ui/DataTable.tsx and the read models' operations)
  'list.badSize': m('件数は1〜200で指定してください。', 'Use a page size from 1 to 200.'),
  'list.badPage': m('ページ番号が正しくありません。', 'That page number is not valid.'),
  'list.badCursor': m('ページの指定が正しくありません。最初のページからやり直してください。', 'That page link is not valid. Start again from the first page.'),
  'list.noChoices': m('選択肢のない項目です。', 'This filter has no choices.'),
  'list.badSelection': m('対象の行を選んでください（一度に500件まで）。', 'Select the rows to change (up to 500 at once).'),
  'list.unknownState': m('この状態には移せません。', 'Rows cannot be moved to that state.'),
  'list.unknownAction': m('この操作はありません。', 'There is no such action.'),
  'list.rowsGone': m('選んだ行の一部が見つかりません。一覧を更新してください。', 'Some of the selected rows no longer exist. Reload the list.'),
  'list.moved': m('{count}件を「{state}」にしました。', 'Moved {count} row(s) to "{state}".'),
  'list.notMoved': m('{count}件は今の状態から移せないため、そのままです。', '{count} row(s) could not make that move from their current state and were left as they were.'),
  'list.moveTo': m('選んだ行を移す', 'Move selected to'),
  'list.move': m('移す', 'Move'),
  'list.selectRow': m('この行を選ぶ', 'Select this row'),
  'list.selectAll': m('すべて選ぶ', 'Select all'),
  'list.add': m('新規登録', 'Add new'),
  'list.keyword': m('キーワード', 'Keyword'),
  'list.all': m('すべて', 'All'),
  'list.filter': m('絞り込む', 'Filter'),
  'list.clear': m('クリア', 'Clear'),
  'list.csv': m('CSVで書き出す', 'Export CSV'),
  'list.empty': m('該当するデータがありません。', 'Nothing matches these filters.'),
  'list.emptyAll': m('まだ登録がありません。', 'Nothing here yet.'),
  'list.prev': m('前へ', 'Previous'),
  'list.next': m('次へ', 'Next'),
  'list.first': m('最初へ', 'First'),
  'list.range': m('{total}件中 {from}〜{to}件', '{from}–{to} of {total}'),
  'list.count': m('{total}件', '{total} in all'),
  'list.details': m('詳細', 'Details'),
  'list.actions': m('操作', 'Actions'),
  'list.yes': m('はい', 'Yes'),
  'list.no': m('いいえ', 'No'),
  'list.perHour': m('/時', '/hour'),
  'list.perDay': m('/日', '/day'),
  'list.perMonth': m('/月', '/month'),

  // Record pages (views/resources/ResourceViews.tsx)
  'record.save': m('保存する', 'Save'),
  'record.cancel': m('キャンセル', 'Cancel'),
  'record.choose': m('選択してください', 'Choose…'),
  'record.add': m('追加する', 'Add'),
  'record.delete': m('削除', 'Delete'),
  'record.deleteConfirm': m('本当に削除しますか？この操作は取り消せません。', 'Delete this record? This cannot be undone.'),
  'record.deleteSure': m('削除する', 'Delete'),
  'record.history': m('変更履歴', 'Change history'),
  'record.noHistory': m('変更履歴はまだありません。', 'No changes recorded yet.'),
  'record.created': m('作成', 'Created'),
  'record.updated': m('更新', 'Updated'),
  'record.deleted': m('削除', 'Deleted'),
  'record.preview': m('プレビュー', 'Preview'),

  // Job facts
  'job.anyStatus': m('就労可能な在留資格すべて', 'Any status that permits this work'),

  // Legal working limits: why a person may not take a shift (server/modules/workforce/work-limits.ts)
  'workLimits.cardExpired': m('在留カードの有効期限は{expiry}までのため、{day}のシフトには入れません。', 'The residence card is valid until {expiry}, so it does not cover the shift on {day}.'),
  'workLimits.cardUnverified': m('在留カードの確認が済んでいません。スタッフが確認するまでシフトには入れません。', 'The residence card has not been checked yet. Staff must verify it before any shift.'),
  'workLimits.noPermission': m('在留資格「{status}」で働くには資格外活動許可が必要です。', 'The residence status "{status}" needs permission to engage in activity outside status before any work.'),
  'workLimits.jobType': m('この仕事の職種は、在留資格「{status}」で認められた仕事に含まれません。', 'This job type is not work that the residence status "{status}" permits.'),
  'workLimits.weeklyLimit': m(
    '{from}〜{to}の7日間の勤務が{minutes}分になり、上限の{limit}分（週28時間）を超えます。このシフトの前の残りは{left}分です。',
    'This shift would make {minutes} minutes of work in the 7 days {from} to {to}, over the limit of {limit} minutes (28 hours). {left} minutes were left before this shift.',
  ),
  'workLimits.dailyLimit': m(
    '長期休業中の{day}の勤務が{minutes}分になり、1日の上限の{limit}分（8時間）を超えます。このシフトの前の残りは{left}分です。',
    'This shift would make {minutes} minutes of work on {day}, a day of the long vacation, over the daily limit of {limit} minutes (8 hours). {left} minutes were left before this shift.',
  ),
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof MESSAGES;

/** The message in a language, with `{name}` placeholders filled from `vars`. */
export function msg(lang: Lang, key: MessageKey, vars?: Readonly<Record<string, string | number>>): string {
  const text = MESSAGES[key][lang];
  return vars ? text.replace(/\{(\w+)\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all)) : text;
}

/** Both languages of a message, for data that carries a `Text` (a notice built before the language is known). @public (the catalogue's, for the screens to come) */
export function msgText(key: MessageKey): Text {
  return MESSAGES[key];
}

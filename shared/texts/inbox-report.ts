import type { Text } from '../i18n.ts';
import { m } from '../messages.ts';

/**
 * The inbox report's page (/admin/inbox/report, docs/inbox.md "Report"): its selector, table,
 * charts, empty state and CSV headers, and the durations it writes.
 */
export const INBOX_REPORT = {
  'inboxReport.lead': m(
    '初回応答時間は、求職者のメッセージから会社の担当者が最初に返信するまでの時間です（ボットの自動応答は数えません）。解決までの時間は、会話が始まった（または再開された）ときから担当者が解決にするまでの時間です。週は月曜日から日曜日（日本時間）です。',
    'First response time runs from a candidate’s message to the first reply written by a person of the company (the bot’s automatic answers do not count). Time to resolve runs from the conversation’s opening (or reopening) to a staff member marking it resolved. Weeks run Monday to Sunday, Japan time.',
  ),
  'inboxReport.period': m('期間', 'Period'),
  'inboxReport.lastWeeks': m('直近{weeks}週間', 'Last {weeks} weeks'),
  'inboxReport.show': m('表示', 'Show'),
  'inboxReport.week': m('週', 'Week'),
  'inboxReport.weekOf': m('{day}からの週', 'Week of {day}'),
  'inboxReport.staff': m('担当者', 'Staff member'),
  'inboxReport.responses': m('初回応答数', 'First responses'),
  'inboxReport.responseMedian': m('初回応答時間（中央値）', 'First response (median)'),
  'inboxReport.responseAverage': m('初回応答時間（平均）', 'First response (average)'),
  'inboxReport.resolutions': m('解決数', 'Resolved'),
  'inboxReport.resolutionMedian': m('解決までの時間（中央値）', 'Time to resolve (median)'),
  'inboxReport.empty': m('この期間に担当者の応答や解決はありません。', 'No staff answers or resolutions in this period.'),
  'inboxReport.tableCaption': m('担当者・週ごとの初回応答時間と解決までの時間', 'First response and resolution times by staff member and week'),
  'inboxReport.chartResponse': m('初回応答時間の中央値（担当者・週ごと）', 'Median first response time by staff member and week'),
  'inboxReport.chartResolution': m('解決までの時間の中央値（担当者・週ごと）', 'Median time to resolve by staff member and week'),
  'inboxReport.chartDesc': m(
    '担当者ごとに1本の線で、横軸が週、縦軸が時間です。数値はすべて下の表にあります。',
    'One line per staff member, weeks along the bottom and time up the side. Every figure is also in the table below.',
  ),
  'inboxReport.chartNone': m('この期間のデータはありません', 'No data in this period'),
  'inboxReport.point': m('{name}、{week}: {value}', '{name}, {week}: {value}'),
  'inboxReport.legend': m('凡例', 'Legend'),
  'inboxReport.seconds': m('{s}秒', '{s} s'),
  'inboxReport.minutesSeconds': m('{m}分{s}秒', '{m} min {s} s'),
  'inboxReport.daysHours': m('{d}日{h}時間', '{d} d {h} h'),
  'inboxReport.csvWeek': m('週の初日', 'Week starting'),
  'inboxReport.csvResponseMedian': m('初回応答時間・中央値（秒）', 'First response median (s)'),
  'inboxReport.csvResponseAverage': m('初回応答時間・平均（秒）', 'First response average (s)'),
  'inboxReport.csvResolutionMedian': m('解決までの時間・中央値（秒）', 'Time to resolve median (s)'),
} as const satisfies Record<string, Text>;

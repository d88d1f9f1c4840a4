import type { Text } from './i18n.ts';

/**
 * The windows a date filter offers (lists of the resource engine and the read models): days
 * relative to today in Japan, both ends included (null = open). The API also takes one exact
 * day, YYYY-MM-DD. Shared by the API (the SQL conditions) and the views (the filter's choices).
 */
export const DATE_FILTERS: Readonly<Record<string, { label: Text; from: number | null; to: number | null }>> = {
  past: { label: { ja: '期限切れ', en: 'Already past' }, from: null, to: -1 },
  next30: { label: { ja: '30日以内', en: 'Within 30 days' }, from: 0, to: 30 },
  next60: { label: { ja: '60日以内', en: 'Within 60 days' }, from: 0, to: 60 },
  next90: { label: { ja: '90日以内', en: 'Within 90 days' }, from: 0, to: 90 },
  future: { label: { ja: '今日以降', en: 'Today or later' }, from: 0, to: null },
};

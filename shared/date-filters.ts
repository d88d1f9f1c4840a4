import type { Text } from './i18n.ts';
import { msgText } from './messages.ts';

/**
 * The windows a date filter offers (lists of the resource engine and the read models): days
 * relative to today in Japan, both ends included (null = open). The API also takes one exact
 * day, YYYY-MM-DD. Shared by the API (the SQL conditions) and the views (the filter's choices).
 */
export const DATE_FILTERS: Readonly<Record<string, { label: Text; from: number | null; to: number | null }>> = {
  past: { label: msgText('dateFilter.past'), from: null, to: -1 },
  next30: { label: msgText('dateFilter.next30'), from: 0, to: 30 },
  next60: { label: msgText('dateFilter.next60'), from: 0, to: 60 },
  next90: { label: msgText('dateFilter.next90'), from: 0, to: 90 },
  future: { label: msgText('dateFilter.future'), from: 0, to: null },
};

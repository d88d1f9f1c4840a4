/**
 * The choices of a candidate's scouting profile (docs/scouting.md), read by the candidate's page,
 * the companies' search and the API alike.
 */
import type { Text } from './i18n.ts';

/** How long a scout offer may be answered, in days from when it was sent. */
export const SCOUT_OFFER_DAYS = 7;

/** A level per language, 1–5 (the search filters "at least"). */
export const LANGUAGE_LEVELS: readonly { value: number; label: Text }[] = [
  { value: 1, label: { ja: '1 基礎（あいさつ程度）', en: '1 Basic (greetings)' } },
  { value: 2, label: { ja: '2 日常会話', en: '2 Everyday conversation' } },
  { value: 3, label: { ja: '3 仕事で使える', en: '3 Working level' } },
  { value: 4, label: { ja: '4 流暢', en: '4 Fluent' } },
  { value: 5, label: { ja: '5 ネイティブ', en: '5 Native' } },
];

/** When a candidate can work. */
export const AVAILABILITY: readonly { value: string; label: Text }[] = [
  { value: 'weekday', label: { ja: '平日', en: 'Weekdays' } },
  { value: 'weekend', label: { ja: '土日祝', en: 'Weekends and holidays' } },
  { value: 'morning', label: { ja: '朝・日中', en: 'Mornings and daytime' } },
  { value: 'evening', label: { ja: '夕方', en: 'Evenings' } },
  { value: 'night', label: { ja: '深夜', en: 'Nights' } },
];

import type { ConversationRow } from '../../server/chat/events.ts';
import { pickLang, type Lang } from '../../shared/i18n.ts';
import { dateText } from '../../shared/format.ts';

/**
 * How a conversation row reads and sorts, with no store behind it (the chat islands and the tests
 * read the same functions). Names and titles come in both languages; the reader's is shown, the
 * other one when the reader's is empty (pickLang), never both.
 */

/** A conversation's job title in the reader's language (null: a support conversation). */
export const jobTitleIn = (lang: Lang, row: Pick<ConversationRow, 'job_title' | 'job_title_en'>): string | null => (row.job_title === null ? null : pickLang(lang, row.job_title, row.job_title_en));

/**
 * What follows a job's title when the conversation is about one daily shift: " · Tue 24 Nov" in the
 * reader's language ('' for any other conversation), so two shifts of one job read apart.
 */
export const shiftDaySuffix = (lang: Lang, day: string | null): string => (day ? ` · ${dateText(day, lang)}` : '');

/** The company as the candidate reads it: its English name on English pages, else its Japanese one. */
export const companyNameIn = (lang: Lang, row: Pick<ConversationRow, 'company_name' | 'company_name_en'>): string => pickLang(lang, row.company_name, row.company_name_en);

/**
 * The candidate's list order, as the server pages it (recentConversations): conversations with
 * something unread from the company first, then the newest message first, then those without
 * messages. `unread` is the page's own knowledge (it moves with live messages and read marks).
 */
export function candidateOrder(list: readonly ConversationRow[], unread: (row: ConversationRow) => boolean): ConversationRow[] {
  return [...list].sort((a, b) => {
    const ua = unread(a);
    if (ua !== unread(b)) return ua ? -1 : 1;
    if (!a.last_seq !== !b.last_seq) return a.last_seq ? -1 : 1;
    return Date.parse(b.message_date) - Date.parse(a.message_date) || a.id.localeCompare(b.id);
  });
}

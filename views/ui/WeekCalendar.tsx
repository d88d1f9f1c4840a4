import type { JSX } from 'react';
import type { Lang } from '../../shared/i18n.ts';
import { dateText, timeText } from '../../shared/format.ts';
import { msg } from '../../shared/messages.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { Badge, type Tone } from './DataTable.tsx';

export interface CalendarItem {
  id: string;
  /** An instant (ISO): placed on its day in Japan, shown with its time. */
  at: string;
  text: string;
  href: string | null;
  badge?: { label: string; tone: Tone } | null;
  /** A short fact shown after the text (seats filled, a place). */
  detail?: string | null;
}

/**
 * A week, Monday to Sunday, of dated items (the UI kit's calendar; read models with `calendar`
 * show their rows in it). Seven columns on a wide screen, one day under another on a phone; today
 * is marked; previous, this and next week are links that keep the list's filters.
 */
export function WeekCalendar({ lang, monday, items, weekHref }: { lang: Lang; monday: string; items: readonly CalendarItem[]; weekHref: (monday: string) => string }): JSX.Element {
  const today = todayInJapan();
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const dayOf = (iso: string) => todayInJapan(new Date(iso));
  return (
    <section className="week-calendar" aria-label={msg(lang, 'calendar.week', { from: dateText(days[0]!, lang), to: dateText(days[6]!, lang) })}>
      <nav className="week-nav">
        <a href={weekHref(addDays(monday, -7))}>← {msg(lang, 'calendar.previous')}</a>
        <a href={weekHref(today)}>{msg(lang, 'calendar.thisWeek')}</a>
        <a href={weekHref(addDays(monday, 7))}>{msg(lang, 'calendar.next')} →</a>
      </nav>
      <ol className="week-days">
        {days.map((d) => {
          const mine = items.filter((it) => dayOf(it.at) === d).sort((a, b) => a.at.localeCompare(b.at));
          return (
            <li key={d} className={d === today ? 'is-today' : undefined}>
              <h3>{dateText(d, lang)}</h3>
              {mine.length === 0 ? (
                <p className="empty">—</p>
              ) : (
                <ul>
                  {mine.map((it) => (
                    <li key={it.id}>
                      <time dateTime={it.at}>{timeText(it.at, lang)}</time> {it.href ? <a href={it.href}>{it.text}</a> : it.text} {it.detail && <span className="detail">{it.detail}</span>}{' '}
                      {it.badge && <Badge tone={it.badge.tone}>{it.badge.label}</Badge>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { createEvent } from 'ics';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { locationText, placeIn } from '../jobs/public.ts';
import type { MailAttachment } from '../../mail.ts';

/** A shift as a worker's calendar shows it: its text already in the worker's language. */
export interface ShiftEvent {
  /** The application's id: the event's UID, so downloading it again updates the same entry. */
  id: string;
  /** YYYY-MM-DD and HH:MM, in Japan. */
  date: string;
  start: string;
  end: string;
  title: string;
  location: string;
  description: string;
  url: string;
}

const DAY_MS = 86_400_000;

/**
 * A shift as an iCalendar file (RFC 5545, through the `ics` package) for the worker's phone. The
 * times are Japan's (UTC+9 all year: Japan keeps no daylight saving time) written in UTC, so any
 * calendar shows them in its own zone; a shift that ends at or before its start ends the next day.
 */
export function shiftCalendar(s: ShiftEvent): string {
  const at = (time: string) => Date.parse(`${s.date}T${time}:00+09:00`);
  const start = at(s.start);
  const end = at(s.end) <= start ? at(s.end) + DAY_MS : at(s.end);
  return calendarEvent({ uid: `shift-${s.id}@tsunagu`, start, end, title: s.title, location: s.location, description: s.description, url: s.url });
}

/**
 * One event of the product's calendar files (a shift, an interview): instants in UTC milliseconds,
 * written in UTC. `cancelled`: the same event (its UID) withdrawn, a later version of it
 * (METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE 1; RFC 5546 §3.2.5), so a calendar that took the
 * invitation removes the entry.
 */
export function calendarEvent(e: { uid: string; start: number; end: number; title: string; description: string; location?: string | null; url?: string | null; cancelled?: boolean }): string {
  const made = createEvent({
    productId: 'tsunagu',
    ...(e.cancelled ? { method: 'CANCEL', status: 'CANCELLED' as const, sequence: 1 } : {}),
    uid: e.uid,
    start: e.start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: e.end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.title,
    description: e.description,
    ...(e.location ? { location: e.location } : {}),
    ...(e.url ? { url: e.url } : {}),
  });
  if (made.error || !made.value) throw made.error ?? new Error('the event could not be written as a calendar file');
  return made.value;
}

/** A calendar file as a mail's attachment; `method`: CANCEL for a withdrawn event (calendarEvent's `cancelled`). */
export function calendarAttachment(filename: string, content: string, method: 'PUBLISH' | 'CANCEL' = 'PUBLISH'): MailAttachment {
  return { filename, contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

/** What a shift's calendar entry says, in `lang`: the job and company, the place as the job's pages say it, a note with the link to the candidate's page. */
export function shiftEventText(
  lang: Lang,
  s: { job: string; company: string; place: { prefecture: string; city: string; station: string }; link: string },
): Pick<ShiftEvent, 'title' | 'location' | 'description' | 'url'> {
  return {
    title: `${s.job} · ${s.company}`,
    location: locationText(lang, s.place),
    description: msg(lang, 'candidate.calendarNote', { company: s.company, link: s.link }),
    url: s.link,
  };
}

/** A shift's row as the mails read it: the application, the shift's day and times (none for an application without a shift), the job's place. */
export interface ShiftRow {
  id: string;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  prefecture: string;
  city: string;
  city_en: string;
  station: string;
  station_en: string;
}

/** The shift as an attachment of a mail that asks the candidate to confirm it (the kakunin request and its reminder), in their language; none without a shift. */
export function shiftAttachment(lang: Lang, r: ShiftRow, vars: { job: string; company: string; link: string }): MailAttachment[] {
  if (!r.date || !r.start_time || !r.end_time) return [];
  return [
    calendarAttachment(
      'shift.ics',
      shiftCalendar({
        id: r.id,
        date: r.date,
        start: r.start_time.slice(0, 5),
        end: r.end_time.slice(0, 5),
        ...shiftEventText(lang, { ...vars, place: { prefecture: r.prefecture, ...placeIn(lang, r) } }),
      }),
    ),
  ];
}

import { createEvent } from 'ics';

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
  const made = createEvent({
    productId: 'tsunagu',
    uid: `shift-${s.id}@tsunagu`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: s.title,
    location: s.location,
    description: s.description,
    url: s.url,
  });
  if (made.error || !made.value) throw made.error ?? new Error('the shift could not be written as a calendar event');
  return made.value;
}

import { describe, expect, it } from 'vitest';
import { dateLong, hoursMinutesText, dateText, dayTimeText, numberText, stampText, timeText, weekdayText, yen } from './format.ts';
import { addDays, todayInJapan } from './time.ts';

// 2026-11-24T00:05Z is 09:05 on Tuesday 24 November in Japan (UTC+9).
const MORNING = '2026-11-24T00:05:00Z';

describe('dates and times are days and hours in Japan, in the reader language', () => {
  it('writes a day', () => {
    expect(dateText('2026-11-24', 'ja')).toBe('11月24日(火)');
    expect(dateText('2026-11-24', 'en')).toBe('Tue 24 Nov');
    // Remembered per language: asking again, or in the other language first, changes nothing.
    expect(dateText('2026-11-25', 'en')).toBe('Wed 25 Nov');
    expect(dateText('2026-11-25', 'ja')).toBe('11月25日(水)');
    expect(dateText('2026-11-25', 'en')).toBe('Wed 25 Nov');
    expect(dateLong('2026-11-24', 'ja')).toBe('2026年11月24日');
    expect(dateLong('2026-11-24', 'en')).toBe('24 November 2026');
  });

  it("writes an instant's day as the day in Japan", () => {
    // 2026-10-31T15:30Z is 00:30 on 1 November in Japan: the published date is the 1st.
    expect(dateLong(new Date('2026-10-31T15:30:00Z'), 'ja')).toBe('2026年11月1日');
    expect(dateLong(new Date('2026-10-31T15:30:00Z'), 'en')).toBe('1 November 2026');
  });

  it('names weekdays, of a day or by number', () => {
    expect(weekdayText('2026-11-24', 'ja')).toBe('火');
    expect(weekdayText('2026-11-24', 'en')).toBe('Tue');
    expect([1, 2, 3, 4, 5, 6, 0].map((n) => weekdayText(n, 'ja')).join('')).toBe('月火水木金土日');
    expect(weekdayText(0, 'en')).toBe('Sun');
  });

  it('writes times', () => {
    expect(timeText(MORNING, 'ja')).toBe('09:05');
    expect(dayTimeText(MORNING, 'ja')).toBe('11/24 09:05');
    expect(dayTimeText(MORNING, 'en')).toBe('24/11, 09:05');
  });

  it('stamps a list entry with its time today and its day before', () => {
    const laterThatDay = new Date('2026-11-24T14:00:00Z'); // 23:00 in Japan, still the 24th
    const nextDay = new Date('2026-11-24T15:00:00Z'); // 00:00 on the 25th in Japan
    expect(stampText(MORNING, 'ja', laterThatDay)).toBe('09:05');
    expect(stampText(MORNING, 'ja', nextDay)).toBe('11/24');
    expect(stampText(MORNING, 'en', nextDay)).toBe('24/11');
    expect(stampText('not a date', 'en', nextDay)).toBe('');
  });
});

describe('numbers and money', () => {
  it('groups digits', () => {
    expect(numberText(1234567, 'ja')).toBe('1,234,567');
    expect(numberText(1234567, 'en')).toBe('1,234,567');
    expect(yen(-1300)).toBe('-¥1,300');
  });

  it('groups whole numbers exactly as Intl does in both languages, and leaves fractions to Intl', () => {
    const samples = [0, 1, 12, 123, 999, 1000, 1001, 12345, 100000, 999999, 1000000, 1234567890, Number.MAX_SAFE_INTEGER];
    for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n);
    for (const lang of ['ja', 'en'] as const) {
      const intl = new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-GB');
      for (const n of samples.flatMap((x) => [x, -x]).filter((x) => !Object.is(x, -0))) expect(numberText(n, lang), `${lang} ${n}`).toBe(intl.format(n));
      expect(numberText(1234.5, lang)).toBe(intl.format(1234.5));
    }
    expect(yen(1_100)).toBe('¥1,100');
  });
});

describe('today in Japan', () => {
  it('turns at midnight in Japan, not in UTC', () => {
    // 14:59Z is 23:59 in Japan; 15:00Z is already the next day there.
    expect(todayInJapan(new Date('2026-11-24T14:59:00Z'))).toBe('2026-11-24');
    expect(todayInJapan(new Date('2026-11-24T15:00:00Z'))).toBe('2026-11-25');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02'); // 30, 31 Dec, then 1, 2 Jan
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('hoursMinutesText: a duration as people say it', () => {
  it('says hours and minutes in each language, not decimal hours nor h:mm', () => {
    // 27 h 30 min = 27 × 60 + 30 = 1,650 minutes.
    expect(hoursMinutesText(1650, 'en')).toBe('27 h 30 min');
    expect(hoursMinutesText(1650, 'ja')).toBe('27時間30分');
    expect(hoursMinutesText(240, 'en')).toBe('4 h');
    expect(hoursMinutesText(240, 'ja')).toBe('4時間');
    expect(hoursMinutesText(30, 'en')).toBe('30 min');
    expect(hoursMinutesText(0, 'ja')).toBe('0分');
  });
});

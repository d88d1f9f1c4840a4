/**
 * "Now" and "today" for the product, which lives in Japan: a day is a day in Asia/Tokyo wherever
 * the server runs. Every server caller asks here (and may pass the instant, so tests need no
 * clock). The functions are pure and live in shared/time.ts, where the browser code reads them.
 */
export { addDays, todayInJapan } from '../shared/time.ts';

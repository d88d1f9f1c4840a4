import { JOB_PLACE } from './repo.ts';
import { cachedBoard } from './board-cache.ts';
import { sql } from 'kysely';
import { COUNT_CAP } from '../../../shared/format.ts';
import type { DB } from '../../db/connect.ts';
import { fellBack, pickLang, type Lang } from '../../../shared/i18n.ts';
import { clockInJapan, todayInJapan } from '../../time.ts';
import type { JobKind } from './tables.ts';
import { containing } from '../../db/like.ts';
import { isUuid } from '../../../shared/ids.ts';
import { msg } from '../../../shared/messages.ts';
import { prefectureName } from './prefectures.ts';
import { PAY_TYPE_NAME, STATUTORY_DAY_MINUTES, STATUTORY_MONTH } from '../payroll/wage-kind.ts';

/** The filters of the public boards: area, date, wage, job type, language, visa type. */
export interface PublicFilters {
  prefecture?: string;
  /** YYYY-MM-DD: daily jobs with an open seat that day. */
  date?: string;
  minWage?: number;
  jobTypeId?: number;
  /** A language code the candidate speaks: jobs that require none, or only that one among others. */
  language?: string;
  visaTypeId?: number;
  q?: string;
  /** Part of the nearest station's name (Japanese or English). */
  station?: string;
}

export type PublicSort = 'new' | 'wage' | 'date';

export interface PublicJobCard {
  id: string;
  kind: JobKind;
  title: string;
  prefecture: string;
  /** In the reader's language: the English name on English pages, else the other language's (then `placeInOtherLanguage`). */
  city: string;
  station: string;
  /** An English page shows the city or station in Japanese: no English name was given. */
  placeInOtherLanguage: boolean;
  wage: number;
  payType: string | null;
  /** What a day or month rate comes to an hour (時給換算, `hourlyPay`); null for an hourly wage. */
  hourlyPay: number | null;
  jobType: string | null;
  /** Daily jobs: the next date with a free seat. */
  nextDate: string | null;
  openSeats: number | null;
  company: string;
}

export const PUBLIC_PAGE_SIZE = 20;

/** The open jobs of one board: open status, inside the publish window, and (daily) a future shift with a free seat. */
function openJobs(db: DB, kind: JobKind, today: string) {
  let q = db
    .selectFrom('jobs as j')
    .where('j.kind', '=', kind)
    .where('j.status', '=', 'open')
    // A suspended company's jobs leave the boards until the platform lifts the suspension.
    .where((eb) => eb.not(eb.exists(eb.selectFrom('companies as sc').select('sc.id').whereRef('sc.id', '=', 'j.company_id').where('sc.status', '=', 'suspended'))))
    // The publish window is in days in Japan, both ends included (migration 0007).
    .where((eb) => eb.or([eb('j.publish_from', 'is', null), eb('j.publish_from', '<=', sql<string>`(now() at time zone 'Asia/Tokyo')::date`)]))
    .where((eb) => eb.or([eb('j.publish_until', 'is', null), eb('j.publish_until', '>=', sql<string>`(now() at time zone 'Asia/Tokyo')::date`)]));
  // A future shift with a free seat exists exactly when the latest such date is today or later
  // (jobs.last_open_date, kept by a trigger: migration 0008).
  if (kind === 'daily') q = q.where('j.last_open_date', '>=', today);
  return q;
}

/** What a job's card and its page both show of the job itself. */
const CARD_COLUMNS = ['j.id', 'j.kind', 'j.title_ja', 'j.title_en', ...JOB_PLACE, 'j.wage'] as const;

export type PublicJobsPage<Card = PublicJobCard> = { jobs: Card[]; total: number; page: number; size: number };

/** A board's card as loaded and cached for the day: what decides its next date once today's shifts have started. */
type CachedCard = PublicJobCard & { todayLastStart: string | null; laterDate: string | null };

/** A page of the public board, through the process's board cache (board-cache.ts). */
export async function listPublicJobs(db: DB, kind: JobKind, filters: PublicFilters, sort: PublicSort, page: number, lang: Lang, today = todayInJapan(), now = new Date()): Promise<PublicJobsPage> {
  const cached = await cachedBoard(db, ['board', kind, filters, sort, page, lang, today], () => loadPublicJobs(db, kind, filters, sort, page, lang, today));
  const time = clockInJapan(now);
  return {
    ...cached,
    jobs: cached.jobs.map(({ todayLastStart, laterDate, ...card }) => (card.nextDate === today && !filters.date && (todayLastStart ?? '') <= time ? { ...card, nextDate: laterDate } : card)),
  };
}

/**
 * What a job pays an hour (時給換算), so that the boards' minimum pay and "highest pay" compare like
 * with like: an hourly wage as it is; a day rate (日給) over the scheduled minutes of the job's next
 * shift with a free seat from `from` on (its length less its break), or over the statutory day of 8
 * hours (労働基準法第32条第2項) when it has none; a month's pay (月給) over the statutory month of
 * 173.8 hours (第32条第1項, server/modules/payroll/wage-kind.ts). Both fall-backs are the most hours
 * the pay can be for, and a day is counted as one hour at least, so the figure never overstates it
 * and is never above the amount. Rounded to the yen; null for an hourly wage.
 */
function hourlyPay(from: string) {
  const shiftMinutes = sql<number | null>`(select (extract(epoch from (s.end_time - s.start_time)) / 60 + case when s.end_time > s.start_time then 0 else 1440 end - s.break_minutes)
    from job_daily_shifts s where s.job_id = j.id and s.date >= ${from} and s.filled < s.capacity order by s.date, s.start_time limit 1)`;
  // The pay types of each name, looked up once per statement (uncorrelated: an InitPlan), not per job.
  const typesNamed = (name: string) => sql`array(select t.enum_id from job_enum_translations t where t.language_key = 'ja' and t.value = ${name})`;
  return sql<number | null>`(case
    when j.pay_type_id = any(${typesNamed(PAY_TYPE_NAME.daily)}) then round(j.wage * 60.0 / greatest(60, coalesce(${shiftMinutes}, ${sql.lit(STATUTORY_DAY_MINUTES)})))
    when j.pay_type_id = any(${typesNamed(PAY_TYPE_NAME.monthly)}) then round(j.wage * ${sql.lit(STATUTORY_MONTH.per)} / ${sql.lit(STATUTORY_MONTH.hours)}.0)
    end)::int`;
}

async function loadPublicJobs(db: DB, kind: JobKind, filters: PublicFilters, sort: PublicSort, page: number, lang: Lang, today: string): Promise<PublicJobsPage<CachedCard>> {
  let q = openJobs(db, kind, today);
  const perHour = hourlyPay(filters.date ?? today);
  const comparable = sql<number>`coalesce(${perHour}, j.wage)`;
  if (filters.prefecture) q = q.where('j.prefecture', '=', filters.prefecture);
  // No pay comes to more an hour than its amount (a day is counted as an hour at least), so the
  // wage's index narrows the jobs before each one's figure is worked out.
  if (filters.minWage) q = q.where('j.wage', '>=', filters.minWage).where(comparable, '>=', filters.minWage);
  if (filters.jobTypeId) q = q.where('j.job_type_id', '=', filters.jobTypeId);
  if (filters.visaTypeId) {
    const v = filters.visaTypeId;
    // A job that lists no visa types is open to every work-permitted status.
    q = q.where((eb) => eb.or([sql<boolean>`cardinality(j.visa_type_ids) = 0`, sql<boolean>`${v}::int = any(j.visa_type_ids)`]));
  }
  if (filters.language) {
    const l = filters.language;
    q = q.where((eb) => eb.or([sql<boolean>`cardinality(j.languages) = 0`, sql<boolean>`${l}::text = any(j.languages)`]));
  }
  if (filters.q) {
    const pattern = containing(filters.q);
    q = q.where((eb) =>
      eb.or([
        eb('j.title_ja', 'ilike', pattern),
        eb('j.title_en', 'ilike', pattern),
        eb('j.city', 'ilike', pattern),
        eb('j.station', 'ilike', pattern),
        eb('j.city_en', 'ilike', pattern),
        eb('j.station_en', 'ilike', pattern),
      ]),
    );
  }
  if (filters.station) {
    const pattern = containing(filters.station);
    q = q.where((eb) => eb.or([eb('j.station', 'ilike', pattern), eb('j.station_en', 'ilike', pattern)]));
  }
  if (kind === 'daily' && filters.date) {
    const date = filters.date;
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('job_daily_shifts as d').select('d.id').whereRef('d.job_id', '=', 'j.id').where('d.date', '=', date).whereRef('d.filled', '<', 'd.capacity')),
    );
  }
  const size = PUBLIC_PAGE_SIZE;
  const nextDate = sql<string | null>`(select min(s.date)::text from job_daily_shifts s where s.job_id = j.id and s.date >= ${filters.date ?? today} and s.filled < s.capacity)`;
  const openSeats = sql<number | null>`(select sum(s.capacity - s.filled)::int from job_daily_shifts s where s.job_id = j.id and s.date >= ${today})`;
  // The next date is kept for the day: today's latest open start and the next open date after today
  // let each read pass over today once its shifts have all started (as the job's page drops them).
  const todayLastStart = sql<string | null>`(select to_char(max(s.start_time), 'HH24:MI') from job_daily_shifts s where s.job_id = j.id and s.date = ${today} and s.filled < s.capacity)`;
  const laterDate = sql<string | null>`(select min(s.date)::text from job_daily_shifts s where s.job_id = j.id and s.date > ${today} and s.filled < s.capacity)`;
  const listed = q
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .leftJoin('job_enum_translations as pt', (jn) => jn.onRef('pt.enum_id', '=', 'j.pay_type_id').on('pt.language_key', '=', lang))
    .leftJoin('job_enum_translations as jt', (jn) => jn.onRef('jt.enum_id', '=', 'j.job_type_id').on('jt.language_key', '=', lang))
    .select([
      ...CARD_COLUMNS,
      'pt.value as payType',
      perHour.as('hourlyPay'),
      'jt.value as jobType',
      'c.name as company_ja',
      'c.name_en as company_en',
      (kind === 'daily' ? nextDate : sql<string | null>`null`).as('nextDate'),
      (kind === 'daily' ? openSeats : sql<number | null>`null`).as('openSeats'),
      (kind === 'daily' ? todayLastStart : sql<string | null>`null`).as('todayLastStart'),
      (kind === 'daily' ? laterDate : sql<string | null>`null`).as('laterDate'),
    ]);
  const ordered =
    sort === 'wage'
      ? listed.orderBy(comparable, 'desc')
      : // With a date filter every listed job works that day: soonest-first is the newest order.
        sort === 'date' && kind === 'daily' && !filters.date
        ? listed.orderBy(sql`"nextDate"`, 'asc')
        : listed;
  const [jobs, count] = await Promise.all([
    ordered
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom(
        q
          .select('j.id')
          .limit(COUNT_CAP + 1)
          .as('capped'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    jobs: jobs.map(({ title_ja, title_en, company_ja, company_en, city, station, city_en, station_en, ...card }) => ({
      ...card,
      ...placeIn(lang, { city, station, city_en, station_en }),
      title: pickLang(lang, title_ja, title_en),
      company: pickLang(lang, company_ja, company_en),
    })),
    total: Number(count.n),
    page,
    size,
  };
}

export interface PublicJobDetail extends PublicJobCard {
  description: string;
  overtime: string | null;
  jobWeek: string | null;
  readSkill: string | null;
  languages: string[];
  visaTypes: string[];
  headcount: number;
  createdAt: string;
  publishUntil: string | null;
  shifts: { id: string; date: string; start: string; end: string; breakMinutes: number; wage: number; openSeats: number }[];
}

/**
 * A job's public page (one open job as the public sees it, with its shifts that have not started
 * and still have seats), through the process's board cache (board-cache.ts).
 */
export async function getPublicJob(db: DB, kind: JobKind, id: string, lang: Lang, now = new Date()): Promise<PublicJobDetail | null> {
  if (!isUuid(id)) return null;
  const today = todayInJapan(now);
  const job = await cachedBoard(db, ['job', kind, id.toLowerCase(), lang, today], () => loadPublicJob(db, kind, id, lang, today));
  return job && withoutStarted(job, today, clockInJapan(now));
}

/**
 * The job without today's shifts that have started by `time` (Japan): applying takes nobody new on
 * them (apply.ts), and the cache turns over by the day, not the minute. The cached value is not changed.
 */
function withoutStarted(job: PublicJobDetail, today: string, time: string): PublicJobDetail {
  const shifts = job.shifts.filter((s) => s.date > today || s.start > time);
  if (shifts.length === job.shifts.length) return job;
  return { ...job, shifts, nextDate: shifts[0]?.date ?? null, openSeats: job.openSeats === null ? null : shifts.reduce((n, s) => n + s.openSeats, 0) };
}

async function loadPublicJob(db: DB, kind: JobKind, id: string, lang: Lang, today: string): Promise<PublicJobDetail | null> {
  const tr = (col: 'j.pay_type_id' | 'j.job_type_id' | 'j.overtime_id' | 'j.job_week_id' | 'j.read_skill_id') =>
    sql<string | null>`(select value from job_enum_translations t where t.enum_id = ${sql.ref(col)} and t.language_key = ${lang})`;
  const job = await openJobs(db, kind, '0001-01-01')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .where('j.id', '=', id)
    .select([
      ...CARD_COLUMNS,
      'j.description_ja',
      'j.description_en',
      'j.languages',
      'j.visa_type_ids',
      'j.headcount',
      'j.created_at',
      'j.publish_until',
      'c.name as company_ja',
      'c.name_en as company_en',
      tr('j.pay_type_id').as('payType'),
      hourlyPay(today).as('hourlyPay'),
      tr('j.job_type_id').as('jobType'),
      tr('j.overtime_id').as('overtime'),
      tr('j.job_week_id').as('jobWeek'),
      tr('j.read_skill_id').as('readSkill'),
    ])
    .executeTakeFirst();
  if (!job) return null;
  const [shifts, visas, langs] = await Promise.all([
    kind === 'daily'
      ? db
          .selectFrom('job_daily_shifts')
          .select(['id', 'date', 'start_time', 'end_time', 'break_minutes', 'capacity', 'filled', 'wage'])
          .where('job_id', '=', id)
          .where('date', '>=', today)
          .orderBy('date')
          .orderBy('start_time')
          .limit(200)
          .execute()
      : Promise.resolve([]),
    job.visa_type_ids.length ? db.selectFrom('visa_types').select(['ja', 'en']).where('id', 'in', job.visa_type_ids).orderBy('sort').execute() : Promise.resolve([]),
    job.languages.length ? db.selectFrom('languages').select(['code', 'ja', 'en']).where('code', 'in', job.languages).orderBy('sort').execute() : Promise.resolve([]),
  ]);
  const open = shifts.filter((s) => s.filled < s.capacity);
  return {
    id: job.id,
    kind: job.kind,
    title: pickLang(lang, job.title_ja, job.title_en),
    description: pickLang(lang, job.description_ja, job.description_en),
    prefecture: job.prefecture,
    ...placeIn(lang, job),
    wage: job.wage,
    payType: job.payType,
    hourlyPay: job.hourlyPay,
    jobType: job.jobType,
    overtime: job.overtime,
    jobWeek: job.jobWeek,
    readSkill: job.readSkill,
    company: pickLang(lang, job.company_ja, job.company_en),
    headcount: job.headcount,
    languages: langs.map((l) => pickLang(lang, l.ja, l.en)),
    visaTypes: visas.map((v) => pickLang(lang, v.ja, v.en)),
    createdAt: job.created_at.toISOString(),
    publishUntil: job.publish_until ?? null,
    nextDate: open[0]?.date ?? null,
    openSeats: kind === 'daily' ? open.reduce((n, s) => n + s.capacity - s.filled, 0) : null,
    shifts: open.map((s) => ({
      id: s.id,
      date: s.date,
      start: s.start_time.slice(0, 5),
      end: s.end_time.slice(0, 5),
      breakMinutes: s.break_minutes,
      wage: s.wage ?? job.wage,
      openSeats: s.capacity - s.filled,
    })),
  };
}

/**
 * Where a job is, as its pages say it: the prefecture in the reader's language, the city and the
 * station as given (placeIn), and a note when they are in the other language. Japanese names the
 * larger place first ("埼玉県 川口市 川口駅"), English the smaller first, as an English address does
 * ("Kawaguchi, Saitama · Kawaguchi Station", not "Saitama Kawaguchi Kawaguchi Station").
 */
export function locationText(lang: Lang, j: { prefecture: string; city: string; station?: string; placeInOtherLanguage?: boolean }): string {
  const prefecture = prefectureName(j.prefecture, lang);
  const area = j.city && prefecture ? msg(lang, 'jobs.placeCity', { prefecture, city: j.city }) : j.city || prefecture;
  const place = j.station && area ? msg(lang, 'jobs.placeStation', { place: area, station: j.station }) : area || (j.station ?? '');
  return place + (j.placeInOtherLanguage ? ` ${msg(lang, 'jobs.placeInOtherLanguage')}` : '');
}

/**
 * A job's city and station in the reader's language: English where the job gives them, else the
 * other language's names, and then the page says the name is in the other language.
 */
export function placeIn(lang: Lang, j: { city: string; station: string; city_en: string; station_en: string }): { city: string; station: string; placeInOtherLanguage: boolean } {
  const city = pickLang(lang, j.city, j.city_en);
  const station = pickLang(lang, j.station, j.station_en);
  return { city, station, placeInOtherLanguage: fellBack(lang, j.city, j.city_en) || fellBack(lang, j.station, j.station_en) };
}

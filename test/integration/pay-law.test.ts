/**
 * The labour-law rules of pay over the real app and database: a 日給 is paid by the day, a night
 * shift into the statutory holiday is holiday work after midnight, a 月給 job makes no pay line
 * instead of failing, a job below the regional minimum wage and a 月給 job are refused when saved,
 * and a shift plan without the break of 労働基準法第34条 is refused with the article named.
 */
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../shared/time.ts';
import { pagesAs } from '../helpers/pages.ts';
import { appForFile, DEMO } from '../helpers/app.ts';
import { clientOf, companyOf, enumId, tokyoDay, workedDay } from '../helpers/demo-data.ts';
import { dailyJobForm } from '../helpers/job-pages.ts';

const t = appForFile();

const db = () => t.database.db;
const { post } = pagesAs(t);

/** Records a finished shift of `email` on the job titled `titleEn` and recomputes the worker's pay. */
const work = (job: string, email: string, date: string, start: string, end: string, breakMinutes: number) => workedDay(t, { job, email, date, start, end, breakMinutes });

/** A Wednesday (no holiday on either side) and a Saturday, both in the past. */
const lastSunday = addDays(tokyoDay(0), -weekdayOf(tokyoDay(0)) - 14);

describe('pay lines under the Act', () => {
  it('pays the ¥9,800 early sorting day rate as ¥9,800 for its 5 scheduled hours, not ¥9,800 an hour', async () => {
    // 日給 9,800 (千葉県), 05:00–10:00, no break: 300 of 300 scheduled minutes → base 9,800; basis
    // 9,800 ÷ 5 h = 1,960/h on the line. 05:00 is already day time: no premium.
    const line = await work('Parcel sorting (early morning)', 'worker3@demo.test', addDays(lastSunday, 3), '05:00', '10:00', 0);
    expect(line).toMatchObject({ worked_minutes: 300, base: 9_800, total: 9_800, hourly_wage: 1_960 });
  });

  it('counts a Saturday night into Sunday as holiday work after midnight only', async () => {
    // 時給 1,250 (lunch floor job, used here at night): Saturday 22:00 – Sunday 06:00, no break = 480.
    // Saturday 22:00–24:00 ordinary; Sunday 00:00–06:00 = 360 holiday. Night 22:00–05:00 = 420.
    // base 480 × 1,250 / 60 = 10,000; holiday 360 × 1,250 × 35% / 60 = 2,625;
    // late night 420 × 1,250 × 25% / 60 = 2,187.5 → 2,188; total 14,813.
    const line = await work('Restaurant floor staff (lunch)', 'worker3@demo.test', addDays(lastSunday, 6), '22:00', '06:00', 0);
    expect(line).toMatchObject({
      worked_minutes: 480,
      holiday_minutes: 360,
      late_night_minutes: 420,
      overtime_minutes: 0,
      base: 10_000,
      holiday_premium: 2_625,
      late_night_premium: 2_188,
      total: 14_813,
      statutory_holiday: true,
    });
  });

  it('makes no pay line for a 月給 job instead of failing at clock-out', async () => {
    await expect(work('Hotel front desk (English used)', 'worker3@demo.test', addDays(lastSunday, 2), '09:00', '18:00', 60)).resolves.toBeUndefined();
  });
});

describe('saving jobs and shift plans', () => {
  /** A job of the demo client in Tokyo, a draft, paid by the hour unless `extra` says otherwise. */
  const jobForm = async (extra: Record<string, string>) =>
    dailyJobForm(t, await clientOf(t, DEMO.client_admin), '最低賃金の確認', {
      title_en: 'Minimum wage check',
      status: 'draft',
      ...extra,
    });

  it('refuses ¥500 an hour in Tokyo, naming the minimum and the prefecture', async () => {
    const res = await post('/v3/admin/jobs/add', 'company_admin', await jobForm({ wage: '500' }));
    expect(res.status).toBe(422);
    expect(res.html).toContain('東京都の地域別最低賃金は');
    expect(res.html).toContain('時給1,226円です（最低賃金法第4条）');
    expect(await db().selectFrom('jobs').select('id').where('title_en', '=', 'Minimum wage check').execute()).toHaveLength(0);
  });

  it('refuses a 月給 job', async () => {
    const res = await post('/admin/jobs/add', 'company_admin', await jobForm({ pay_type_id: await enumId(t, 18, '月給'), wage: '250000' }));
    expect(res.status).toBe(422);
    expect(res.html).toContain('月給の求人は給与計算に対応していません');
  });

  it('refuses a 12-hour slot without a break under 第34条, and a day rate whose basis is below the minimum', async () => {
    const company = await companyOf(t, DEMO.company_admin);
    const job = await db().selectFrom('jobs').select('id').where('company_id', '=', company).where('title_en', '=', 'Parcel sorting (early morning)').executeTakeFirstOrThrow();
    const day = tokyoDay(14);
    const plan = (extra: Record<string, string>) => ({
      _action: 'section:addShifts',
      plan_from: day,
      plan_to: day,
      plan_weekdays: [String(weekdayOf(day))],
      plan_slot1_start: '08:00',
      plan_slot1_end: '20:00',
      plan_slot2_start: '',
      plan_slot2_end: '',
      plan_slot3_start: '',
      plan_slot3_end: '',
      plan_capacity: '1',
      plan_break: '0',
      plan_wage: '',
      ...extra,
    });
    const noBreak = await post(`/v3/admin/jobs/${job.id}`, 'company_admin', plan({}));
    expect(noBreak.status).toBe(422);
    expect(noBreak.html).toContain('労働基準法第34条');
    // With 60 minutes the break is lawful, but ¥9,800 for 11 hours is 890/h, below Chiba's 1,140.
    const lowBasis = await post(`/v3/admin/jobs/${job.id}`, 'company_admin', plan({ plan_break: '60' }));
    expect(lowBasis.status).toBe(422);
    expect(lowBasis.html).toContain('千葉県の地域別最低賃金は');
    expect(lowBasis.html).toContain('時給換算で890円');
    // 05:00–10:00 at ¥9,800 is 1,960/h: added.
    const fine = await post(
      `/v3/admin/jobs/${job.id}`,
      'company_admin',
      plan({ plan_slot1_start: '05:00', plan_slot1_end: '10:00', plan_break: '0', plan_from: tokyoDay(21), plan_to: tokyoDay(21), plan_weekdays: String(weekdayOf(tokyoDay(21))) }),
    );
    expect(fine.status, fine.html.slice(0, 300)).toBe(303);
    // The job's rate cut to ¥5,000 would pay that 5-hour shift 1,000/h, below 1,140: refused at save.
    const current = await db().selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    const cut = await post(`/v3/admin/jobs/${job.id}`, 'company_admin', {
      ...(await jobForm({})),
      title_ja: current.title_ja,
      title_en: current.title_en,
      pay_type_id: String(current.pay_type_id),
      prefecture: current.prefecture,
      status: current.status,
      wage: '5000',
    });
    expect(cut.status).toBe(422);
    expect(cut.html).toContain('時給換算で1,000円');
    expect((await db().selectFrom('jobs').select('wage').where('id', '=', job.id).executeTakeFirstOrThrow()).wage).toBe(9800);
  });
});

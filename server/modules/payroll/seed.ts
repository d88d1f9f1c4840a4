/**
 * Demo money, for Sakura Staffing: last week (Sunday to Saturday) worked by three
 * workers — Tran Thi Mai on the evening kitchen job paid monthly (an overtime day running past
 * 22:00 and the Sunday, the statutory holiday), Jose Reyes on daily warehouse picking (a night
 * shift across midnight, 日額表 丙欄), Bikash Thapa on daily picking too (甲欄 with two dependants;
 * no bank account yet, so his transfer would fail). Jose's pay is approved and batched for transfer; Bikash's is approved; Tran Thi Mai has a
 * ¥5,000 advance the monthly run recovers. Bill rates on both jobs, and one invoice per client.
 */
import type { DB } from '../../db/connect.ts';
import { addDays, todayInJapan, weekdayOf } from '../../../shared/time.ts';
import { appliedBefore } from '../pipeline/seed.ts';
import { companyTree } from '../pipeline/statuses.ts';
import { createInvoices } from './invoices.ts';
import { createTransferBatch } from './ledger.ts';
import { transferDateFor } from './payday.ts';
import { syncPay } from './lines.ts';

export async function seedDemoMoney(db: DB, companyId: string): Promise<void> {
  const today = todayInJapan();
  const sunday = addDays(today, -weekdayOf(today) - 7);
  const day = (n: number) => addDays(sunday, n);
  const job = async (en: string, billRate: number, payMode: 'daily' | 'monthly') => {
    const j = await db.selectFrom('jobs').select(['id', 'client_id', 'wage']).where('company_id', '=', companyId).where('title_en', '=', en).executeTakeFirstOrThrow();
    await db.updateTable('jobs').set({ bill_rate: billRate, pay_mode: payMode }).where('id', '=', j.id).execute();
    return j;
  };
  const kitchen = await job('Kitchen assistant (evening)', 1_700, 'monthly');
  const picking = await job('Warehouse picking (daily pay)', 1_850, 'daily');
  const tree = await companyTree(db, companyId);
  const attendanceStatus = tree.find((s) => s.name_en === 'Attendance')?.id;
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['worker1@demo.test', 'worker2@demo.test', 'worker3@demo.test']).execute();
  const who = (email: string) => users.find((u) => u.email === email)!.id;

  const worked = async (email: string, j: { id: string; client_id: string }, date: string, start: string, end: string, breakMinutes: number) => {
    const shift = await db
      .insertInto('job_daily_shifts')
      .values({ job_id: j.id, date, start_time: start, end_time: end, break_minutes: breakMinutes, capacity: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const endDate = end <= start ? addDays(date, 1) : date;
    const clockOut = new Date(`${endDate}T${end}:00+09:00`);
    // Applied for three days before the shift, at 10:00; the row last changed when the attendance was recorded.
    const app = await db
      .insertInto('applications')
      .values({
        job_id: j.id,
        shift_id: shift.id,
        candidate_id: who(email),
        company_id: companyId,
        client_id: j.client_id,
        ...(attendanceStatus ? { candidate_status_id: attendanceStatus } : {}),
        created_at: appliedBefore(date),
        updated_at: clockOut,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('job_daily_shifts')
      .set((eb) => ({ filled: eb('filled', '+', 1) }))
      .where('id', '=', shift.id)
      .execute();
    await db
      .insertInto('attendance')
      .values({
        application_id: app.id,
        company_id: companyId,
        shift_id: shift.id,
        status: 'present',
        clock_in: new Date(`${date}T${start}:00+09:00`),
        clock_out: clockOut,
        break_minutes: breakMinutes,
        recorded_by: null,
        recorded_by_name: 'Tsunagu',
        created_at: clockOut,
        updated_at: clockOut,
      })
      .execute();
  };
  // Tran, monthly: the Sunday (statutory holiday), a 10-hour Monday into the late night, a Tuesday.
  await worked('worker1@demo.test', kitchen, day(0), '10:00', '16:00', 60);
  await worked('worker1@demo.test', kitchen, day(1), '13:00', '23:00', 60);
  await worked('worker1@demo.test', kitchen, day(2), '17:00', '22:00', 0);
  // Jose, daily: Wednesday night into Thursday morning, and a Friday morning.
  await worked('worker2@demo.test', picking, day(3), '22:00', '06:00', 60);
  await worked('worker2@demo.test', picking, day(5), '09:00', '13:00', 0);
  // Bikash, daily: Thursday and Saturday.
  await worked('worker3@demo.test', picking, day(4), '09:00', '18:00', 60);
  await worked('worker3@demo.test', picking, day(6), '09:00', '14:00', 0);

  await db
    .updateTable('companies')
    .set({
      registration_number: 'T9234567890123',
      transfer_requester_code: '1234567890',
      transfer_requester_name: 'ｻｸﾗｽﾀﾂﾌｲﾝｸﾞ(ｶ',
      transfer_bank_code: '0001',
      transfer_bank_name: 'ﾐｽﾞﾎ',
      transfer_branch_code: '001',
      transfer_branch_name: 'ﾄｳｷﾖｳ',
      transfer_account_type: 1,
      transfer_account_number: '1234567',
    })
    .where('id', '=', companyId)
    .execute();
  await db
    .insertInto('bank_accounts')
    .values([
      {
        user_id: who('worker1@demo.test'),
        bank_code: '0005',
        bank_name: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ',
        branch_code: '135',
        branch_name: 'ｼﾝｼﾞﾕｸ',
        account_type: 1,
        account_number: '7654321',
        holder_kana: 'ﾁﾔﾝ ﾃｲ ﾏｲ',
      },
      { user_id: who('worker2@demo.test'), bank_code: '0009', bank_name: 'ﾐﾂｲｽﾐﾄﾓ', branch_code: '210', branch_name: 'ｶﾜｸﾞﾁ', account_type: 1, account_number: '0012345', holder_kana: 'ﾚｲｴｽ ﾎｾ' },
    ])
    .execute();

  // Jose the week before: a 日給 day (parcel sorting, ¥9,800 for 05:00–10:00) and a Saturday night
  // into Sunday, the statutory holiday (the hours after midnight are holiday work).
  const sorting = await job('Parcel sorting (early morning)', 2_200, 'daily');
  await worked('worker2@demo.test', sorting, day(-3), '05:00', '10:00', 0);
  await worked('worker2@demo.test', picking, day(-1), '22:00', '06:00', 60);

  // What the company recorded for pay (the staff registry, docs/payroll.md "The person's payroll
  // record"): Tran has not filed the 扶養控除等申告書 (乙欄: her monthly run on the 月額表) and works 15 hours a week (no insurance); Jose is a day hire (日額表 丙欄);
  // Bikash is on a contract of more than two months and filed the 申告書 with two dependants
  // (日額表 甲欄, two dependants), no weekly hours recorded (no insurance).
  await db.updateTable('companies').set({ insurance_prefecture: '13' }).where('id', '=', companyId).execute();
  const payroll = [
    { email: 'worker1@demo.test', name: 'TRAN THI MAI', nationality: 'VN', employment_term: 'longer', weekly_hours: 15 },
    { email: 'worker2@demo.test', name: 'JOSE REYES', nationality: 'PH', employment_term: 'days30', weekly_hours: null },
    { email: 'worker3@demo.test', name: 'BIKASH THAPA', nationality: 'NP', employment_term: 'longer', weekly_hours: null, tax_form_filed: true, dependents: 2 },
  ] as const;
  for (const p of payroll) {
    await db
      .insertInto('staff')
      .values({
        company_id: companyId,
        name: p.name,
        email: p.email,
        nationality: p.nationality,
        person_user_id: who(p.email),
        employment_term: p.employment_term,
        weekly_hours: p.weekly_hours,
        ...('tax_form_filed' in p ? { tax_form_filed: p.tax_form_filed, dependents: p.dependents } : {}),
      })
      .execute();
  }

  for (const email of ['worker1@demo.test', 'worker2@demo.test', 'worker3@demo.test']) await syncPay(db, companyId, who(email));

  // Daily pay approved; Jose's batched for transfer.
  const approved = await db.updateTable('pay_lines').set({ status: 'approved' }).where('company_id', '=', companyId).where('mode', '=', 'daily').returning(['id', 'user_id']).execute();
  const actor = await db.selectFrom('users').select(['id', 'name']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
  await createTransferBatch(
    db,
    actor,
    companyId,
    approved.filter((l) => l.user_id === who('worker2@demo.test')).map((l) => l.id),
    transferDateFor(new Date(), '15:00'),
  );
  // Tran's advance, transferred (5,000 yen at 3% is 150, under the smallest fee of 330: net 4,670);
  // the draft monthly run recovers it.
  await db
    .insertInto('advances')
    .values({ company_id: companyId, user_id: who('worker1@demo.test'), amount: 5_000, fee: 330, net: 4_670, status: 'transferred', requested_on: day(3), decided_by_name: actor.name })
    .execute();
  // And a request of ¥3,000 waiting for the company's approval (within what she may draw).
  await db
    .insertInto('advances')
    .values({ company_id: companyId, user_id: who('worker1@demo.test'), amount: 3_000, fee: 330, net: 2_670, status: 'requested', requested_on: day(5) })
    .execute();
  await syncPay(db, companyId, who('worker1@demo.test'));
  // One invoice per client for the month that holds last Saturday. The clients close their billing
  // on last Saturday's day of the month, so the demo's periods have ended and its invoices can be issued.
  await db
    .updateTable('clients')
    .set({ billing_closing_day: Number(day(6).slice(8, 10)) })
    .where('company_id', '=', companyId)
    .execute();
  await createInvoices(db, actor, companyId, day(6).slice(0, 7));
}

/**
 * The demo bells (SPEC §3 notification state): a few notifications and document notices per
 * back-office user, each about what its reader's tenant may see and each about a row the demo
 * holds, written as the app writes them (docs/notifications.md). Sakura's people and the platform
 * read of Siti Rahma's application and interview, the worked kitchen shift at Tokyo Food Service,
 * Maria Santos's card and a contract; Tokyo Food Service's users only of the shift at its own place;
 * Minato's of a banquet shift at Osaka Hotels, a card in its registry and a contract. Kanto
 * Logistics' users read none. Stored as catalogue keys, so each reader sees them in their own language.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import type { DemoCompanies } from '../../feature.ts';
import { dateText } from '../../../shared/format.ts';
import { msg } from '../../../shared/messages.ts';
import { addDays, clockInJapan, todayInJapan } from '../../../shared/time.ts';
import { inBoth } from '../../resources/define.ts';
import { CARD_ALERT_DAYS } from '../pipeline/reminders.ts';
import { PIPELINE_DEMO_CANDIDATE } from '../pipeline/seed.ts';
import { notificationRow, type NotificationMessage } from './service.ts';

type Dated = NotificationMessage & { at: Date; read?: boolean };

/** A shift as the bell names it: "25 Nov (Tue) 17:00–22:00" / "11月25日(火) 17:00〜22:00". */
const shiftWhen = (s: { date: string; start: string; end: string }) => inBoth((lang) => msg(lang, 'notify.shiftWhen', { date: dateText(s.date, lang), start: s.start, end: s.end }));

export async function seedDemoNotifications(db: DB, demo: DemoCompanies): Promise<void> {
  const today = todayInJapan();
  const clientName = async (id: string) => {
    const c = await db.selectFrom('clients').select(['name', 'name_en']).where('id', '=', id).executeTakeFirstOrThrow();
    return { ja: c.name, en: c.name_en || c.name };
  };
  const shiftOf = (q: { jobEn: string; candidate?: string; last: boolean }) => {
    let s = db
      .selectFrom('job_daily_shifts as s')
      .innerJoin('jobs as j', 'j.id', 's.job_id')
      .select(['s.date', sql<string>`to_char(s.start_time, 'HH24:MI')`.as('start'), sql<string>`to_char(s.end_time, 'HH24:MI')`.as('end'), 'j.client_id'])
      .where('j.title_en', '=', q.jobEn);
    if (q.candidate)
      s = s.where(({ exists, selectFrom }) =>
        exists(selectFrom('applications as a').innerJoin('users as u', 'u.id', 'a.candidate_id').select('a.id').whereRef('a.shift_id', '=', 's.id').where('u.email', '=', q.candidate!)),
      );
    return s
      .orderBy('s.date', q.last ? 'desc' : 'asc')
      .orderBy('s.start_time', q.last ? 'desc' : 'asc')
      .executeTakeFirstOrThrow();
  };

  // Sakura: Siti Rahma's application to the café and her interview (server/modules/pipeline/seed.ts).
  const siti = await db.selectFrom('users').select(['id', 'name']).where('email', '=', PIPELINE_DEMO_CANDIDATE.email).executeTakeFirstOrThrow();
  const interview = await db
    .selectFrom('interviews as i')
    .innerJoin('applications as a', 'a.id', 'i.application_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 'a.created_at as applied', 'i.created_at', 'i.starts_at', 'i.online_url', 'j.title_ja', 'j.title_en'])
    .where('a.candidate_id', '=', siti.id)
    .where('a.company_id', '=', demo.company)
    .executeTakeFirstOrThrow();
  const link = `/admin/candidate/${interview.id}`;
  const startsAt = { date: todayInJapan(interview.starts_at), time: clockInJapan(interview.starts_at) };
  // The kitchen evening Tran Thi Mai worked last week at Tokyo Food Service (server/modules/payroll/seed.ts), confirmed two hours after she applied.
  const kitchen = await shiftOf({ jobEn: 'Kitchen assistant (evening)', candidate: 'worker1@demo.test', last: true });
  const shiftAtTokyoFood: Dated = {
    key: 'notify.shiftConfirmed',
    params: { when: shiftWhen(kitchen) },
    body: await clientName(kitchen.client_id),
    link: '/admin/shift',
    at: new Date(`${addDays(kitchen.date, -3)}T12:00:00+09:00`),
  };
  // Maria Santos's card (candidate2, who applied to Sakura), at the threshold the reminders would
  // announce it at; the alert is recorded as sent, so the reminders do not say it again.
  const maria = await db
    .selectFrom('users as u')
    .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.name', sql<string>`to_char(p.visa_expiry, 'YYYY-MM-DD')`.as('expiry'), sql<number>`p.visa_expiry - ${today}::date`.as('days')])
    .where('u.email', '=', 'candidate2@demo.test')
    .executeTakeFirstOrThrow();
  const threshold = Math.min(...CARD_ALERT_DAYS.filter((d) => maria.days <= d));
  await db.insertInto('residence_alerts').values({ user_id: maria.id, company_id: demo.company, expiry: maria.expiry, threshold }).execute();
  const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);
  const sakuras: Dated[] = [
    { key: 'notify.newApplication', params: { job: { ja: interview.title_ja, en: interview.title_en } }, body: siti.name, link, at: interview.applied },
    {
      key: 'notify.interviewScheduled',
      params: {
        when: inBoth((lang) => {
          const when = `${dateText(startsAt.date, lang)} ${startsAt.time}`;
          return interview.online_url ? msg(lang, 'notify.whenOnline', { when }) : when;
        }),
      },
      body: siti.name,
      link,
      // Scheduled in the same moment as she applied (both at the seed): told just after.
      at: new Date(Math.max(interview.applied.getTime(), interview.created_at.getTime()) + 1_000),
    },
    { ...shiftAtTokyoFood, read: true },
    { type: 2, key: 'notify.cardExpiresIn', params: { name: maria.name, days: maria.days }, body: maria.expiry, link: '/admin/candidate', at: hoursAgo(2) },
    { type: 2, key: 'notify.contractReceived', params: { client: await clientName(demo.clients.c1a) }, at: hoursAgo(5) },
  ];

  // Minato: its next banquet shift at Osaka Hotels, the card of its registry's Aung Kyaw Min, a contract.
  const banquet = await shiftOf({ jobEn: 'Banquet staff', last: false });
  const aung = await db
    .selectFrom('staff')
    .select(['name', sql<string>`to_char(visa_expiry, 'YYYY-MM-DD')`.as('expiry'), sql<number>`visa_expiry - ${today}::date`.as('days')])
    .where('company_id', '=', demo.companies.c2)
    .where('name', '=', 'AUNG KYAW MIN')
    .executeTakeFirstOrThrow();
  const minatos: Dated[] = [
    { key: 'notify.shiftConfirmed', params: { when: shiftWhen(banquet) }, body: await clientName(banquet.client_id), link: '/admin/shift', at: hoursAgo(1) },
    { type: 2, key: 'notify.cardExpiresIn', params: { name: 'Aung Kyaw Min', days: aung.days }, body: aung.expiry, at: hoursAgo(2) },
    { type: 2, key: 'notify.contractReceived', params: { client: await clientName(demo.clients.c2a) }, at: hoursAgo(3) },
  ];

  const staff = await db.selectFrom('users').select(['id', 'company_id', 'client_id']).where('role', '!=', 'candidate').execute();
  const notesOf = (u: (typeof staff)[number]): Dated[] =>
    u.client_id
      ? u.client_id === demo.clients.c1a
        ? [shiftAtTokyoFood]
        : []
      : u.company_id === null || u.company_id === demo.companies.c1
        ? sakuras
        : u.company_id === demo.companies.c2
          ? minatos
          : [];
  const rows = staff.flatMap((u) => notesOf(u).map(({ at, read, ...n }) => ({ ...notificationRow(u.id, n), is_read: read === true, created_at: at })));
  if (rows.length) await db.insertInto('notifications').values(rows).execute();
}

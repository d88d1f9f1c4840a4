/**
 * The reminders the pipeline sends on its own (docs/pipeline.md):
 *
 * - **kakunin**: an application still on the kakunin list whose shift starts within the company's
 *   `shift.reminder_hours` (app setting, default 24) asks the candidate, once, to confirm — the
 *   `kakunin_request` chat note and mail;
 * - **interviews**: a scheduled interview starting within 24 hours reminds the candidate, once —
 *   `interview_reminder`;
 * - **residence cards**: the companies a person applied to hear in the bell when the card is within
 *   90, 60 and 30 days of expiry, and when it has expired (residence_alerts keeps each once).
 *
 * Each reminder is claimed with one UPDATE (`kakunin_reminded_at`, `reminded_at`) before it is sent,
 * so any number of processes may run the scheduler and each reminder goes out once. A reminder
 * whose sending fails is logged and not retried (the candidate still sees the request on
 * /staff/applications and in the chat history of the move).
 */
import { repeatEvery } from '../../repeat.ts';
import { sql } from 'kysely';
import { DEFAULT_LANG, isLang, pickLang, type Lang } from '../../../shared/i18n.ts';
import { dateText } from '../../../shared/format.ts';
import { interviewTimeText } from './interviews.ts';
import { postNotice } from '../../chat/post.ts';
import { composeMail, type MailKey } from '../templates/mail.ts';
import type { AnnounceDeps } from './announce.ts';
import { shiftAttachment, type ShiftRow } from './calendar.ts';
import { notifyCompanyStaff, notifyUser } from '../notifications/service.ts';
import { todayInJapan } from '../../../shared/time.ts';

const INTERVIEW_AHEAD_HOURS = 24;

interface Due {
  id: string;
  company_id: string;
  name: string;
  email: string;
  lang: string;
  active: boolean;
  company: string;
  company_en: string;
  title_ja: string;
  title_en: string;
  conversation_id: string | null;
}

/** `shift`: the shift the mail asks about, attached for the candidate's calendar (a kakunin reminder). */
async function tell(deps: AnnounceDeps, key: MailKey & ('kakunin_request' | 'interview_reminder'), r: Due, extra: { date: string; link: string }, noteKey: string, shift?: ShiftRow) {
  const lang: Lang = isLang(r.lang) ? r.lang : DEFAULT_LANG;
  const vars = { name: r.name, company: pickLang(lang, r.company, r.company_en), job: pickLang(lang, r.title_ja, r.title_en), ...extra };
  try {
    if (r.conversation_id) {
      const note = await composeMail(deps.db, `${key}_chat`, { companyId: r.company_id, lang, vars });
      await postNotice(deps.db, deps.bus, r.conversation_id, note.text, noteKey);
    }
    if (r.active)
      await deps.mailer.send({ to: r.email, ...(await composeMail(deps.db, key, { companyId: r.company_id, lang, vars })), ...(shift ? { attachments: shiftAttachment(lang, shift, vars) } : {}) });
  } catch (err) {
    deps.log.warn({ err, key, id: r.id }, 'a reminder could not be sent');
  }
}

/** Sends what is due at `now`; how many kakunin and interview reminders it claimed. */
export async function runReminders(deps: AnnounceDeps, now: Date = new Date()): Promise<{ kakunin: number; interviews: number; cards: number }> {
  const kakunin = await sql<Due & ShiftRow & { candidate_id: string; date: string; start_time: string }>`
    update applications a set kakunin_reminded_at = ${now}
    from candidate_statuses st, job_daily_shifts s, users u, companies co, jobs j
    where st.id = a.candidate_status_id and st.list = 'kakunin'
      and s.id = a.shift_id and u.id = a.candidate_id and co.id = a.company_id and j.id = a.job_id
      and a.kakunin_reminded_at is null
      and ((s.date + s.start_time) at time zone 'Asia/Tokyo') > ${now}
      and ((s.date + s.start_time) at time zone 'Asia/Tokyo') <= ${now}::timestamptz + make_interval(hours => coalesce(
        (select nullif(regexp_replace(v.value, '[^0-9]', '', 'g'), '')::int from app_settings v
          where v.key = 'shift.reminder_hours' and (v.company_id = a.company_id or v.company_id is null)
          order by v.company_id nulls last limit 1), 24))
    returning a.id, a.company_id, a.candidate_id, u.name, u.email, u.lang, u.active, co.name as company, co.name_en as company_en, j.title_ja, j.title_en,
      to_char(s.date, 'YYYY-MM-DD') as date, to_char(s.start_time, 'HH24:MI') as start_time, to_char(s.end_time, 'HH24:MI') as end_time,
      j.prefecture, j.city, j.city_en, j.station, j.station_en,
      (select c.id from conversations c where c.application_id = a.id limit 1) as conversation_id`.execute(deps.db);
  for (const r of kakunin.rows) {
    const lang: Lang = isLang(r.lang) ? r.lang : DEFAULT_LANG;
    await tell(deps, 'kakunin_request', r, { date: `${dateText(r.date, lang)} ${r.start_time}`, link: deps.publicUrl('/staff/applications') }, `kakunin-reminder:${r.id}`, r);
    await notifyUser(deps.db, deps.bus, r.candidate_id, {
      key: 'notify.shiftReminder',
      params: { job: { ja: r.title_ja, en: r.title_en }, time: { ja: `${dateText(r.date, 'ja')} ${r.start_time}`, en: `${dateText(r.date, 'en')} ${r.start_time}` } },
      link: '/staff/applications',
    });
  }

  const interviews = await sql<Due & { starts_at: Date; minutes: number; place: string; online_url: string }>`
    update interviews i set reminded_at = ${now}
    from applications a, users u, companies co, jobs j
    where a.id = i.application_id and u.id = a.candidate_id and co.id = a.company_id and j.id = a.job_id
      and i.status = 'scheduled' and i.reminded_at is null
      and i.starts_at > ${now} and i.starts_at <= ${now}::timestamptz + make_interval(hours => ${INTERVIEW_AHEAD_HOURS})
      -- Scheduled within the last hour: the invitation has just said it all.
      and i.created_at < ${now}::timestamptz - interval '1 hour'
    returning i.id, a.company_id, u.name, u.email, u.lang, u.active, co.name as company, co.name_en as company_en, j.title_ja, j.title_en,
      i.starts_at, i.minutes, i.place, i.online_url,
      (select c.id from conversations c where c.application_id = a.id limit 1) as conversation_id`.execute(deps.db);
  for (const r of interviews.rows) {
    const lang: Lang = isLang(r.lang) ? r.lang : DEFAULT_LANG;
    await tell(deps, 'interview_reminder', r, { date: interviewTimeText(lang, r.starts_at, r.minutes), link: r.online_url || r.place }, `interview-reminder:${r.id}`);
  }
  const cards = await residenceAlerts(deps, now);
  return { kakunin: kakunin.rows.length, interviews: interviews.rows.length, cards };
}

/** Days before a residence card's expiry at which the companies a person applied to are told (0: expired). */
export const CARD_ALERT_DAYS = [90, 60, 30, 0] as const;

/**
 * Residence cards expiring: every company a person has an open application with hears, in the
 * bell, when the card is within 90, 60 and 30 days of expiry and when it has expired — each
 * threshold once per company and card (a renewed card's new expiry starts again).
 */
async function residenceAlerts(deps: AnnounceDeps, now: Date): Promise<number> {
  const today = todayInJapan(now);
  const due = await sql<{ user_id: string; company_id: string; expiry: string; threshold: number; name: string; days: number }>`
    insert into residence_alerts (user_id, company_id, expiry, threshold)
    select distinct p.user_id, a.company_id, p.visa_expiry, t.threshold
    from candidate_profiles p
    join applications a on a.candidate_id = p.user_id
    join candidate_statuses st on st.id = a.candidate_status_id
    cross join (values ${sql.join(CARD_ALERT_DAYS.map((d) => sql`(${d}::int)`))}) as t(threshold)
    where p.visa_expiry is not null
      and p.visa_expiry - ${today}::date <= t.threshold
      -- Only the nearest threshold reached (a card found at 20 days left is not also "90 days").
      and not exists (select 1 from (values ${sql.join(CARD_ALERT_DAYS.map((d) => sql`(${d}::int)`))}) as n(d) where n.d < t.threshold and p.visa_expiry - ${today}::date <= n.d)
      -- Closed applications (rejected, withdrawn: leaves of a root) are no longer the company's concern.
      and not (st.parent_id is not null and not exists (select 1 from candidate_statuses ch where ch.parent_id = st.id)
               and exists (select 1 from candidate_statuses r where r.id = st.parent_id and r.parent_id is null))
    on conflict do nothing
    returning user_id, company_id, to_char(expiry, 'YYYY-MM-DD') as expiry, threshold,
      (select u.name from users u where u.id = user_id) as name,
      (expiry - ${today}::date) as days`.execute(deps.db);
  for (const r of due.rows) {
    const expired = r.days < 0 || r.threshold === 0;
    await notifyCompanyStaff(deps.db, deps.bus, r.company_id, {
      type: 2,
      ...(expired ? { key: 'notify.cardExpired' as const, params: { name: r.name } } : { key: 'notify.cardExpiresIn' as const, params: { name: r.name, days: r.days } }),
      body: r.expiry,
      link: '/admin/candidate',
    });
  }
  return due.rows.length;
}

/** Runs the reminders every `intervalMs` in this process (several processes may: claims keep them single). */
export function startReminderScheduler(deps: AnnounceDeps, intervalMs: number): { stop(): Promise<void> } {
  return repeatEvery(
    intervalMs,
    () => runReminders(deps),
    (err) => deps.log.warn({ err }, 'the reminder scheduler failed'),
  );
}

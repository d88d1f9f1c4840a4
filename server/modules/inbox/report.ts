/**
 * The inbox report (docs/inbox.md): per staff member and week (Monday to Sunday in Japan), how
 * fast candidates got a first answer and how long conversations took to resolve.
 *
 * - A *first response* answers a candidate's wait: a candidate message that follows a message of
 *   the company (or opens the conversation) starts it; the next message written by a person of
 *   the company ends it, and counts for that person in the week of the answer. The chatbot's
 *   answers neither end a wait nor start a new one.
 * - A *resolution* runs from the conversation's opening (its creation, or the last reopening
 *   before) to its being resolved, and counts for whoever resolved it in that week.
 *
 * Medians, not averages, lead: one weekend wait would otherwise hide a week of quick answers.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { visibleTo, type Qb, type Viewer } from '../../chat/queries.ts';
import { addDays, mondayOf } from '../../../shared/time.ts';
import type { InboxReportRow } from '../../../shared/inbox-report.ts';

export const MAX_REPORT_WEEKS = 26;

/** The Monday (YYYY-MM-DD) of the week `weeks - 1` weeks before the one holding `today`. */
export const reportStart = (today: string, weeks: number): string => addDays(mondayOf(today), -7 * (weeks - 1));

export async function inboxReport(db: Kysely<Database>, viewer: Viewer, today: string, weeks: number): Promise<InboxReportRow[]> {
  if (viewer.candidate) return [];
  const from = reportStart(today, Math.min(Math.max(1, Math.trunc(weeks)), MAX_REPORT_WEEKS));
  const visible = visibleTo(db.selectFrom('conversations as c').leftJoin('jobs as j', 'j.id', 'c.job_id') as unknown as Qb, viewer, ['daily', 'other', 'support']).select('c.id');
  const since = sql`(${from}::date::timestamp at time zone 'Asia/Tokyo')`;
  const week = (col: string) => sql`to_char(date_trunc('week', ${sql.ref(col)} at time zone 'Asia/Tokyo'), 'YYYY-MM-DD')`;
  const { rows } = await sql<{
    week: string;
    staff_id: string;
    staff_name: string | null;
    responses: string;
    response_median: number | null;
    response_avg: number | null;
    resolutions: string;
    resolution_median: number | null;
  }>`
    with convs as (${visible}),
    people as (
      select m.conversation_id, m.seq, m.sender_role, m.created_at,
             lag(m.sender_role) over (partition by m.conversation_id order by m.seq) as prev_role
      from messages m
      where m.conversation_id in (select id from convs) and m.sender_role <> 'bot' and m.created_at >= ${since} - interval '30 days'
    ),
    answers as (
      select a.sender_id as staff_id, a.created_at as answered_at, a.created_at - w.created_at as took
      from people w
      cross join lateral (
        select r.sender_id, r.created_at from messages r
        where r.conversation_id = w.conversation_id and r.seq > w.seq and r.sender_role = 'staff'
        order by r.seq limit 1
      ) a
      where w.sender_role = 'candidate' and (w.prev_role is null or w.prev_role <> 'candidate') and a.created_at >= ${since} and a.sender_id is not null
    ),
    resolved as (
      select e.actor_id as staff_id, e.created_at as resolved_at,
             e.created_at - greatest(c.created_at, coalesce((
               select max(o.created_at) from conversation_events o
               where o.conversation_id = e.conversation_id and o.kind = 'reopened' and o.created_at < e.created_at), c.created_at)) as took
      from conversation_events e
      join conversations c on c.id = e.conversation_id
      where e.kind = 'resolved' and e.created_at >= ${since} and e.actor_id is not null and e.conversation_id in (select id from convs)
    ),
    a as (
      select ${week('answered_at')} as week, staff_id, count(*) as responses,
             percentile_cont(0.5) within group (order by extract(epoch from took)) as response_median,
             avg(extract(epoch from took)) as response_avg
      from answers group by 1, 2
    ),
    r as (
      select ${week('resolved_at')} as week, staff_id, count(*) as resolutions,
             percentile_cont(0.5) within group (order by extract(epoch from took)) as resolution_median
      from resolved group by 1, 2
    )
    select coalesce(a.week, r.week) as week, coalesce(a.staff_id, r.staff_id) as staff_id, u.name as staff_name,
           coalesce(a.responses, 0) as responses, a.response_median, a.response_avg,
           coalesce(r.resolutions, 0) as resolutions, r.resolution_median
    from a full join r on r.week = a.week and r.staff_id = a.staff_id
    left join users u on u.id = coalesce(a.staff_id, r.staff_id)
    order by 1 desc, 3, 2`.execute(db);
  const round = (n: number | null) => (n === null ? null : Math.round(Number(n)));
  return rows.map((r) => ({
    week: r.week,
    staffId: r.staff_id,
    staffName: r.staff_name ?? '',
    responses: Number(r.responses),
    responseMedianSeconds: round(r.response_median),
    responseAverageSeconds: round(r.response_avg),
    resolutions: Number(r.resolutions),
    resolutionMedianSeconds: round(r.resolution_median),
  }));
}

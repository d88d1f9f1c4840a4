/**
 * What the pipeline's pages read (docs/pipeline.md): an application's record for the back office
 * (the applicant, the job, the shift, the chat, the history, interviews, documents) and a
 * candidate's own applications.
 */
import { JOB_PLACE } from '../jobs/repo.ts';
import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { clockText } from '../../db/columns.ts';
import { notClosed } from '../templates/status-tree.ts';

/**
 * Applications (`a`) with their candidate (`u`), profile (`p`) and visa (`v`), job (`j`), client
 * (`cl`), shift (`s`), conversation (`c`) and attendance (`at`): what an application's record and
 * the applicants list read.
 */
export function applicationsJoined(db: DB) {
  return db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .innerJoin('clients as cl', 'cl.id', 'a.client_id')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'a.candidate_id')
    .leftJoin('visa_types as v', 'v.id', 'p.visa_type_id')
    .leftJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .leftJoin('conversations as c', 'c.application_id', 'a.id')
    .leftJoin('attendance as at', 'at.application_id', 'a.id');
}

/** Applications (`a`) with their candidate (`u`), company (`co`) and job (`j`): whom a notice about one goes to, and what it names. */
export function applicationsWithParties(db: DB) {
  return db.selectFrom('applications as a').innerJoin('users as u', 'u.id', 'a.candidate_id').innerJoin('companies as co', 'co.id', 'a.company_id').innerJoin('jobs as j', 'j.id', 'a.job_id');
}

/** Attendance records (`t`) with their application (`a`) and its job (`j`), and the shift (`s`) when the record has one: the work that pay, invoices and the Romuten sync read. */
export function attendanceWithJob(db: DB) {
  return db.selectFrom('attendance as t').innerJoin('applications as a', 'a.id', 't.application_id').innerJoin('jobs as j', 'j.id', 'a.job_id').leftJoin('job_daily_shifts as s', 's.id', 't.shift_id');
}

/** An application with its candidate, profile, job, client, shift, conversation and attendance. */
export function applicationRecord(db: DB, applicationId: string) {
  return applicationsJoined(db)
    .select([
      'a.id',
      'a.candidate_id',
      'a.company_id',
      'a.candidate_status_id',
      'a.dispatch',
      'a.created_at',
      'a.updated_at',
      'u.name',
      'u.email',
      'p.phone',
      'p.nationality',
      'p.visa_expiry',
      'p.languages',
    ])
    .select(['v.ja as visa_ja', 'v.en as visa_en', 'j.id as job_id', 'j.kind', 'j.title_ja', 'j.title_en', 'cl.name as client', 'cl.name_en as client_en'])
    .select(['s.date', 's.start_time', 's.end_time', 'c.id as conversation_id'])
    .select(['at.status as at_status', 'at.clock_in', 'at.clock_out', 'at.break_minutes', 'at.recorded_by_name'])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
}

/** A conversation's latest 20 messages with their senders' names, newest first. */
export function latestMessages(db: DB, conversationId: string) {
  return db
    .selectFrom('messages as m')
    .leftJoin('users as mu', 'mu.id', 'm.sender_id')
    .select(['m.seq', 'm.sender_role', 'mu.name as sender_name', 'm.content', 'm.message_type', 'm.created_at'])
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.seq', 'desc')
    .limit(20)
    .execute();
}

/** An application's latest 50 audit entries, newest first. */
export function applicationHistory(db: DB, applicationId: string) {
  return db.selectFrom('audit_log').select(['at', 'actor_name', 'changes']).where('entity', '=', 'application').where('entity_id', '=', applicationId).orderBy('id', 'desc').limit(50).execute();
}

/** An application's interviews, latest first. */
export function interviewsOfApplication(db: DB, applicationId: string) {
  return db
    .selectFrom('interviews')
    .select(['id', 'starts_at', 'minutes', 'place', 'online_url', 'interviewers', 'status'])
    .where('application_id', '=', applicationId)
    .orderBy('starts_at', 'desc')
    .execute();
}

/**
 * One person (docs/workforce.md): the documents of the company's registry row linked to the
 * application's candidate, or, not yet linked, of the one with the same e-mail.
 */
export function applicantDocuments(db: DB, applicationId: string, email: string) {
  return db
    .selectFrom('staff_documents as d')
    .innerJoin('staff as st', 'st.id', 'd.staff_id')
    .innerJoin('applications as ap', 'ap.company_id', 'st.company_id')
    .select(['d.kind', 'd.number', 'd.expires_on', 'd.note', 'st.id as staff_id'])
    .where('ap.id', '=', applicationId)
    .where(sql<boolean>`(st.person_user_id = ap.candidate_id or lower(st.email) = lower(${email}))`)
    .orderBy('d.created_at')
    .execute();
}

/** A shift's start (or end) as an instant: its date and time of day are wall-clock times in Japan. */
const shiftStartsAt = sql<Date>`((s.date + s.start_time) at time zone 'Asia/Tokyo')`;
/** An end at or before the start is on the next day (a night shift). */
const shiftEndsAt = sql<Date>`((s.date + s.end_time + case when s.end_time <= s.start_time then interval '1 day' else interval '0 day' end) at time zone 'Asia/Tokyo')`;

/**
 * The person's scheduled interviews with the company whose time (start plus length) overlaps the
 * time of one of their shifts with it; a shift counts while its application is not closed
 * (rejected, withdrawn: a leaf right under a root).
 */
export function interviewClashes(db: DB, candidateId: string, companyId: string) {
  return db
    .selectFrom('interviews as i')
    .innerJoin('applications as ia', 'ia.id', 'i.application_id')
    .innerJoin('applications as sa', (j) => j.onRef('sa.candidate_id', '=', 'ia.candidate_id').onRef('sa.company_id', '=', 'i.company_id'))
    .innerJoin('job_daily_shifts as s', 's.id', 'sa.shift_id')
    .innerJoin('jobs as j', 'j.id', 'sa.job_id')
    .select(['i.id as interview_id', 'i.starts_at', 'i.minutes', 's.date', 'j.title_ja', 'j.title_en'])
    .select([clockText('s.start_time').as('start_time'), clockText('s.end_time').as('end_time')])
    .where('ia.candidate_id', '=', candidateId)
    .where('i.company_id', '=', companyId)
    .where('i.status', '=', 'scheduled')
    .where(sql<boolean>`i.starts_at < ${shiftEndsAt}`)
    .where(sql<boolean>`i.starts_at + make_interval(mins => i.minutes) > ${shiftStartsAt}`)
    .where(notClosed('sa.candidate_status_id'))
    .orderBy('i.starts_at')
    .orderBy('s.date')
    .execute();
}

/** The candidate's latest 200 applications with job, shift, status (and whether it can be confirmed), chat and attendance. */
export function candidateApplications(db: DB, candidateId: string) {
  return (
    db
      .selectFrom('applications as a')
      .innerJoin('jobs as j', 'j.id', 'a.job_id')
      .innerJoin('companies as co', 'co.id', 'a.company_id')
      .leftJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
      .innerJoin('candidate_statuses as st', 'st.id', 'a.candidate_status_id')
      .leftJoin('conversations as c', (j) => j.onRef('c.application_id', '=', 'a.id').on('c.candidate_id', '=', candidateId))
      .select(['a.id', 'a.job_id', 'j.kind', 'j.title_ja', 'j.title_en', 's.date', 's.start_time', 's.end_time', 'st.name_ja', 'st.name_en', 'st.list', 'a.created_at', 'c.id as conversationId'])
      .select(['co.name as company_ja', 'co.name_en as company_en', ...JOB_PLACE])
      .select((eb) => eb.exists(eb.selectFrom('candidate_statuses as nx').select('nx.id').whereRef('nx.parent_id', '=', 'st.id').where('nx.list', '=', 'shukkin')).as('confirmable'))
      .leftJoin('attendance as at', 'at.application_id', 'a.id')
      .select(['at.clock_in', 'at.clock_out', 'at.status as attendance', 'at.break_minutes', 'at.recorded_by_name'])
      // The next interview the company scheduled that has not ended (the candidate's own page shows it).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('interviews as i')
            .select(['i.starts_at as interview_at', 'i.minutes as interview_minutes', 'i.place as interview_place', 'i.online_url as interview_url'])
            .whereRef('i.application_id', '=', 'a.id')
            .where('i.status', '=', 'scheduled')
            .where(sql<boolean>`i.starts_at + i.minutes * interval '1 minute' > now()`)
            .orderBy('i.starts_at')
            .limit(1)
            .as('iv'),
        (join) => join.onTrue(),
      )
      .select(['iv.interview_at', 'iv.interview_minutes', 'iv.interview_place', 'iv.interview_url'])
      .where('a.candidate_id', '=', candidateId)
      .orderBy('a.created_at', 'desc')
      .limit(200)
      .execute()
  );
}

/** One of the candidate's own applications with its list, shift day and attendance (what clocking in or out needs). */
export function candidateApplicationClock(db: DB, candidateId: string, applicationId: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('candidate_statuses as st', 'st.id', 'a.candidate_status_id')
    .leftJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .leftJoin('attendance as at', 'at.application_id', 'a.id')
    .select(['a.id', 'st.list', 's.date', 's.start_time', 's.end_time', 'at.clock_in', 'at.clock_out', 'at.status as attendance'])
    .where('a.id', '=', applicationId)
    .where('a.candidate_id', '=', candidateId)
    .executeTakeFirst();
}

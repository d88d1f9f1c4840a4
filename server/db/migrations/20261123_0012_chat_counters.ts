import { type Kysely, sql } from 'kysely';

/**
 * The chat lists at scale (docs/chat.md "Lists at scale"). The badges compared every
 * message of every conversation with the viewer's last seen seq: with 50,000 conversations and a
 * million messages they took a quarter of a second for a company and most of a second for the
 * platform. Now each conversation row carries, per side, its last seq, the time of its newest
 * message and how many messages that side has sent ("staff" counts the chatbot: the candidate's
 * other party). A company user has unread messages in a conversation when
 * `last_candidate_seq > coalesce(conversation_reads.last_seq, 0)`, and a never-read conversation's
 * unread count is `candidate_messages`: no message is read to answer either.
 *
 * Messages are only ever inserted (never updated; deleted only with their conversation), so one
 * statement-level trigger on insert keeps the counters right for every writer — the chat server,
 * the demo seed, tests, bulk loads — with one UPDATE per statement. It sets `last_message_at` too
 * (the newest inserted message's time, as the chat server did), so a stored message still
 * updates its conversation row once; the chat server already holds that row's lock.
 *
 * Indexes: each user's read marks; the platform's conversations newest first (no company to
 * narrow them by), with what the badges need; and a company's conversations by id, with the same,
 * so a company user's badges merge two index-only scans (the company's conversations, the user's
 * read marks) in conversation id order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // No message may land between the backfill and the trigger.
  await sql`lock table messages in share row exclusive mode`.execute(db);
  await sql`
    alter table conversations
      add column last_candidate_seq bigint not null default 0,
      add column last_candidate_at timestamptz,
      add column candidate_messages integer not null default 0,
      add column last_staff_seq bigint not null default 0,
      add column last_staff_at timestamptz,
      add column staff_messages integer not null default 0
  `.execute(db);
  await sql`create function${countMessagesBody}`.execute(db);
  await sql`
    create trigger messages_conversation_counters
    after insert on messages referencing new table as inserted
    for each statement execute function conversations_count_messages()`.execute(db);
  // The messages already stored: the same sums, once (last_message_at is already right).
  await sql`
    update conversations c set
      last_candidate_seq = n.candidate_seq, last_candidate_at = n.candidate_at, candidate_messages = n.candidates,
      last_staff_seq = n.staff_seq, last_staff_at = n.staff_at, staff_messages = n.staff
    from (
      select conversation_id, ${sideSums}
      from messages
      group by conversation_id
    ) n
    where c.id = n.conversation_id`.execute(db);
  await sql`
    create index conversations_recent_idx on conversations (last_message_at desc nulls last, id)
    include (type, job_id, last_candidate_seq, candidate_messages, last_candidate_at)`.execute(db);
  await sql`create index conversation_reads_user_idx on conversation_reads (user_id, conversation_id) include (last_seq)`.execute(db);
  await sql`
    create index conversations_company_badges_idx on conversations (company_id, id)
    include (type, job_id, last_message_at, last_candidate_seq, candidate_messages, last_candidate_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index conversations_company_badges_idx`.execute(db);
  await sql`drop index conversation_reads_user_idx`.execute(db);
  await sql`drop index conversations_recent_idx`.execute(db);
  await sql`drop trigger messages_conversation_counters on messages`.execute(db);
  await sql`drop function conversations_count_messages()`.execute(db);
  await sql`
    alter table conversations
      drop column last_candidate_seq, drop column last_candidate_at, drop column candidate_messages,
      drop column last_staff_seq, drop column last_staff_at, drop column staff_messages
  `.execute(db);
}

/**
 * Per conversation of a set of messages, each side's last seq, newest message and message count,
 * as the backfill and the message trigger (here and in migration 0037) sum them. Part of the trigger
 * functions' text, which the database keeps as written: hence the indentation.
 */
export const sideSums = sql.raw(`coalesce(max(seq) filter (where sender_role = 'candidate'), 0) as candidate_seq,
               max(created_at) filter (where sender_role = 'candidate') as candidate_at,
               count(*) filter (where sender_role = 'candidate') as candidates,
               coalesce(max(seq) filter (where sender_role <> 'candidate'), 0) as staff_seq,
               max(created_at) filter (where sender_role <> 'candidate') as staff_at,
               count(*) filter (where sender_role <> 'candidate') as staff`);

/**
 * How the message trigger moves a conversation's counters by `n`, the sums of its new messages: the
 * SET list of its update, here and in migration 0037. Part of the function's text, which the
 * database keeps as written: `indent` is the depth each version writes it at.
 */
export const counterMoves = (indent: string) =>
  sql.raw(
    [
      'last_message_at = n.newest,',
      'last_candidate_seq = greatest(c.last_candidate_seq, n.candidate_seq),',
      'last_candidate_at = greatest(c.last_candidate_at, n.candidate_at),',
      'candidate_messages = c.candidate_messages + n.candidates,',
      'last_staff_seq = greatest(c.last_staff_seq, n.staff_seq),',
      'last_staff_at = greatest(c.last_staff_at, n.staff_at),',
      'staff_messages = c.staff_messages + n.staff',
    ].join(`\n${indent}`),
  );

/** The message trigger's function as this migration made it (migration 0037 extends it, and puts it back on the way down). */
export const countMessagesBody = sql` conversations_count_messages() returns trigger language plpgsql as $$
    begin
      update conversations c set
        ${counterMoves('        ')}
      from (
        select conversation_id,
               max(created_at) as newest,
               ${sideSums}
        from inserted
        group by conversation_id
      ) n
      where c.id = n.conversation_id;
      return null;
    end $$`;

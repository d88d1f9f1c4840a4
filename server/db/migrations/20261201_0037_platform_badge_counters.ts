import { type Kysely, sql } from 'kysely';
import { counterMoves, countMessagesBody, sideSums } from './20261123_0012_chat_counters.ts';

/**
 * A platform user's chat badges from counters (docs/chat.md "Platform badges"). A
 * superadmin sees every conversation of the platform, so the badges of migration 0012 still read
 * one index entry per conversation: 84 ms at 50,000. Their totals now come from two small tables,
 * both kept in the transaction that changes them:
 *
 * - `chat_platform_counters` (kind, slot): per conversation kind (1 daily, 2 other job, 3 support)
 *   the conversations with at least one candidate message and the candidate messages, over the
 *   whole platform. The message trigger adds to the slot of its backend (pg_backend_pid() & 7),
 *   so concurrent writers seldom wait on one row; readers sum the eight slots of a kind.
 * - `chat_reader_counters` (user, kind): what the user has read of it: the read conversations that
 *   are caught up with their candidate's last message, and the candidate messages their read
 *   marks cover. Kept from `conversation_reads` by a statement trigger per event.
 *
 * A platform user's unread conversations of a kind are then the platform's less the caught-up
 * reads, and their unread messages the platform's less the read ones: two index lookups, whatever
 * the number of conversations. Each read row carries its conversation's kind, the candidate
 * messages its mark covers (`read_messages`) and `caught_up`; a row's trigger sets the three when
 * its mark moves, reading the conversation row FOR SHARE so that a message being stored (which
 * holds that row's lock) is counted either before or after, never lost between; the message
 * trigger clears `caught_up` on the conversation's reads after it has moved the conversation's
 * counters, in its own statement (a fresh snapshot, taken once the row lock is held).
 *
 * Locks are taken in one order everywhere (conversation, its reads, the readers' counters by user
 * and kind, the platform's slots by kind), and the counter upserts are sorted, so two writers
 * cannot wait on each other in a circle. A conversation whose kind changes moves its counts, and
 * a deleted conversation takes its counts with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Nothing may be written between the backfill and the triggers.
  await sql`lock table conversations, messages, conversation_reads in share row exclusive mode`.execute(db);
  await sql`
    create function chat_kind(job_id uuid, type smallint) returns smallint language sql immutable
    as $$ select case when job_id is null then 3 else type end::smallint $$`.execute(db);

  await sql`
    alter table conversation_reads
      add column kind smallint not null default 0,
      add column read_messages integer not null default 0,
      add column caught_up boolean not null default false`.execute(db);
  await sql`
    update conversation_reads r set
      kind = chat_kind(c.job_id, c.type),
      caught_up = c.candidate_messages > 0 and r.last_seq >= c.last_candidate_seq,
      read_messages = case when r.last_seq >= c.last_candidate_seq then c.candidate_messages
        else (select count(*) from messages m where m.conversation_id = r.conversation_id and m.seq <= r.last_seq and m.sender_role = 'candidate') end
    from conversations c where c.id = r.conversation_id`.execute(db);

  await sql`
    create table chat_platform_counters (
      kind smallint not null,
      slot smallint not null,
      conversations bigint not null default 0,
      messages bigint not null default 0,
      primary key (kind, slot)
    )`.execute(db);
  await sql`insert into chat_platform_counters (kind, slot) select k, s from generate_series(1, 3) k, generate_series(0, 7) s`.execute(db);
  await sql`
    update chat_platform_counters p set conversations = n.conversations, messages = n.messages
    from (
      select chat_kind(job_id, type) as kind, count(*) filter (where candidate_messages > 0) as conversations, coalesce(sum(candidate_messages), 0) as messages
      from conversations group by 1
    ) n
    where p.kind = n.kind and p.slot = 0`.execute(db);

  await sql`
    create table chat_reader_counters (
      user_id uuid not null references users (id) on delete cascade,
      kind smallint not null,
      caught_up integer not null default 0,
      read_messages bigint not null default 0,
      primary key (user_id, kind)
    )`.execute(db);
  await sql`
    insert into chat_reader_counters (user_id, kind, caught_up, read_messages)
    select user_id, kind, count(*) filter (where caught_up), sum(read_messages) from conversation_reads group by user_id, kind`.execute(db);

  // A read mark that moves: its kind, the candidate messages it covers, caught up or not.
  await sql`
    create function conversation_reads_mark() returns trigger language plpgsql as $$
    declare
      c record;
    begin
      select chat_kind(job_id, type) as kind, candidate_messages, last_candidate_seq into c
      from conversations where id = new.conversation_id for share;
      if not found then return new; end if; -- the foreign key refuses the row
      new.kind := c.kind;
      if new.last_seq >= c.last_candidate_seq then
        new.read_messages := c.candidate_messages;
        new.caught_up := c.candidate_messages > 0;
      else
        new.read_messages := (select count(*) from messages m
          where m.conversation_id = new.conversation_id and m.seq <= new.last_seq and m.sender_role = 'candidate');
        new.caught_up := false;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger conversation_reads_mark before insert or update of last_seq on conversation_reads
    for each row execute function conversation_reads_mark()`.execute(db);

  // The readers' counters follow their read rows, one upsert per statement, in key order.
  await sql`
    create function conversation_reads_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into chat_reader_counters as k (user_id, kind, caught_up, read_messages)
        select user_id, kind, count(*) filter (where caught_up), sum(read_messages) from new_rows
        group by user_id, kind order by user_id, kind
        on conflict (user_id, kind) do update set caught_up = k.caught_up + excluded.caught_up, read_messages = k.read_messages + excluded.read_messages;
      elsif tg_op = 'UPDATE' then
        insert into chat_reader_counters as k (user_id, kind, caught_up, read_messages)
        select user_id, kind, sum(caught_up), sum(read_messages) from (
          select user_id, kind, caught_up::int as caught_up, read_messages::bigint as read_messages from new_rows
          union all
          select user_id, kind, -caught_up::int, -read_messages::bigint from old_rows
        ) d
        group by user_id, kind having sum(caught_up) <> 0 or sum(read_messages) <> 0 order by user_id, kind
        on conflict (user_id, kind) do update set caught_up = k.caught_up + excluded.caught_up, read_messages = k.read_messages + excluded.read_messages;
      else
        update chat_reader_counters k set caught_up = k.caught_up - d.caught_up, read_messages = k.read_messages - d.read_messages
        from (
          select user_id, kind, count(*) filter (where caught_up) as caught_up, sum(read_messages) as read_messages from old_rows
          group by user_id, kind order by user_id, kind
        ) d
        where k.user_id = d.user_id and k.kind = d.kind;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger conversation_reads_count_insert after insert on conversation_reads referencing new table as new_rows for each statement execute function conversation_reads_count()`.execute(
    db,
  );
  await sql`create trigger conversation_reads_count_update after update on conversation_reads referencing old table as old_rows new table as new_rows for each statement execute function conversation_reads_count()`.execute(
    db,
  );
  await sql`create trigger conversation_reads_count_delete after delete on conversation_reads referencing old table as old_rows for each statement execute function conversation_reads_count()`.execute(
    db,
  );

  // Migration 0012's message trigger, and now the platform's counters and the readers' catch-up.
  await sql`
    create or replace function conversations_count_messages() returns trigger language plpgsql as $$
    begin
      with n as (
        select conversation_id,
               max(created_at) as newest,
               ${sideSums}
        from inserted
        group by conversation_id
      ), moved as (
        update conversations c set
          ${counterMoves('          ')}
        from n
        where c.id = n.conversation_id
        returning chat_kind(c.job_id, c.type) as kind, n.candidates, c.candidate_messages = n.candidates as first
      )
      update chat_platform_counters p set
        conversations = p.conversations + d.conversations,
        messages = p.messages + d.messages
      from (
        select kind, count(*) filter (where first) as conversations, sum(candidates) as messages
        from moved where candidates > 0 group by kind order by kind
      ) d
      where p.kind = d.kind and p.slot = pg_backend_pid() & 7;

      update conversation_reads r set caught_up = false
      where r.caught_up and r.conversation_id in (select conversation_id from inserted where sender_role = 'candidate');
      return null;
    end $$`.execute(db);

  // A conversation whose kind changes moves its counts (and its reads' kinds); a deleted one takes them along.
  await sql`
    create function conversations_kind_counters() returns trigger language plpgsql as $$
    declare
      was smallint := chat_kind(old.job_id, old.type);
      now_ smallint;
    begin
      if tg_op = 'UPDATE' then
        now_ := chat_kind(new.job_id, new.type);
        if was = now_ then return null; end if;
        update chat_platform_counters p set
          conversations = p.conversations + case when p.kind = now_ then 1 else -1 end * (new.candidate_messages > 0)::int,
          messages = p.messages + case when p.kind = now_ then 1 else -1 end * new.candidate_messages
        where p.kind in (was, now_) and p.slot = pg_backend_pid() & 7;
        update conversation_reads set kind = now_ where conversation_id = new.id;
      else
        update chat_platform_counters p set
          conversations = p.conversations - (old.candidate_messages > 0)::int,
          messages = p.messages - old.candidate_messages
        where p.kind = was and p.slot = pg_backend_pid() & 7;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger conversations_kind_counters after update of job_id, type or delete on conversations for each row execute function conversations_kind_counters()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger conversations_kind_counters on conversations`.execute(db);
  await sql`drop function conversations_kind_counters()`.execute(db);
  for (const t of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`conversation_reads_count_${t}`)} on conversation_reads`.execute(db);
  await sql`drop function conversation_reads_count()`.execute(db);
  await sql`drop trigger conversation_reads_mark on conversation_reads`.execute(db);
  await sql`drop function conversation_reads_mark()`.execute(db);
  await sql`drop table chat_reader_counters`.execute(db);
  await sql`drop table chat_platform_counters`.execute(db);
  await sql`alter table conversation_reads drop column kind, drop column read_messages, drop column caught_up`.execute(db);
  // Migration 0012's message trigger as it was.
  await sql`create or replace function${countMessagesBody}`.execute(db);
  await sql`drop function chat_kind(uuid, smallint)`.execute(db);
}

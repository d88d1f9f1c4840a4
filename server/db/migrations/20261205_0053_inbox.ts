import { type Kysely, sql } from 'kysely';

/**
 * The staff inbox (docs/inbox.md): every conversation with a status (open, resolved, snoozed
 * until a time) and an assignee; what happened to it (assigned, resolved, snoozed, reopened) with
 * who did it; private notes staff write beside it; canned replies in both languages.
 *
 * Search over names and message text, Japanese included, without reading every row: pg_trgm
 * makes no trigram of a Japanese character in a database of locale C (the embedded server's), so
 * the text is indexed as character bigrams in a tsvector (`inbox_grams`, the approach of pg_bigm),
 * lowercased and NFKC-normalised (全角 ＡＢＣ reads as abc). A search asks for every bigram of its
 * words through the GIN index, then checks the words themselves on the few rows found.
 *
 * A candidate's message reopens a resolved or snoozed conversation: a statement-level trigger on
 * messages does it, so every writer (chat server, API, seed, bulk load) reopens the same way, and
 * writes the reopening to the history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function${inboxGramsBody}`.execute(db);
  await sql`
    alter table conversations
      add column inbox_status text not null default 'open' check (inbox_status in ('open', 'resolved', 'snoozed')),
      add column snoozed_until timestamptz,
      add column assignee_id uuid references users(id) on delete set null,
      add constraint conversations_snooze_ck check ((inbox_status = 'snoozed') = (snoozed_until is not null))`.execute(db);
  await sql`create index conversations_assignee_idx on conversations (assignee_id, last_message_at desc nulls last, id) where assignee_id is not null`.execute(db);
  await sql`create index messages_inbox_grams_idx on messages using gin (inbox_grams(content)) where message_type = 1`.execute(db);
  await sql`create index users_inbox_grams_idx on users using gin (inbox_grams(name))`.execute(db);
  await sql`
    create table conversation_events (
      id uuid primary key default gen_random_uuid(),
      conversation_id uuid not null references conversations(id) on delete cascade,
      actor_id uuid references users(id) on delete set null,
      kind text not null check (kind in ('assigned', 'unassigned', 'resolved', 'snoozed', 'reopened')),
      assignee_id uuid references users(id) on delete set null,
      snoozed_until timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index conversation_events_conversation_idx on conversation_events (conversation_id, created_at)`.execute(db);
  await sql`create index conversation_events_kind_idx on conversation_events (kind, created_at)`.execute(db);
  await sql`
    create table conversation_notes (
      id uuid primary key default gen_random_uuid(),
      conversation_id uuid not null references conversations(id) on delete cascade,
      author_id uuid references users(id) on delete set null,
      body text not null check (char_length(body) between 1 and 4000),
      mentions uuid[] not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index conversation_notes_conversation_idx on conversation_notes (conversation_id, created_at)`.execute(db);
  await sql`
    create table canned_replies (
      id uuid primary key default gen_random_uuid(),
      company_id uuid references companies(id) on delete cascade,
      title text not null check (char_length(title) between 1 and 100),
      body_ja text not null check (char_length(body_ja) between 1 and 4000),
      body_en text not null check (char_length(body_en) between 1 and 4000),
      updated_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index canned_replies_company_idx on canned_replies (company_id, title)`.execute(db);
  await sql`
    create function conversations_inbox_reopen() returns trigger language plpgsql as $$
    begin
      with reopened as (
        update conversations c set inbox_status = 'open', snoozed_until = null
        where c.id in (select conversation_id from inserted where sender_role = 'candidate') and c.inbox_status <> 'open'
        returning c.id
      )
      insert into conversation_events (conversation_id, kind) select id, 'reopened' from reopened;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger messages_inbox_reopen
    after insert on messages referencing new table as inserted
    for each statement execute function conversations_inbox_reopen()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger messages_inbox_reopen on messages`.execute(db);
  await sql`drop function conversations_inbox_reopen()`.execute(db);
  await sql`drop table canned_replies`.execute(db);
  await sql`drop table conversation_notes`.execute(db);
  await sql`drop table conversation_events`.execute(db);
  await sql`drop index users_inbox_grams_idx`.execute(db);
  await sql`drop index messages_inbox_grams_idx`.execute(db);
  await sql`
    alter table conversations
      drop constraint conversations_snooze_ck,
      drop column assignee_id, drop column snoozed_until, drop column inbox_status`.execute(db);
  await sql`drop function inbox_grams(text)`.execute(db);
}

/** The bigram function as this migration made it (migration 0054 replaces it, and puts it back on the way down). */
export const inboxGramsBody = sql` inbox_grams(t text) returns tsvector language sql immutable parallel safe as $$
      select coalesce(array_to_tsvector(array(
        select distinct substr(s, i, 2)
        from (select regexp_replace(lower(normalize(left(coalesce(t, ''), 2000), NFKC)), '\\s+', ' ', 'g') as s) x,
             generate_series(1, char_length(s) - 1) i
        where substr(s, i, 2) <> ' ' and substr(s, i, 2) !~ '^ | $'
      )), ''::tsvector)
    $$`;

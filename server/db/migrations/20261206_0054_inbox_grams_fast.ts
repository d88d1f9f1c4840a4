import { type Kysely, sql } from 'kysely';
import { inboxGramsBody } from './20261205_0053_inbox.ts';

/**
 * The inbox's bigram function (migration 0053, docs/inbox.md "Search"), about forty times cheaper
 * with the same result for every text.
 *
 * 0053's body read the normalised text `s` from a subquery the planner flattened, so
 * `regexp_replace(lower(normalize(…)))` ran again for every reference to `s` at every character
 * position: three or four normalisations of the whole text per character, about 4 ms for a
 * message of 80 characters, an hour to index a million messages. Here `offset 0` keeps both
 * subqueries apart (the text is normalised once, each bigram cut once) and a bigram holding the
 * folded space is dropped with one `strpos`: 0.1 ms a message (docs/inbox.md has the measurements).
 *
 * The output is the same for every input (the same lexemes: NFKC, lowercase, whitespace folded,
 * the distinct two-character pieces inside words), so the indexes built on the old body stay
 * valid and are not rebuilt.
 *
 * Statistics on the grams of message text: the planner ignores a partial index's expression
 * statistics (the message index covers text messages only), so without these it takes any search
 * for a few rows and, for a word in half the messages, reads every match before sorting instead of
 * walking the newest conversations and probing each (docs/inbox.md "Search"). ANALYZE computes
 * the grams of its sample (30,000 rows, a few seconds).
 *
 * And an index of applications by candidate, for the inbox's and the chat's pages (below).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function inbox_grams(t text) returns tsvector language sql immutable parallel safe as $$
      select coalesce(array_to_tsvector(array(
        select distinct g
        from (select regexp_replace(lower(normalize(left(coalesce(t, ''), 2000), NFKC)), '\\s+', ' ', 'g') as s offset 0) x,
             lateral (select substr(s, i, 2) as g from generate_series(1, char_length(s) - 1) i offset 0) y
        where strpos(g, ' ') = 0
      )), ''::tsvector)
    $$`.execute(db);
  await sql`create statistics messages_inbox_grams_stats on (inbox_grams(content)) from messages`.execute(db);
  await sql`analyze messages`.execute(db);
  // Whether a company may know a candidate's name (an application, or no scout offer) is asked for
  // each row of an inbox or chat page; without an index by candidate, PostgreSQL read every
  // application of the table for it (40,000 at 50,000 conversations, on every page).
  await sql`create index applications_candidate_idx on applications (candidate_id, company_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index applications_candidate_idx`.execute(db);
  await sql`drop statistics messages_inbox_grams_stats`.execute(db);
  await sql`create or replace function${inboxGramsBody}`.execute(db);
}

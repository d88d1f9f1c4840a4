import { type Kysely, sql } from 'kysely';

/**
 * The session rows (who a token belongs to, in which role and tenant, and whether it is still
 * good) are cached in every process (server/modules/auth/session-cache.ts). Any write that can
 * change one sends NOTIFY tsunagu_sessions once per statement: a user added, removed, or changed
 * in a column a session reads (logout and password changes move session_version; deactivation,
 * a role or tenant change, a new name, e-mail or language). PostgreSQL delivers it when the
 * transaction commits; last_login_at and the other columns send nothing.
 */
const EVENTS = 'insert or update of email, name, role, company_id, client_id, lang, active, session_version or delete or truncate';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function tsunagu_sessions_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('tsunagu_sessions', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger users_sessions_changed after ${sql.raw(EVENTS)} on users for each statement execute function tsunagu_sessions_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_sessions_changed on users`.execute(db);
  await sql`drop function if exists tsunagu_sessions_changed()`.execute(db);
}

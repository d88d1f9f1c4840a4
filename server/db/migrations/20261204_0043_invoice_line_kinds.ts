import { type Kysely, sql } from 'kysely';

/**
 * Invoice lines name what they bill (docs/payroll.md "Invoices"): the hours worked (`work`) or one
 * premium on them (`overtime`, `late_night`, `holiday`), and a shift's hours or premium is on one
 * invoice line at most — two invoices of one client can never bill the same shift, whatever the
 * periods or a race between two people making invoices.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invoice_lines add column kind text not null default 'work' check (kind in ('work', 'overtime', 'late_night', 'holiday'))`.execute(db);
  await sql`create unique index invoice_lines_billed_once on invoice_lines (attendance_id, kind) where attendance_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists invoice_lines_billed_once`.execute(db);
  await sql`alter table invoice_lines drop column if exists kind`.execute(db);
}

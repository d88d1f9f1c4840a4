import type { Kysely } from 'kysely';

/**
 * Every app setting the list offers is one the app reads (docs/templates.md "App settings"):
 * `support.email` now receives the contact form's messages and trial signups, so its description says so;
 * `candidate.auto_close_days` was never read (no application closed by it), so it goes rather than
 * promise what nothing does. The texts are written out here as they were and are, so this file
 * stays as it ran.
 */
const OLD = 'お問い合わせ先のメールアドレス / Support email address';
const NEW = 'お問い合わせと無料トライアルのお申し込みを送るメールアドレス（空欄：送らない） / Where contact messages and trial signups are mailed (blank: none)';

export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('app_settings').set({ description: NEW }).where('key', '=', 'support.email').where('description', '=', OLD).execute();
  await db.deleteFrom('app_settings').where('key', '=', 'candidate.auto_close_days').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('app_settings').set({ description: OLD }).where('key', '=', 'support.email').where('description', '=', NEW).execute();
}

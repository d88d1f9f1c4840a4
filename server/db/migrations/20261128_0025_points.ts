import { type Kysely, sql } from 'kysely';
import { uuidKey, now, timestamps, bilingual, childTable, dropTables } from '../migration-kit.ts';

/**
 * Points and campaigns (docs/points.md): an append-only ledger of point
 * movements per candidate and wallet (a company's points, or the platform's when company_id is
 * null), the balance of each wallet kept in the same transaction and never below zero (CHECK),
 * platform campaigns, referral codes and who referred whom; a company's points per worked shift
 * and how long its points stay valid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('points_per_shift', 'integer', (c) => c.notNull().defaultTo(10).check(sql`points_per_shift between 0 and 10000`))
    .addColumn('points_valid_days', 'integer', (c) => c.notNull().defaultTo(365).check(sql`points_valid_days between 1 and 3650`))
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'uuid', uuidKey)
    .$call(bilingual('name'))
    .addColumn('rule', 'text', (c) => c.notNull().check(sql`rule in ('first_attendance', 'nth_attendance', 'referral')`))
    .addColumn('nth', 'integer', (c) => c.check(sql`nth between 2 and 1000`))
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points between 1 and 100000`))
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .$call(timestamps)
    .addCheckConstraint('campaigns_period', sql`ends_on >= starts_on`)
    .addCheckConstraint('campaigns_nth', sql`(rule = 'nth_attendance') = (nth is not null)`)
    .execute();

  const platform = sql`'00000000-0000-0000-0000-000000000000'::uuid`;
  await db.schema
    .createTable('point_balances')
    .addColumn('candidate_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('wallet', 'uuid', (c) => c.notNull().generatedAlwaysAs(sql`coalesce(company_id, ${platform})`).stored())
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('updated_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('point_balances_pk', ['candidate_id', 'wallet'])
    .execute();

  await childTable(db, 'point_entries', 'candidate_id', 'users.id')
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('shift', 'campaign', 'manual', 'spend', 'expire')`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaign_id', 'uuid', (c) => c.references('campaigns.id').onDelete('set null'))
    // What made the entry (an application's worked shift, a campaign and a person): a second delivery of it adds nothing.
    .addColumn('idem_key', 'text', (c) => c.unique())
    // The last day earned points count; spent points are taken from the soonest to expire.
    .addColumn('expires_on', 'date')
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addCheckConstraint('point_entries_sign', sql`(delta > 0) = (kind in ('shift', 'campaign', 'manual'))`)
    .execute();
  await db.schema.createIndex('point_entries_candidate').on('point_entries').columns(['candidate_id', 'created_at']).execute();
  await db.schema.createIndex('point_entries_company').on('point_entries').columns(['company_id', 'created_at']).execute();
  // Append-only: history is never rewritten (a correction is an entry of its own).
  await sql`
    create function point_entries_append_only() returns trigger language plpgsql as $$
    begin raise exception 'point_entries is append-only'; end $$`.execute(db);
  await sql`create trigger point_entries_append_only before update or delete on point_entries for each row when (pg_trigger_depth() = 0 and current_setting('tsunagu.allow_point_delete', true) is distinct from 'on') execute function point_entries_append_only()`.execute(
    db,
  );

  await db.schema
    .createTable('referral_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('referrals')
    .addColumn('friend_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['referrals', 'referral_codes', 'point_entries', 'point_balances', 'campaigns']);
  await sql`drop function if exists point_entries_append_only()`.execute(db);
  await db.schema.alterTable('companies').dropColumn('points_per_shift').dropColumn('points_valid_days').execute();
}

import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { uuidKey, now, zero, timestamps, userId, dropTables } from '../migration-kit.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // SPEC §3 "Enumeration store": job-enum records with a translation per language.
  await db.schema
    .createTable('job_enums')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', zero)
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('job_enums_type_idx').on('job_enums').columns(['type', 'sort']).execute();
  await db.schema
    .createTable('job_enum_translations')
    .addColumn('enum_id', 'integer', (c) => c.notNull().references('job_enums.id').onDelete('cascade'))
    .addColumn('language_key', 'text', (c) => c.notNull().check(sql`language_key in ('ja','en')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_enum_translations_pk', ['enum_id', 'language_key'])
    .execute();

  await db.schema
    .createTable('visa_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .$call(listEntry)
    .execute();

  await db.schema
    .createTable('languages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .$call(listEntry)
    .execute();

  // SPEC §3 "Notification state": type 1 = recent notifications, type 2 = documents.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', uuidKey)
    .$call(userId)
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1, 2)`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text')
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'type', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['notifications', 'languages', 'visa_types', 'job_enum_translations', 'job_enums']);
}

/** An entry of a reference list (visa types, languages): its name in Japanese and in English, and its place in the list. */
const listEntry = <T extends CreateTableBuilder<any, any>>(t: T) =>
  t
    .addColumn('ja', 'text', (c) => c.notNull())
    .addColumn('en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', zero);

import { type Kysely, sql } from 'kysely';
import { uuidKey, now, timestamps, bilingual, userId, tenantTable, dropTables } from '../migration-kit.ts';

// Frozen: migrations use Kysely<any> and never import app types (STYLE.md 10).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active','trial','suspended')`))
    .$call(timestamps)
    .execute();

  await tenantTable(db, 'clients')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('clients_company_idx').on('clients').column('company_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('platform','company','client','candidate')`))
    .$call(bilingual('title'))
    .addColumn('builtin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  for (const table of ['page_roles', 'action_roles']) {
    await db.schema
      .createTable(table)
      .addColumn('code', 'integer', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().references('roles.name').onDelete('cascade').onUpdate('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['code', 'role'])
      .execute();
  }

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().references('roles.name').onUpdate('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'uuid', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('ja').check(sql`lang in ('ja','en')`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login_at', 'timestamptz')
    .$call(timestamps)
    .execute();
  // E-mail addresses are unique regardless of case.
  await sql`create unique index users_email_uq on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();
  await db.schema.createIndex('users_client_idx').on('users').column('client_id').execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .$call(userId)
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('contact','trial')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('topic', 'text')
    .addColumn('company_name', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['contact_messages', 'password_resets', 'meta', 'users', 'action_roles', 'page_roles', 'roles', 'clients', 'companies']);
}

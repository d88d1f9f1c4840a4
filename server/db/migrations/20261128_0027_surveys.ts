import { type Kysely, sql } from 'kysely';
import { uuidKey, now, userId, tenantTable, childTable, dropTables } from '../migration-kit.ts';

/**
 * Surveys (docs/surveys.md): a company's survey with its questions (each in
 * Japanese and English) and their options, the people it was sent to (and the chat conversation
 * that carried the link), and each person's one response with its answers. "Answered once per
 * person" and "only by people it was sent to" are constraints here, not just checks in the code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tenantTable(db, 'surveys')
    .addColumn('title_ja', 'text', (c) => c.notNull().check(sql`char_length(title_ja) between 1 and 200`))
    .addColumn('title_en', 'text', (c) => c.notNull().check(sql`char_length(title_en) between 1 and 200`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('surveys_company_idx').on('surveys').columns(['company_id', 'created_at']).execute();

  await childTable(db, 'survey_questions', 'survey_id', 'surveys.id')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('single', 'multiple', 'scale', 'text')`))
    .addColumn('text_ja', 'text', (c) => c.notNull().check(sql`char_length(text_ja) between 1 and 500`))
    .addColumn('text_en', 'text', (c) => c.notNull().check(sql`char_length(text_en) between 1 and 500`))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('survey_questions_position_uq', ['survey_id', 'position'])
    .execute();

  await childTable(db, 'survey_options', 'question_id', 'survey_questions.id')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label_ja', 'text', (c) => c.notNull().check(sql`char_length(label_ja) between 1 and 200`))
    .addColumn('label_en', 'text', (c) => c.notNull().check(sql`char_length(label_en) between 1 and 200`))
    .addUniqueConstraint('survey_options_position_uq', ['question_id', 'position'])
    .execute();

  // Who it was sent to, once each; the conversation the link went to.
  await db.schema
    .createTable('survey_recipients')
    .addColumn('survey_id', 'uuid', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .$call(userId)
    .addColumn('conversation_id', 'uuid', (c) => c.references('conversations.id').onDelete('set null'))
    .addColumn('sent_by_name', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('survey_recipients_pk', ['survey_id', 'user_id'])
    .execute();

  // One response per person (the unique constraint refuses a second), only from a recipient (the foreign key).
  await db.schema
    .createTable('survey_responses')
    .addColumn('id', 'uuid', uuidKey)
    .addColumn('survey_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', now)
    .addUniqueConstraint('survey_responses_once_uq', ['survey_id', 'user_id'])
    .addForeignKeyConstraint('survey_responses_recipient_fk', ['survey_id', 'user_id'], 'survey_recipients', ['survey_id', 'user_id'], (fk) => fk.onDelete('cascade'))
    .execute();

  // One row per chosen option (single, multiple), the scale value (1–5) or the text.
  await childTable(db, 'survey_answers', 'response_id', 'survey_responses.id')
    .addColumn('question_id', 'uuid', (c) => c.notNull().references('survey_questions.id').onDelete('cascade'))
    .addColumn('option_id', 'uuid', (c) => c.references('survey_options.id').onDelete('cascade'))
    .addColumn('scale', 'smallint', (c) => c.check(sql`scale between 1 and 5`))
    .addColumn('text', 'text', (c) => c.check(sql`char_length(text) <= 2000`))
    .addCheckConstraint('survey_answers_one_value', sql`num_nonnulls(option_id, scale, text) = 1`)
    .execute();
  await db.schema.createIndex('survey_answers_question_idx').on('survey_answers').columns(['question_id']).execute();
  await db.schema.createIndex('survey_answers_response_idx').on('survey_answers').columns(['response_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['survey_answers', 'survey_responses', 'survey_recipients', 'survey_options', 'survey_questions', 'surveys']);
}

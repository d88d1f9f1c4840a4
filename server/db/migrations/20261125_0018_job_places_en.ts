import { type Kysely, sql } from 'kysely';

/**
 * A job's place in English: the city and the nearest station as a candidate reading
 * English sees them ("Koto, Tokyo", "Monzen-nakacho Station"). Blank means not given yet: the
 * English pages then show the Japanese name, marked as Japanese.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('city_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('station_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`comment on column jobs.city_en is 'The city in English; blank: shown in Japanese, marked as such'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('city_en').dropColumn('station_en').execute();
}

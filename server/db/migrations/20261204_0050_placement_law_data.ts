import { type Kysely, sql } from 'kysely';

/**
 * The data the placement rules and the dispatching company's records read (docs/workforce.md
 * "The data behind the rules"):
 *
 * - the person (`candidate_profiles`): date of birth, name in katakana, address, sex (the
 *   外国人雇用状況届出 asks it), and the 特定技能 field (分野) staff read off a 特定技能 card;
 * - the job: its 特定技能 field and whether it is simple manual work; null = the job type's
 *   default (`job_enums`, the job types carry one);
 * - the placement (`applications.dispatch`): dispatched by the platform's company (true, the
 *   default: the company places staff as a 派遣元) or employed directly by the client (false).
 */
/**
 * The shipped job types' defaults as of this migration (a new database gets the same from
 * JOB_TYPE_DEFAULTS of server/modules/enums/reference-data.ts when its reference data is seeded).
 */
const JOB_TYPE_DEFAULTS: Record<string, readonly [string | null, boolean | null]> = {
  '飲食・フード': ['外食業', true],
  '倉庫・物流': [null, true],
  '製造・工場': [null, true],
  'ホテル・宿泊': ['宿泊', null],
  清掃: ['ビルクリーニング', true],
  介護: ['介護', null],
  建設: ['建設', null],
  農業: ['農業', null],
};

/**
 * The shipped job types' defaults, by their Japanese name (an administrator's own types have none;
 * a new database gets them from seedReferenceData).
 */
async function setJobTypeDefaults(db: Kysely<any>): Promise<void> {
  for (const [name, [field, simple]] of Object.entries(JOB_TYPE_DEFAULTS)) {
    await sql`update job_enums e set ssw_field = ${field}, simple_labour = ${simple}
      from job_enum_translations t where t.enum_id = e.id and t.language_key = 'ja' and t.value = ${name} and e.type = 1`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('candidate_profiles')
    .addColumn('birth_date', 'date')
    .addColumn('name_kana', 'text')
    .addColumn('address', 'text')
    .addColumn('sex', 'text', (c) => c.check(sql`sex in ('male', 'female')`))
    .addColumn('ssw_field', 'text')
    .execute();
  await db.schema.alterTable('jobs').addColumn('ssw_field', 'text').addColumn('simple_labour', 'boolean').execute();
  await db.schema.alterTable('job_enums').addColumn('ssw_field', 'text').addColumn('simple_labour', 'boolean').execute();
  await setJobTypeDefaults(db);
  await db.schema
    .alterTable('applications')
    .addColumn('dispatch', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await setJobTypeDefaults(db);
  await db.schema.alterTable('applications').dropColumn('dispatch').execute();
  await db.schema.alterTable('job_enums').dropColumn('ssw_field').dropColumn('simple_labour').execute();
  await db.schema.alterTable('jobs').dropColumn('ssw_field').dropColumn('simple_labour').execute();
  await db.schema.alterTable('candidate_profiles').dropColumn('birth_date').dropColumn('name_kana').dropColumn('address').dropColumn('sex').dropColumn('ssw_field').execute();
}

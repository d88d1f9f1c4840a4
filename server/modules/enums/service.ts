import { sql } from 'kysely';
import { pickLang, type Lang } from '../../../shared/i18n.ts';
import type { DB } from '../../db/connect.ts';
import { wroteTable } from '../../db/notified-cache.ts';
import { cachedReference } from './reference-cache.ts';
import { deriveJobEnum, deriveVisaType, type DerivedJobEnum, type JobEnumRecord } from './derive.ts';
import { ENUM_SEED, ENUM_TYPES, type EnumListName, JOB_TYPE_DEFAULTS, LANGUAGE_SEED, VISA_SEED } from './reference-data.ts';

export async function listJobEnums(db: DB): Promise<JobEnumRecord[]> {
  const rows = await db
    .selectFrom('job_enums as e')
    .leftJoin('job_enum_translations as t', 't.enum_id', 'e.id')
    .select(['e.id', 'e.type', 'e.sort', 'e.ssw_field', 'e.simple_labour', 't.language_key', 't.value'])
    .orderBy('e.type')
    .orderBy('e.sort')
    .orderBy('e.id')
    .execute();
  const byId = new Map<number, JobEnumRecord>();
  for (const r of rows) {
    let rec = byId.get(r.id);
    if (!rec) byId.set(r.id, (rec = { id: r.id, type: r.type, enum_job_translate_value: [], ssw_field: r.ssw_field, simple_labour: r.simple_labour }));
    if (r.language_key && r.value !== null) rec.enum_job_translate_value.push({ language_key: r.language_key, value: r.value });
  }
  for (const rec of byId.values()) rec.enum_job_translate_value.sort((a, b) => a.language_key.localeCompare(b.language_key) * -1);
  return [...byId.values()];
}

/** The enumeration store of SPEC §3: every list, derived fields included. */
export function enumStore(db: DB) {
  return cachedReference(db, 'enums', () => loadEnumStore(db));
}

async function loadEnumStore(db: DB) {
  const [records, visas] = await Promise.all([listJobEnums(db), db.selectFrom('visa_types').selectAll().orderBy('sort').orderBy('id').execute()]);
  const derived = records.map(deriveJobEnum);
  const lists = Object.fromEntries((Object.entries(ENUM_TYPES) as [EnumListName, number][]).map(([name, type]) => [name, derived.filter((d) => d.type === type)])) as Record<
    EnumListName,
    DerivedJobEnum[]
  >;
  return { enums: derived, ...lists, visaTypes: visas.map(deriveVisaType) };
}

export function listLanguages(db: DB) {
  return cachedReference(db, 'languages', () => db.selectFrom('languages').select(['id', 'code', 'ja', 'en']).orderBy('sort').orderBy('id').execute());
}

/** Language codes by their names in the reader's language, in the order given; a code the table does not name stays a code. */
export async function languageNames(db: DB, codes: readonly string[], lang: Lang): Promise<string[]> {
  if (!codes.length) return [];
  const byCode = new Map((await listLanguages(db)).map((l) => [l.code, l]));
  return codes.map((code) => {
    const l = byCode.get(code);
    return l ? pickLang(lang, l.ja, l.en) : code;
  });
}

/** A job type's defaults as its form sends them; a key left out is left as it is. */
interface JobTypeDefaults {
  ssw_field?: string | null;
  simple_labour?: boolean | null;
}

async function createJobEnumWrite(db: DB, input: { type: number; ja: string; en: string } & JobTypeDefaults): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { max } = await trx
      .selectFrom('job_enums')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('type', '=', input.type)
      .executeTakeFirstOrThrow();
    return insertJobEnum(trx, { type: input.type, sort: (max ?? 0) + 1, ssw_field: input.ssw_field ?? null, simple_labour: input.simple_labour ?? null }, input);
  });
}

/** One value of a job list (a type, a pay type…) with its words in both languages; its id. */
async function insertJobEnum(trx: DB, row: { type: number; sort: number; ssw_field: string | null; simple_labour: boolean | null }, words: { ja: string; en: string }): Promise<number> {
  const { id } = await trx.insertInto('job_enums').values(row).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('job_enum_translations')
    .values([
      { enum_id: id, language_key: 'ja', value: words.ja },
      { enum_id: id, language_key: 'en', value: words.en },
    ])
    .execute();
  return id;
}

/**
 * Which of a value's words another value of the same list already has (`ja`, `en`), compared
 * without case and surrounding spaces: a second "Kitchen" among the job types would make every
 * choice between them a guess. `list` is a job list's type number, or 'visa' for the residence
 * statuses; `except` is the value being changed.
 */
export async function takenWords(db: DB, list: number | 'visa', words: { ja: string; en: string }, except: number | null): Promise<('ja' | 'en')[]> {
  const others =
    list === 'visa'
      ? await db.selectFrom('visa_types').select(['id', 'ja', 'en']).execute()
      : (await listJobEnums(db))
          .filter((r) => r.type === list)
          .map((r) => ({ id: r.id, ...Object.fromEntries(r.enum_job_translate_value.map((t) => [t.language_key, t.value])) }) as { id: number; ja?: string; en?: string });
  const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
  return (['ja', 'en'] as const).filter((lang) => others.some((o) => o.id !== except && same(o[lang], words[lang])));
}

export async function findJobEnum(db: DB, id: number): Promise<JobEnumRecord | undefined> {
  return (await listJobEnums(db)).find((r) => r.id === id);
}

async function updateJobEnumWrite(db: DB, id: number, input: { ja: string; en: string } & JobTypeDefaults): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const defaults: JobTypeDefaults = {};
    if (input.ssw_field !== undefined) defaults.ssw_field = input.ssw_field;
    if (input.simple_labour !== undefined) defaults.simple_labour = input.simple_labour;
    const found = await trx
      .updateTable('job_enums')
      .set({ updated_at: new Date(), ...defaults })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!found) return false;
    for (const language_key of ['ja', 'en'] as const) {
      await trx
        .insertInto('job_enum_translations')
        .values({ enum_id: id, language_key, value: input[language_key] })
        .onConflict((oc) => oc.columns(['enum_id', 'language_key']).doUpdateSet({ value: input[language_key] }))
        .execute();
    }
    return true;
  });
}

/** How many rows of each table use a value: a delete is refused while any do (`deleteJobEnum`, `deleteVisaType`). */
export type ValueUses = { table: string; count: number }[];

/**
 * Deletes a value no row uses, in one transaction: the value's row is locked first, so a job or a
 * person cannot take it between the count and the delete (a row that points at it takes a key-share
 * lock on it). The uses are every foreign key that would set null on delete (found in the catalogue,
 * so a new one counts without a list to keep) and the jobs' array of residence statuses, which has
 * no foreign key. Deleting a value in use would blank it on those rows: a person without a residence
 * status is held to the strictest rule (work-limits.ts), so a permanent resident would be refused
 * every shift. Returns null when the value does not exist.
 */
async function deleteUnused(db: DB, table: 'job_enums' | 'visa_types', id: number): Promise<{ deleted: true } | { deleted: false; uses: ValueUses } | null> {
  return db.transaction().execute(async (trx) => {
    const found = await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
    if (!found.rows.length) return null;
    const refs = await sql<{ table: string; column: string }>`
      select c.conrelid::regclass::text as table, a.attname as column
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = ${table}::regclass and c.confdeltype = 'n' and cardinality(c.conkey) = 1
      order by 1, 2`.execute(trx);
    const counts = new Map<string, number>();
    const add = (t: string, n: number) => n && counts.set(t, (counts.get(t) ?? 0) + n);
    for (const r of refs.rows) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(r.table)} where ${sql.ref(r.column)} = ${id}`.execute(trx);
      add(r.table, rows[0]!.n);
    }
    if (table === 'visa_types') {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from jobs where ${id} = any(visa_type_ids)`.execute(trx);
      add('jobs', rows[0]!.n);
    }
    if (counts.size) return { deleted: false, uses: [...counts].map(([t, count]) => ({ table: t, count })) };
    await sql`delete from ${sql.table(table)} where id = ${id}`.execute(trx);
    return { deleted: true };
  });
}

const deleteJobEnumWrite = (db: DB, id: number) => deleteUnused(db, 'job_enums', id);

async function upsertVisaTypeWrite(db: DB, input: { id?: number | null; ja: string; en: string }): Promise<number | null> {
  if (input.id) {
    const r = await db.updateTable('visa_types').set({ ja: input.ja, en: input.en }).where('id', '=', input.id).returning('id').executeTakeFirst();
    return r?.id ?? null;
  }
  const { max } = await db
    .selectFrom('visa_types')
    .select((eb) => eb.fn.max('sort').as('max'))
    .executeTakeFirstOrThrow();
  const r = await db
    .insertInto('visa_types')
    .values({ ja: input.ja, en: input.en, sort: (max ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const deleteVisaTypeWrite = (db: DB, id: number) => deleteUnused(db, 'visa_types', id);

/** Writes the reference data into empty tables; never touches tables that already have rows. */
export async function seedReferenceData(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const hasEnums = await trx.selectFrom('job_enums').select('id').limit(1).executeTakeFirst();
    if (!hasEnums) {
      for (const [type, values] of Object.entries(ENUM_SEED)) {
        let sort = 0;
        for (const [ja, en] of values) {
          const [ssw_field, simple_labour] = (Number(type) === ENUM_TYPES.jobTypes && JOB_TYPE_DEFAULTS[ja]) || [null, null];
          await insertJobEnum(trx, { type: Number(type), sort: ++sort, ssw_field, simple_labour }, { ja, en });
        }
      }
    }
    if (!(await trx.selectFrom('visa_types').select('id').limit(1).executeTakeFirst())) {
      await trx
        .insertInto('visa_types')
        .values(VISA_SEED.map(([ja, en], i) => ({ ja, en, sort: i + 1 })))
        .execute();
    }
    if (!(await trx.selectFrom('languages').select('id').limit(1).executeTakeFirst())) {
      await trx
        .insertInto('languages')
        .values(LANGUAGE_SEED.map(([code, ja, en], i) => ({ code, ja, en, sort: i + 1 })))
        .execute();
    }
  });
}

/**
 * A write of reference data, then this process's cached copies of those tables dropped at once
 * (the trigger's NOTIFY tells every process, this one included, a moment later: the next page must
 * not be older).
 */
function thenInvalidate<A extends unknown[], R>(tables: readonly string[], write: (db: DB, ...a: A) => Promise<R>) {
  return async (db: DB, ...a: A): Promise<R> => {
    try {
      return await write(db, ...a);
    } finally {
      for (const table of tables) wroteTable(db, table);
    }
  };
}

const ENUM_TABLES = ['job_enums', 'job_enum_translations'];
export const createJobEnum = thenInvalidate(ENUM_TABLES, createJobEnumWrite);
export const updateJobEnum = thenInvalidate(ENUM_TABLES, updateJobEnumWrite);
export const deleteJobEnum = thenInvalidate(ENUM_TABLES, deleteJobEnumWrite);
export const upsertVisaType = thenInvalidate(['visa_types'], upsertVisaTypeWrite);
export const deleteVisaType = thenInvalidate(['visa_types'], deleteVisaTypeWrite);

/**
 * pickLangSql (server/resources/pick-lang-sql.ts) is pickLang (shared/i18n.ts) in the database: a
 * list that shows, sorts or searches a record's text in SQL reads the same text the page would
 * pick in JavaScript, blanks and the ideographic space included (null where pickLang says '').
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DB } from '../../server/db/connect.ts';
import { withDatabase } from '../../server/db/embedded.ts';
import { pickLangSql } from '../../server/resources/pick-lang-sql.ts';
import { LANGS, pickLang } from '../../shared/i18n.ts';

let db: DB;
beforeAll(() => {
  ({ db } = connectDatabase(withDatabase(inject('pgServerUrl'), 'postgres'), { max: 1 }));
});
afterAll(() => db?.destroy());

const PAIRS: [string | null, string | null][] = [
  ['求人', 'Job'],
  ['求人', ''],
  ['', 'Job'],
  [null, 'Job'],
  ['求人', null],
  ['  ', 'Job'],
  ['\u3000', 'Job'],
  ['求人', ' \t\n'],
  [' 求人 ', 'Job'],
  ['', ''],
  ['', null],
  [null, ''],
  [null, null],
];

describe('pickLangSql', () => {
  it.each(LANGS)('reads in %s what pickLang picks', async (lang) => {
    const rows = sql.join(PAIRS.map(([ja, en], i) => sql`(${i}::int, ${ja}::text, ${en}::text)`));
    const { rows: got } = await sql<{ i: number; text: string | null }>`select p.i, ${pickLangSql(lang, 'p.ja', 'p.en')} as text from (values ${rows}) as p(i, ja, en) order by p.i`.execute(db);
    expect(got.map((r) => r.text ?? '')).toEqual(PAIRS.map(([ja, en]) => pickLang(lang, ja, en)));
  });
});

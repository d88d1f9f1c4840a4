/**
 * Reference data cached in each process (server/modules/enums/reference-cache.ts): read once per
 * change, and a change made anywhere (another process through the API, or straight in the
 * database) shows on the next read in every process.
 */
import { describe, expect, it } from 'vitest';
import { twoAppsForFile, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/wait.ts';

const { a, b } = twoAppsForFile();

const VISAS = '{ enums { visaTypes { id ja en } } }';
const visaEn = async (t: TestApp, id: number) => ((await t.gql(VISAS)).data.enums.visaTypes as { id: number; en: string }[]).find((v) => v.id === id)?.en;

describe('the reference data cache', () => {
  it('answers from memory: a second read returns the very rows of the first', async () => {
    const first = await a.gql(VISAS);
    // Every statement Kysely sends takes a connection from the app's pool: count them.
    let taken = 0;
    const count = () => taken++;
    a.database.pool.on('acquire', count);
    try {
      expect(await a.gql(VISAS)).toEqual(first);
    } finally {
      a.database.pool.off('acquire', count);
    }
    expect(taken).toBe(0);
  });

  it('shows an edit made through one process in the other on its next read', async () => {
    const visa = await a.database.db.selectFrom('visa_types').select(['id', 'ja']).orderBy('id').executeTakeFirstOrThrow();
    expect(await visaEn(b, visa.id)).toBeDefined();
    const r = await a.gql(
      'mutation($id: Int, $input: JobEnumInput!) { upsertVisaType(id: $id, input: $input) { id } }',
      { id: visa.id, input: { ja: visa.ja, en: 'Renamed through A' } },
      { as: 'superadmin' },
    );
    expect(r.errors).toBeUndefined();
    // The writing process drops its copy at once; the other one on the NOTIFY.
    expect(await visaEn(a, visa.id)).toBe('Renamed through A');
    await eventually(async () => expect(await visaEn(b, visa.id)).toBe('Renamed through A'));
  });

  it('notices a change made straight in the database (a trigger sends the notice)', async () => {
    const visa = await a.database.db.selectFrom('visa_types').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await visaEn(a, visa.id);
    await visaEn(b, visa.id);
    await a.database.db.updateTable('visa_types').set({ en: 'Edited in psql' }).where('id', '=', visa.id).execute();
    await eventually(async () => {
      expect(await visaEn(a, visa.id)).toBe('Edited in psql');
      expect(await visaEn(b, visa.id)).toBe('Edited in psql');
    });
  });
});

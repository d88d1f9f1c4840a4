import type { Kysely } from 'kysely';
import namesByCode from './20261207_0060_nationality_codes.json' with { type: 'json' };

/**
 * A person's nationality becomes a country code (ISO 3166-1 alpha-2, shared/countries.ts): the
 * registration form drew a text box, so `candidate_profiles.nationality` holds what people typed
 * ("Vietnam", "ベトナム"). Each stored text that is a country's English or Japanese name (the names
 * ICU gives in both languages, long and short, and a few common other spellings), compared without
 * case or surrounding spaces, becomes that country's code; any other text stays as it is (the
 * screens show such a value as it is). The staff registry (`staff.nationality`) already stores
 * codes from its select; a name found there is turned too.
 *
 * The names are frozen in the JSON file beside this one (country code → its names), not read from
 * shared/countries.ts or Intl at run time: a migration must do the same thing on every database,
 * whatever the code or the ICU version says later.
 */
const NAMES: Record<string, readonly string[]> = namesByCode;

const key = (s: string) => s.trim().toLowerCase();
const CODE_OF = new Map(Object.entries(NAMES).flatMap(([code, names]) => [code, ...names].map((n) => [key(n), code] as const)));

async function toCodes(db: Kysely<any>, table: 'candidate_profiles' | 'staff'): Promise<void> {
  const rows = (await db.selectFrom(table).select('nationality').distinct().where('nationality', 'is not', null).execute()) as { nationality: string }[];
  for (const { nationality } of rows) {
    const code = CODE_OF.get(key(nationality));
    if (code && code !== nationality) await db.updateTable(table).set({ nationality: code }).where('nationality', '=', nationality).execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await toCodes(db, 'candidate_profiles');
  await toCodes(db, 'staff');
}

/**
 * Down leaves the codes as they are: which spelling each person typed is not kept, and a code is a
 * valid value of the free-text column it was before (the older screens show it as stored).
 */
export async function down(_db: Kysely<any>): Promise<void> {}

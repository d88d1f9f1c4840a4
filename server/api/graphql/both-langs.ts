/**
 * A name as the API gives it in both languages: `<key>Ja` as stored, and `<key>En` falling back to
 * the Japanese where the row has no English, so an English reader never meets a blank name.
 */
export const jaEn = <K extends string, J>(key: K, ja: J, en: string | null | undefined) => ({ [`${key}Ja`]: ja, [`${key}En`]: en || ja }) as { [P in `${K}Ja`]: J } & { [P in `${K}En`]: string | J };

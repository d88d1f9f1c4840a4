/**
 * Countries: a person's nationality is stored as its ISO 3166-1 alpha-2 code ('VN') and named in
 * the reader's language where it is shown (`countryName`, through Intl.DisplayNames in
 * shared/format.ts). A stored value that is not a code (free text typed before nationality became
 * a choice, or a registry's 'other') is shown as it is.
 */
import type { Lang } from './i18n.ts';
import { regionName } from './format.ts';

/** The officially assigned ISO 3166-1 alpha-2 codes (249), as data: the list changes with the standard, not with us. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const KNOWN = new Set(COUNTRY_CODES);

/** Whether a value is one of the codes. */
export const isCountryCode = (v: unknown): v is string => typeof v === 'string' && KNOWN.has(v);

/** A nationality as the reader reads it: 'VN' → "ベトナム" / "Vietnam"; a value that is not a code as it is; '' for none. */
export function countryName(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  return isCountryCode(value) ? regionName(value, lang) : value;
}

/** Every country as a choice, named and sorted by name in the reader's language (a select's options). */
export function countryOptions(lang: Lang): readonly { value: string; label: string }[] {
  let list = sorted.get(lang);
  if (!list) {
    const collator = new Intl.Collator(lang);
    list = COUNTRY_CODES.map((value) => ({ value, label: regionName(value, lang) })).sort((a, b) => collator.compare(a.label, b.label));
    sorted.set(lang, list);
  }
  return list;
}
const sorted = new Map<Lang, readonly { value: string; label: string }[]>();

/** Every country with its name in both languages (a choice whose options carry both: the resource engine's selects, a list's cells), in order of the Japanese name. */
export function countryChoices(): readonly { value: string; label: { ja: string; en: string } }[] {
  return (choices ??= countryOptions('ja').map((o) => ({ value: o.value, label: { ja: o.label, en: regionName(o.value, 'en') } })));
}
let choices: readonly { value: string; label: { ja: string; en: string } }[] | undefined;

import { tr, type Lang, type Text } from '../../../shared/i18n.ts';

/** The 47 prefectures, north to south (the area filter of the public boards). */
export const PREFECTURES: Text[] = [
  ['北海道', 'Hokkaido'],
  ['青森県', 'Aomori'],
  ['岩手県', 'Iwate'],
  ['宮城県', 'Miyagi'],
  ['秋田県', 'Akita'],
  ['山形県', 'Yamagata'],
  ['福島県', 'Fukushima'],
  ['茨城県', 'Ibaraki'],
  ['栃木県', 'Tochigi'],
  ['群馬県', 'Gunma'],
  ['埼玉県', 'Saitama'],
  ['千葉県', 'Chiba'],
  ['東京都', 'Tokyo'],
  ['神奈川県', 'Kanagawa'],
  ['新潟県', 'Niigata'],
  ['富山県', 'Toyama'],
  ['石川県', 'Ishikawa'],
  ['福井県', 'Fukui'],
  ['山梨県', 'Yamanashi'],
  ['長野県', 'Nagano'],
  ['岐阜県', 'Gifu'],
  ['静岡県', 'Shizuoka'],
  ['愛知県', 'Aichi'],
  ['三重県', 'Mie'],
  ['滋賀県', 'Shiga'],
  ['京都府', 'Kyoto'],
  ['大阪府', 'Osaka'],
  ['兵庫県', 'Hyogo'],
  ['奈良県', 'Nara'],
  ['和歌山県', 'Wakayama'],
  ['鳥取県', 'Tottori'],
  ['島根県', 'Shimane'],
  ['岡山県', 'Okayama'],
  ['広島県', 'Hiroshima'],
  ['山口県', 'Yamaguchi'],
  ['徳島県', 'Tokushima'],
  ['香川県', 'Kagawa'],
  ['愛媛県', 'Ehime'],
  ['高知県', 'Kochi'],
  ['福岡県', 'Fukuoka'],
  ['佐賀県', 'Saga'],
  ['長崎県', 'Nagasaki'],
  ['熊本県', 'Kumamoto'],
  ['大分県', 'Oita'],
  ['宮崎県', 'Miyazaki'],
  ['鹿児島県', 'Kagoshima'],
  ['沖縄県', 'Okinawa'],
].map(([ja, en]) => ({ ja: ja!, en: en! }));

const BY_JA = new Map(PREFECTURES.map((p) => [p.ja, p]));

/** Jobs store the Japanese name; this gives the name in the page's language (a name it does not know, as stored). */
export function prefectureName(ja: string, lang: Lang): string {
  const prefecture = BY_JA.get(ja);
  return prefecture ? tr(lang, prefecture) : ja;
}

const CHOICES: Partial<Record<Lang, readonly { value: string; label: string }[]>> = {};
/** The prefectures as a form's choices in a language (the value is the Japanese name jobs store), made once per language. */
export function prefectureChoices(lang: Lang): readonly { value: string; label: string }[] {
  return (CHOICES[lang] ??= Object.freeze(PREFECTURES.map((p) => Object.freeze({ value: p.ja, label: tr(lang, p) }))));
}

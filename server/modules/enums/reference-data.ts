/**
 * Reference data every installation needs (not demo data): the enumerations of SPEC §3 with
 * their type numbers, the Japanese residence statuses, and the languages staff speak.
 */
export const ENUM_TYPES = {
  jobTypes: 1,
  genders: 8,
  overtimes: 11,
  jobWeeks: 12,
  computerSkills: 13,
  writeSkills: 14,
  educations: 15,
  readSkills: 16,
  payTypes: 18,
} as const;
export type EnumListName = keyof typeof ENUM_TYPES;

/** Which template page edits which types: job-related on enumjobvalue, person-related on enumuservalue. */
export const JOB_ENUM_TYPES = [ENUM_TYPES.jobTypes, ENUM_TYPES.overtimes, ENUM_TYPES.jobWeeks, ENUM_TYPES.payTypes] as const;
export const USER_ENUM_TYPES = [ENUM_TYPES.genders, ENUM_TYPES.computerSkills, ENUM_TYPES.writeSkills, ENUM_TYPES.educations, ENUM_TYPES.readSkills] as const;

type Pair = [ja: string, en: string];

export const ENUM_SEED: Record<number, Pair[]> = {
  [ENUM_TYPES.jobTypes]: [
    ['飲食・フード', 'Food service'],
    ['倉庫・物流', 'Warehouse and logistics'],
    ['製造・工場', 'Manufacturing and factory'],
    ['ホテル・宿泊', 'Hotel and lodging'],
    ['清掃', 'Cleaning'],
    ['介護', 'Caregiving'],
    ['小売・販売', 'Retail and sales'],
    ['建設', 'Construction'],
    ['農業', 'Agriculture'],
    ['イベント', 'Events'],
  ],
  [ENUM_TYPES.genders]: [
    ['男性', 'Male'],
    ['女性', 'Female'],
    ['その他', 'Other'],
    ['回答しない', 'Prefer not to say'],
  ],
  [ENUM_TYPES.overtimes]: [
    ['残業なし', 'No overtime'],
    ['月10時間未満', 'Under 10 hours a month'],
    ['月10〜20時間', '10 to 20 hours a month'],
    ['月20時間以上', 'Over 20 hours a month'],
  ],
  [ENUM_TYPES.jobWeeks]: [
    ['週1日から', 'From 1 day a week'],
    ['週2〜3日', '2 to 3 days a week'],
    ['週4日以上', '4 or more days a week'],
    ['土日のみ', 'Weekends only'],
    ['シフト制', 'Shift-based'],
  ],
  [ENUM_TYPES.computerSkills]: [
    ['不要', 'Not needed'],
    ['基本操作', 'Basic operation'],
    ['Word・Excel', 'Word and Excel'],
    ['プログラミング', 'Programming'],
  ],
  [ENUM_TYPES.writeSkills]: [
    ['ひらがな・カタカナ', 'Hiragana and katakana'],
    ['簡単な漢字', 'Basic kanji'],
    ['ビジネス文書', 'Business documents'],
    ['ネイティブ', 'Native'],
  ],
  [ENUM_TYPES.educations]: [
    ['中学校卒業', 'Junior high school'],
    ['高等学校卒業', 'High school'],
    ['専門学校卒業', 'Vocational school'],
    ['短期大学卒業', 'Junior college'],
    ['大学卒業', "Bachelor's degree"],
    ['大学院修了', "Master's degree or higher"],
  ],
  [ENUM_TYPES.readSkills]: [
    ['N5レベル', 'JLPT N5 level'],
    ['N4レベル', 'JLPT N4 level'],
    ['N3レベル', 'JLPT N3 level'],
    ['N2レベル', 'JLPT N2 level'],
    ['N1レベル', 'JLPT N1 level'],
    ['ネイティブ', 'Native'],
  ],
  [ENUM_TYPES.payTypes]: [
    ['時給', 'Hourly'],
    ['日給', 'Daily'],
    ['月給', 'Monthly'],
    ['週払い', 'Weekly pay'],
  ],
};

/** Japanese residence statuses (在留資格) relevant to work. */
/**
 * The shipped job types' defaults for their jobs (migration 0050, docs/workforce.md): the 特定技能
 * field (分野, as the 分野別運用方針 name them; SSW_FIELDS of workforce/work-limits.ts) and whether the
 * work is simple manual work (picking, packing, cleaning, line work, serving). null: no default.
 */
export const JOB_TYPE_DEFAULTS: Readonly<Record<string, readonly [sswField: string | null, simpleLabour: boolean | null]>> = {
  '飲食・フード': ['外食業', true],
  '倉庫・物流': [null, true],
  '製造・工場': [null, true],
  'ホテル・宿泊': ['宿泊', null],
  清掃: ['ビルクリーニング', true],
  介護: ['介護', null],
  建設: ['建設', null],
  農業: ['農業', null],
};

export const VISA_SEED: Pair[] = [
  ['特定技能1号', 'Specified Skilled Worker (i)'],
  ['特定技能2号', 'Specified Skilled Worker (ii)'],
  ['技能実習', 'Technical Intern Training'],
  ['技術・人文知識・国際業務', 'Engineer / Specialist in Humanities / International Services'],
  ['留学', 'Student'],
  ['家族滞在', 'Dependent'],
  ['永住者', 'Permanent Resident'],
  ['日本人の配偶者等', 'Spouse or Child of Japanese National'],
  ['永住者の配偶者等', 'Spouse or Child of Permanent Resident'],
  ['定住者', 'Long-Term Resident'],
  ['特定活動', 'Designated Activities'],
];

export const LANGUAGE_SEED: [code: string, ja: string, en: string][] = [
  ['ja', '日本語', 'Japanese'],
  ['en', '英語', 'English'],
  ['vi', 'ベトナム語', 'Vietnamese'],
  ['zh', '中国語', 'Chinese'],
  ['ko', '韓国語', 'Korean'],
  ['tl', 'タガログ語', 'Tagalog'],
  ['id', 'インドネシア語', 'Indonesian'],
  ['ne', 'ネパール語', 'Nepali'],
  ['my', 'ミャンマー語', 'Burmese'],
  ['th', 'タイ語', 'Thai'],
  ['pt', 'ポルトガル語', 'Portuguese'],
  ['es', 'スペイン語', 'Spanish'],
];

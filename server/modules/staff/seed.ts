import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { addDays, todayInJapan } from '../../time.ts';

/**
 * Demo staff for /admin/staff: people from the countries Japanese staffing companies
 * most often place, across both demo companies, with several residence cards expiring within 60
 * days so the "expires soon" filter has something to show on first start.
 */
interface DemoStaff {
  company: 'c1' | 'c2';
  name: string;
  kana: string;
  nationality: string;
  born: string;
  gender: 'male' | 'female';
  visa: string;
  /** Days from today until the residence card expires. */
  expiresIn: number;
  read: string;
  languages: string[];
  phone: string;
  address: string;
  card: string;
  passport?: string;
  notes?: string;
}

const PEOPLE: DemoStaff[] = [
  {
    company: 'c1',
    name: 'NGUYEN VAN MINH',
    kana: 'グエン ヴァン ミン',
    nationality: 'VN',
    born: '1998-07-14',
    gender: 'male',
    visa: '特定技能1号',
    expiresIn: 25,
    read: 'N3レベル',
    languages: ['vi', 'ja'],
    phone: '080-2211-3344',
    address: '東京都江東区亀戸2-14-8',
    card: 'UH12345678EA',
    passport: 'C1234567',
    notes: '在留期間更新の申請を準備中。 Renewal application in preparation.',
  },
  {
    company: 'c1',
    name: 'SANTOS MARIA CLARA',
    kana: 'サントス マリア クララ',
    nationality: 'PH',
    born: '1989-02-03',
    gender: 'female',
    visa: '永住者',
    expiresIn: 1460,
    read: 'N2レベル',
    languages: ['tl', 'en', 'ja'],
    phone: '090-5566-7788',
    address: '神奈川県川崎市川崎区駅前本町11-2',
    card: 'PR87654321JP',
  },
  {
    company: 'c1',
    name: 'GURUNG BIKASH',
    kana: 'グルン ビカス',
    nationality: 'NP',
    born: '2002-11-20',
    gender: 'male',
    visa: '留学',
    expiresIn: 48,
    read: 'N4レベル',
    languages: ['ne', 'en', 'ja'],
    phone: '070-1234-9876',
    address: '東京都新宿区大久保1-5-3',
    card: 'ST24681357NP',
    notes: '資格外活動許可あり（週28時間まで）。 Permitted to work up to 28 hours a week.',
  },
  {
    company: 'c1',
    name: 'SITI NURHALIZA',
    kana: 'シティ ヌルハリザ',
    nationality: 'ID',
    born: '1999-05-09',
    gender: 'female',
    visa: '特定技能1号',
    expiresIn: 410,
    read: 'N3レベル',
    languages: ['id', 'ja'],
    phone: '080-9988-7766',
    address: '埼玉県川口市栄町3-7-1',
    card: 'SS11223344ID',
    passport: 'X9876543',
  },
  {
    company: 'c1',
    name: 'ZHANG WEI',
    kana: 'チョウ イ',
    nationality: 'CN',
    born: '1993-09-27',
    gender: 'male',
    visa: '技術・人文知識・国際業務',
    expiresIn: 760,
    read: 'N1レベル',
    languages: ['zh', 'ja', 'en'],
    phone: '090-3141-5926',
    address: '東京都豊島区池袋2-40-12',
    card: 'EN55667788CN',
  },
  {
    company: 'c2',
    name: 'AUNG KYAW MIN',
    kana: 'アウン チョー ミン',
    nationality: 'MM',
    born: '2000-01-15',
    gender: 'male',
    visa: '特定技能1号',
    expiresIn: 12,
    read: 'N4レベル',
    languages: ['my', 'ja'],
    phone: '080-4455-6677',
    address: '大阪府大阪市浪速区難波中1-8-5',
    card: 'MM99887766AK',
    passport: 'MB123456',
    notes: '更新手続きが急ぎ必要です。 Renewal needed urgently.',
  },
  {
    company: 'c2',
    name: 'OLIVEIRA LUCAS',
    kana: 'オリヴェイラ ルーカス',
    nationality: 'BR',
    born: '1991-12-01',
    gender: 'male',
    visa: '定住者',
    expiresIn: 300,
    read: 'N5レベル',
    languages: ['pt', 'es', 'ja'],
    phone: '090-7788-9900',
    address: '大阪府堺市堺区中瓦町2-3-9',
    card: 'LT33445566BR',
  },
  {
    company: 'c2',
    name: 'TRAN THI LAN',
    kana: 'チャン ティ ラン',
    nationality: 'VN',
    born: '1996-06-30',
    gender: 'female',
    visa: '家族滞在',
    expiresIn: 55,
    read: 'N4レベル',
    languages: ['vi'],
    phone: '070-6655-4433',
    address: '大阪府大阪市生野区桃谷3-2-11',
    card: 'DP10293847VN',
    notes: '資格外活動許可あり。 Holds a permit to work part-time.',
  },
];

/** YYYY-MM-DD of today plus `days`, in Japan. */
const dayFromToday = (days: number): string => addDays(todayInJapan(), days);

export async function seedDemoStaff(trx: Kysely<Database>, companies: { c1: string; c2: string }): Promise<void> {
  const enums = await trx
    .selectFrom('job_enums as e')
    .innerJoin('job_enum_translations as t', 't.enum_id', 'e.id')
    .select(['e.id', 'e.type', 't.value'])
    .where('t.language_key', '=', 'ja')
    .where('e.type', 'in', [8, 16])
    .execute();
  const enumId = (type: number, ja: string) => enums.find((e) => e.type === type && e.value === ja)?.id ?? null;
  const visas = await trx.selectFrom('visa_types').select(['id', 'ja']).execute();
  for (const p of PEOPLE) {
    const expiry = dayFromToday(p.expiresIn);
    const { id } = await trx
      .insertInto('staff')
      .values({
        company_id: companies[p.company],
        name: p.name,
        name_kana: p.kana,
        email: `${p.name.toLowerCase().replace(/[^a-z]+/g, '.')}@staff.demo.test`,
        phone: p.phone,
        nationality: p.nationality,
        birth_date: p.born,
        gender: enumId(8, p.gender === 'male' ? '男性' : '女性'),
        visa_type_id: visas.find((v) => v.ja === p.visa)?.id ?? null,
        visa_expiry: expiry,
        read_skill: enumId(16, p.read),
        languages: p.languages,
        address: p.address,
        notes: p.notes ?? '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('staff_documents')
      .values([
        { staff_id: id, kind: 'residence_card' as const, number: p.card, expires_on: expiry, note: null },
        ...(p.passport ? [{ staff_id: id, kind: 'passport' as const, number: p.passport, expires_on: dayFromToday(p.expiresIn + 1500), note: null }] : []),
      ])
      .execute();
  }
}

/**
 * Likely duplicates on first start (docs/workforce.md "One person"): Sakura
 * Staffing registered Le Thi Hoa by hand with her e-mail in other capitals (she is also the
 * registered candidate cardcheck@demo.test, who applied to Sakura), and registered Nguyen Van Minh
 * twice with the same residence card written with spaces.
 */
export async function seedDemoPersonDuplicates(trx: Kysely<Database>, companyId: string): Promise<void> {
  const visas = await trx.selectFrom('visa_types').select(['id', 'ja']).execute();
  const rows = [
    { name: 'LE THI HOA', kana: 'レ ティ ホア', email: 'CardCheck@Demo.test', visa: '留学', expiresIn: 200, card: null, notes: '電話で登録。 Registered by phone.' },
    {
      name: 'NGUYEN V. MINH',
      kana: 'グエン ミン',
      email: null,
      visa: '特定技能1号',
      expiresIn: 25,
      card: 'UH 12345678 EA',
      notes: '紹介で登録（重複の可能性）。 Registered from a referral (may be a duplicate).',
    },
  ];
  for (const p of rows) {
    const { id } = await trx
      .insertInto('staff')
      .values({
        company_id: companyId,
        name: p.name,
        name_kana: p.kana,
        email: p.email,
        phone: null,
        nationality: 'VN',
        birth_date: null,
        gender: null,
        visa_type_id: visas.find((v) => v.ja === p.visa)?.id ?? null,
        visa_expiry: dayFromToday(p.expiresIn),
        read_skill: null,
        languages: ['vi'],
        address: null,
        notes: p.notes,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.card)
      await trx
        .insertInto('staff_documents')
        .values({ staff_id: id, kind: 'residence_card', number: p.card, expires_on: dayFromToday(p.expiresIn), note: null })
        .execute();
  }
}

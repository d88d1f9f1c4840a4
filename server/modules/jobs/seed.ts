import { sql } from 'kysely';
import type { DB } from '../../db/connect.ts';
import { expandPlan } from './shift-plan.ts';
import { addDays, todayInJapan } from '../../time.ts';

/** Demo jobs (DESIGN.md §4): both demo companies publish daily and part-time jobs with a week or two of shifts. */
interface DemoJob {
  kind: 'daily' | 'other';
  ja: string;
  en: string;
  dja: string;
  den: string;
  type: string; // job type (ja value)
  pay: string; // pay type (ja value)
  wage: number;
  prefecture: string;
  city: string;
  station: string;
  languages?: string[];
  visas?: string[]; // ja names
  /** Simple manual work although its job type's default says otherwise (room cleaning at a hotel, serving at banquets). */
  simpleLabour?: boolean;
  slots?: [string, string][];
  weekdays?: number[];
}

const DEMO_JOBS: { company: 0 | 1; client: number; job: DemoJob }[] = [
  {
    company: 0,
    client: 1,
    job: {
      kind: 'daily',
      ja: '倉庫内ピッキング（日払い）',
      en: 'Warehouse picking (daily pay)',
      dja: '通販商品のピッキングと梱包です。未経験歓迎、丁寧に教えます。\n\n服装自由、ロッカーあり。',
      den: 'Picking and packing online orders. No experience needed; we teach you step by step.\n\nCasual clothes, lockers available.',
      type: '倉庫・物流',
      pay: '時給',
      wage: 1300,
      prefecture: '埼玉県',
      city: '川口市',
      station: '川口駅',
      languages: ['vi', 'en'],
      slots: [
        ['09:00', '18:00'],
        ['13:00', '22:00'],
      ],
      weekdays: [1, 2, 3, 4, 5, 6],
    },
  },
  {
    company: 0,
    client: 0,
    job: {
      kind: 'daily',
      ja: 'ホールスタッフ（ランチ）',
      en: 'Restaurant floor staff (lunch)',
      dja: 'ランチタイムの配膳と片付けです。簡単な日本語でOK。',
      den: 'Serving and clearing tables at lunchtime. Simple Japanese is fine.',
      type: '飲食・フード',
      pay: '時給',
      wage: 1250,
      prefecture: '東京都',
      city: '新宿区',
      station: '新宿駅',
      languages: ['en'],
      slots: [['10:30', '15:00']],
      weekdays: [1, 2, 3, 4, 5],
    },
  },
  {
    company: 0,
    client: 0,
    job: {
      kind: 'daily',
      ja: 'キッチン補助（夜）',
      en: 'Kitchen assistant (evening)',
      dja: '仕込みと洗い場の担当です。まかない付き。',
      den: 'Food prep and dishwashing. A staff meal is included.',
      type: '飲食・フード',
      pay: '時給',
      wage: 1350,
      prefecture: '東京都',
      city: '渋谷区',
      station: '渋谷駅',
      slots: [['17:00', '22:00']],
      weekdays: [0, 4, 5, 6],
    },
  },
  {
    company: 0,
    client: 1,
    job: {
      kind: 'daily',
      ja: '仕分け作業（早朝）',
      en: 'Parcel sorting (early morning)',
      dja: '宅配荷物の仕分けです。体力に自信のある方歓迎。',
      den: 'Sorting parcels for delivery. Good for people who like active work.',
      type: '倉庫・物流',
      pay: '日給',
      wage: 9800,
      prefecture: '千葉県',
      city: '市川市',
      station: '市川駅',
      languages: ['ne', 'vi'],
      visas: ['特定技能1号', '永住者', '定住者', '日本人の配偶者等'],
      slots: [['05:00', '10:00']],
      weekdays: [1, 2, 3, 4, 5, 6],
    },
  },
  {
    company: 1,
    client: 2,
    job: {
      kind: 'daily',
      ja: 'ホテル客室清掃',
      en: 'Hotel room cleaning',
      dja: 'チェックアウト後の客室清掃とベッドメイクです。2人1組で作業します。',
      den: 'Cleaning rooms and making beds after check-out. You work in pairs.',
      type: 'ホテル・宿泊',
      simpleLabour: true,
      pay: '時給',
      wage: 1200,
      prefecture: '大阪府',
      city: '大阪市中央区',
      station: '難波駅',
      languages: ['zh', 'en'],
      slots: [['10:00', '15:00']],
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    },
  },
  {
    company: 1,
    client: 2,
    job: {
      kind: 'daily',
      ja: '宴会スタッフ',
      en: 'Banquet staff',
      dja: '結婚式や宴会の配膳です。制服貸与。',
      den: 'Serving at weddings and banquets. Uniform provided.',
      type: 'イベント',
      simpleLabour: true,
      pay: '時給',
      wage: 1400,
      prefecture: '大阪府',
      city: '大阪市北区',
      station: '梅田駅',
      languages: ['en', 'ko'],
      slots: [['16:00', '22:00']],
      weekdays: [5, 6, 0],
    },
  },
  {
    company: 0,
    client: 0,
    job: {
      kind: 'other',
      ja: 'カフェスタッフ（週3日〜）',
      en: 'Café staff (3+ days a week)',
      dja: 'ドリンク作りとレジ担当です。留学生歓迎（週28時間以内で調整します）。',
      den: 'Making drinks and working the till. Students welcome (we keep you within 28 hours a week).',
      type: '飲食・フード',
      pay: '時給',
      wage: 1250,
      prefecture: '東京都',
      city: '豊島区',
      station: '池袋駅',
      languages: ['en'],
    },
  },
  {
    company: 0,
    client: 1,
    job: {
      kind: 'other',
      ja: '物流センターでのフォークリフト作業',
      en: 'Forklift operator at a logistics centre',
      dja: 'フォークリフト免許をお持ちの方。正社員登用あり。',
      den: 'For holders of a forklift licence. A path to full-time employment.',
      type: '倉庫・物流',
      pay: '時給',
      wage: 1500,
      prefecture: '神奈川県',
      city: '相模原市',
      station: '橋本駅',
      visas: ['特定技能1号', '技術・人文知識・国際業務', '永住者', '定住者'],
    },
  },
  {
    company: 0,
    client: 1,
    job: {
      kind: 'other',
      ja: '食品工場のライン作業',
      en: 'Food factory line work',
      dja: 'お弁当の盛り付けです。週4日以上。交通費支給。',
      den: 'Arranging boxed lunches on the line. 4+ days a week; travel costs paid.',
      type: '製造・工場',
      pay: '時給',
      wage: 1150,
      prefecture: '埼玉県',
      city: '戸田市',
      station: '戸田公園駅',
      languages: ['vi', 'my'],
    },
  },
  {
    company: 1,
    client: 2,
    job: {
      kind: 'other',
      ja: 'ホテルフロント（英語を使う仕事）',
      en: 'Hotel front desk (English used)',
      dja: '海外のお客様の受付です。英語と日本語（N2程度）を使います。',
      den: 'Welcoming guests from abroad. You use English and Japanese (around N2).',
      type: 'ホテル・宿泊',
      pay: '月給',
      wage: 240000,
      prefecture: '大阪府',
      city: '大阪市浪速区',
      station: '新今宮駅',
      languages: ['en', 'ja'],
      visas: ['技術・人文知識・国際業務', '永住者', '日本人の配偶者等', '定住者'],
    },
  },
  {
    company: 1,
    client: 2,
    job: {
      kind: 'other',
      ja: '介護スタッフ（夜勤あり）',
      en: 'Care worker (night shifts)',
      dja: '高齢者施設での生活支援です。資格取得支援あり。',
      den: 'Supporting residents at a care home. We help you earn qualifications.',
      type: '介護',
      pay: '月給',
      wage: 230000,
      prefecture: '兵庫県',
      city: '神戸市',
      station: '三宮駅',
      visas: ['特定技能1号', '永住者', '定住者', '日本人の配偶者等'],
    },
  },
  {
    company: 0,
    client: 0,
    job: {
      kind: 'other',
      ja: 'スーパーの品出し（早朝）',
      en: 'Supermarket shelf stocking (early morning)',
      dja: '開店前の品出しです。短時間で働けます。',
      den: 'Stocking shelves before opening. Short hours.',
      type: '小売・販売',
      pay: '時給',
      wage: 1230,
      prefecture: '東京都',
      city: '江東区',
      station: '門前仲町駅',
    },
  },
];

/** The seeded places in English, as a candidate reading English finds them. */
const PLACES_EN: Record<string, string> = {
  川口市: 'Kawaguchi',
  川口駅: 'Kawaguchi Station',
  新宿区: 'Shinjuku',
  新宿駅: 'Shinjuku Station',
  渋谷区: 'Shibuya',
  渋谷駅: 'Shibuya Station',
  市川市: 'Ichikawa',
  市川駅: 'Ichikawa Station',
  大阪市中央区: 'Chuo, Osaka',
  難波駅: 'Namba Station',
  大阪市北区: 'Kita, Osaka',
  梅田駅: 'Umeda Station',
  豊島区: 'Toshima',
  池袋駅: 'Ikebukuro Station',
  相模原市: 'Sagamihara',
  橋本駅: 'Hashimoto Station',
  戸田市: 'Toda',
  戸田公園駅: 'Toda-koen Station',
  大阪市浪速区: 'Naniwa, Osaka',
  新今宮駅: 'Shin-Imamiya Station',
  神戸市: 'Kobe',
  三宮駅: 'Sannomiya Station',
  江東区: 'Koto',
  門前仲町駅: 'Monzen-nakacho Station',
};

/**
 * When the demo job at `index` of DEMO_JOBS was posted: a day apart, in the list's order, the
 * newest 17 days before today. So every job was posted before the past weeks' shifts worked on it
 * (server/modules/payroll/seed.ts), and "a company's oldest open job of a kind", which the other
 * seeds apply to, is the same job on every database (one instant for all made it a random pick).
 */
const postedOn = (today: string, index: number) => new Date(`${addDays(today, index - DEMO_JOBS.length - 16)}T10:00:00+09:00`);

/** Writes the demo jobs; `today` anchors the shifts (the next 14 days). */
export async function seedDemoJobs(db: DB, companies: { id: string; clients: string[] }[], today = new Date()): Promise<void> {
  const enums = await db
    .selectFrom('job_enums as e')
    .innerJoin('job_enum_translations as t', (j) => j.onRef('t.enum_id', '=', 'e.id').on('t.language_key', '=', 'ja'))
    .select(['e.id', 'e.type', 't.value'])
    .execute();
  const enumId = (type: number, ja: string) => enums.find((e) => e.type === type && e.value === ja)?.id ?? null;
  const visas = await db.selectFrom('visa_types').select(['id', 'ja']).execute();
  const from = todayInJapan(today);
  const to = addDays(from, 13);
  for (const [index, { company, client, job }] of DEMO_JOBS.entries()) {
    const c = companies[company];
    if (!c) continue;
    const clientId = c.clients[client % c.clients.length]!;
    const { id } = await db
      .insertInto('jobs')
      .values({
        company_id: c.id,
        client_id: clientId,
        kind: job.kind,
        title_ja: job.ja,
        title_en: job.en,
        description_ja: job.dja,
        description_en: job.den,
        job_type_id: enumId(1, job.type),
        pay_type_id: enumId(18, job.pay),
        overtime_id: enumId(11, '残業なし'),
        job_week_id: enumId(12, job.kind === 'daily' ? '週1日から' : '週2〜3日'),
        read_skill_id: enumId(16, 'N4レベル'),
        wage: job.wage,
        prefecture: job.prefecture,
        city: job.city,
        station: job.station,
        city_en: PLACES_EN[job.city] ?? '',
        station_en: PLACES_EN[job.station] ?? '',
        languages: job.languages ?? [],
        visa_type_ids: (job.visas ?? []).map((v) => visas.find((x) => x.ja === v)?.id).filter((x): x is number => x !== undefined),
        ...(job.simpleLabour === undefined ? {} : { simple_labour: job.simpleLabour }),
        headcount: job.kind === 'daily' ? 10 : 2,
        status: 'open',
        created_at: postedOn(from, index),
        updated_at: postedOn(from, index),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (job.kind === 'daily') {
      const shifts = expandPlan({
        from,
        to,
        weekdays: job.weekdays ?? [1, 2, 3, 4, 5],
        slots: (job.slots ?? [['09:00', '17:00']]).map(([start, end]) => ({ start, end })),
        capacity: 3,
        breakMinutes: 60,
      });
      await db
        .insertInto('job_daily_shifts')
        .values(shifts.map((s) => ({ ...s, job_id: id })))
        .execute();
    }
  }
  // One closed and one draft job, so the admin screens show every state.
  const first = companies[0];
  if (first) {
    await db
      .insertInto('jobs')
      .values([
        {
          company_id: first.id,
          client_id: first.clients[0]!,
          kind: 'other',
          title_ja: '年末イベント設営（募集終了）',
          title_en: 'Year-end event set-up (closed)',
          wage: 1300,
          prefecture: '東京都',
          city: '港区',
          city_en: 'Minato',
          status: 'closed',
          created_at: postedOn(from, -30),
          updated_at: postedOn(from, -30),
        },
        {
          company_id: first.id,
          client_id: first.clients[0]!,
          kind: 'daily',
          title_ja: '棚卸し作業（下書き）',
          title_en: 'Stocktaking (draft)',
          wage: 1250,
          prefecture: '東京都',
          city: '品川区',
          city_en: 'Shinagawa',
          status: 'draft',
        },
      ])
      .execute();
  }
  await sql`analyze jobs`.execute(db);
}

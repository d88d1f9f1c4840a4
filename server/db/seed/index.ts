import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/password.ts';
import { defaultPageRoles, ROLE_KIND, type Role } from '../../auth/default-roles.ts';
import { ROLE_TITLES } from '../../auth/role-titles.ts';
import { ADMIN_CODES } from '../../access/routes.ts';
import type { DB } from '../connect.ts';
import type { DemoCompanies } from '../../feature.ts';
import { demoSeedSteps } from '../../features.ts';
import { seedReferenceData } from '../../modules/enums/service.ts';
import { seedTemplateDefaults } from '../../modules/templates/defaults.ts';
import { copyTemplatesToCompany } from '../../modules/templates/copy.ts';
import { addDays, todayInJapan } from '../../../shared/time.ts';

/** Built-in roles with their display names. */
export const BUILTIN_ROLES = (Object.keys(ROLE_TITLES) as Role[]).map((name) => ({
  name,
  kind: name === 'candidate' ? ('candidate' as const) : ROLE_KIND[name],
  ja: ROLE_TITLES[name]!.ja,
  en: ROLE_TITLES[name]!.en,
}));

/**
 * Roles and reference data (enumerations, visa types, languages) always exist; the default
 * page-role map is written only on a database that has none.
 */
export async function seedBase(db: DB): Promise<void> {
  await seedReferenceData(db);
  // Template pages: platform defaults (company_id null) in empty tables.
  await seedTemplateDefaults(db);
  await db
    .insertInto('roles')
    .values(BUILTIN_ROLES.map((r) => ({ name: r.name, kind: r.kind, title_ja: r.ja, title_en: r.en, builtin: true })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const any = await db.selectFrom('page_roles').select('code').limit(1).executeTakeFirst();
  if (!any) {
    const map = defaultPageRoles([...ADMIN_CODES]);
    const rows = Object.entries(map).flatMap(([code, roles]) => roles.map((role) => ({ code: Number(code), role })));
    await db.insertInto('page_roles').values(rows).execute();
  }
}

export interface DemoAccount {
  email: string;
  role: Role;
  name: string;
  company?: string;
}

export interface SeedResult {
  seeded: boolean;
  password: string | null;
  accounts: DemoAccount[];
}

export const DEMO_ACCOUNTS: (DemoAccount & { companyKey?: 'c1' | 'c2'; clientKey?: 'c1a' | 'c1b' | 'c2a' })[] = [
  { email: 'superadmin@demo.test', role: 'superadmin', name: '山田 太郎 (Taro Yamada)' },
  { email: 'admin@demo.test', role: 'admin', name: '佐藤 花子 (Hanako Sato)' },
  { email: 'company@demo.test', role: 'company_admin', name: '鈴木 一郎 (Ichiro Suzuki)', companyKey: 'c1' },
  { email: 'companystaff@demo.test', role: 'company_staff', name: '高橋 美咲 (Misaki Takahashi)', companyKey: 'c1' },
  { email: 'client@demo.test', role: 'client_admin', name: '田中 健 (Ken Tanaka)', companyKey: 'c1', clientKey: 'c1a' },
  { email: 'clientstaff@demo.test', role: 'client_staff', name: '伊藤 さくら (Sakura Ito)', companyKey: 'c1', clientKey: 'c1a' },
  { email: 'company2@demo.test', role: 'company_admin', name: '渡辺 翔 (Sho Watanabe)', companyKey: 'c2' },
  { email: 'candidate@demo.test', role: 'candidate', name: 'Nguyen Van An' },
  { email: 'candidate2@demo.test', role: 'candidate', name: 'Maria Santos' },
  { email: 'candidate3@demo.test', role: 'candidate', name: 'Aung Kyaw' },
  { email: 'candidate4@demo.test', role: 'candidate', name: 'Siti Rahma' },
  // Workers whose last week became pay, transfers and invoices (server/modules/payroll/seed.ts).
  { email: 'worker1@demo.test', role: 'candidate', name: 'Tran Thi Mai' },
  { email: 'worker2@demo.test', role: 'candidate', name: 'Jose Reyes' },
  { email: 'worker3@demo.test', role: 'candidate', name: 'Bikash Thapa' },
  // A student whose residence card waits for a check (server/modules/workforce/seed.ts).
  { email: 'cardcheck@demo.test', role: 'candidate', name: 'Le Thi Hoa' },
  // A student near her 28 hours a week (server/modules/workforce/seed.ts).
  { email: 'student@demo.test', role: 'candidate', name: 'Tran Minh Chau' },
  // The people the placement rules refuse: 17, a technical intern, 特定技能 外食業, an engineer visa (server/modules/workforce/seed.ts).
  { email: 'minor@demo.test', role: 'candidate', name: 'Anna Dela Cruz' },
  { email: 'intern@demo.test', role: 'candidate', name: 'Nguyen Thi Lan' },
  { email: 'ssw@demo.test', role: 'candidate', name: 'Rina Gurung' },
  { email: 'engineer@demo.test', role: 'candidate', name: 'Arjun Sharma' },
];

/**
 * Demo data for a fresh database (DESIGN.md §4). Runs only when there are no users, so a
 * restart never duplicates anything. Later issues extend it for their screens.
 */
export async function seedDemo(db: DB, opts: { password?: string }): Promise<SeedResult> {
  await seedBase(db);
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false, password: null, accounts: [] };

  const password = opts.password ?? randomBytes(9).toString('base64url');
  const hash = await hashPassword(password);

  return db.transaction().execute(async (trx) => {
    const [c1, c2] = await trx
      .insertInto('companies')
      .values([
        { name: 'さくら人材サービス株式会社', name_en: 'Sakura Staffing Co., Ltd.', email: 'info@sakura-staffing.demo.test', phone: '03-0000-0001' },
        { name: 'みなと派遣株式会社', name_en: 'Minato Dispatch Inc.', email: 'contact@minato-dispatch.demo.test', phone: '06-0000-0002' },
      ])
      .returning('id')
      .execute();
    if (!c1 || !c2) throw new Error('seed: companies not created');
    const clients = await trx
      .insertInto('clients')
      .values([
        { company_id: c1.id, name: '東京フードサービス株式会社', name_en: 'Tokyo Food Service Co.' },
        { company_id: c1.id, name: '関東ロジスティクス株式会社', name_en: 'Kanto Logistics Co.' },
        { company_id: c2.id, name: '大阪ホテルズ株式会社', name_en: 'Osaka Hotels Co.' },
      ])
      .returning('id')
      .execute();
    const companyIds = { c1: c1.id, c2: c2.id };
    const clientIds = { c1a: clients[0]!.id, c1b: clients[1]!.id, c2a: clients[2]!.id };
    // Each demo company starts from its own copy of the platform's templates (as a trial signup does).
    await copyTemplatesToCompany(trx, c1.id);
    await copyTemplatesToCompany(trx, c2.id);

    await trx
      .insertInto('users')
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          email: a.email,
          password_hash: hash,
          name: a.name,
          role: a.role,
          company_id: a.companyKey ? companyIds[a.companyKey] : null,
          client_id: a.clientKey ? clientIds[a.clientKey] : null,
          lang: a.role === 'candidate' ? ('en' as const) : ('ja' as const),
        })),
      )
      .execute();

    // The demo candidates registered as candidates do (nationality, residence status
    // and card expiry show in every list): one card well in date, one expiring within 90 days and
    // one within 30, so the record's warnings show.
    const visa = async (ja: string) => (await trx.selectFrom('visa_types').select('id').where('ja', '=', ja).executeTakeFirstOrThrow()).id;
    const inDays = (days: number) => addDays(todayInJapan(), days);
    const profiles = [
      // 定住者 and 永住者: people this dispatching company may place on any work (a 特定技能 person is
      // placed by dispatch only in agriculture and fishery: Tran Thi Mai below is employed directly).
      { email: 'candidate@demo.test', phone: '090-0000-1001', nationality: 'VN', visa: '定住者', expiry: inDays(400), languages: ['vi', 'ja', 'en'] },
      { email: 'candidate2@demo.test', phone: '090-0000-1002', nationality: 'PH', visa: '留学', expiry: inDays(45), languages: ['tl', 'en', 'ja'] },
      { email: 'candidate3@demo.test', phone: '090-0000-1003', nationality: 'MM', visa: '家族滞在', expiry: inDays(20), languages: ['my', 'ja'] },
      { email: 'candidate4@demo.test', phone: '090-0000-1004', nationality: 'ID', visa: '永住者', expiry: inDays(700), languages: ['id', 'ja', 'en'] },
      { email: 'worker1@demo.test', phone: '090-0000-2001', nationality: 'VN', visa: '特定技能1号', expiry: inDays(500), languages: ['vi', 'ja'] },
      { email: 'worker2@demo.test', phone: '090-0000-2002', nationality: 'PH', visa: '定住者', expiry: inDays(900), languages: ['tl', 'en', 'ja'] },
      // 永住者: any work, so last week's warehouse picking is work his status allows (an engineer's status would not cover it).
      { email: 'worker3@demo.test', phone: '090-0000-2003', nationality: 'NP', visa: '永住者', expiry: inDays(300), languages: ['ne', 'en', 'ja'] },
      { email: 'student@demo.test', phone: '090-0000-3101', nationality: 'VN', visa: '留学', expiry: inDays(300), languages: ['vi', 'ja', 'en'] },
    ];
    const candidates = await trx.selectFrom('users').select(['id', 'email']).where('role', '=', 'candidate').execute();
    for (const p of profiles) {
      const user = candidates.find((c) => c.email === p.email);
      if (!user) continue;
      await trx
        .insertInto('candidate_profiles')
        .values({ user_id: user.id, phone: p.phone, nationality: p.nationality, visa_type_id: await visa(p.visa), visa_expiry: p.expiry, languages: p.languages })
        .execute();
    }

    // Each feature's demo data, in the order of FEATURES (server/features.ts).
    const demo: DemoCompanies = { company: c1.id, companies: companyIds, clients: clientIds };
    for (const step of demoSeedSteps()) await step(trx, demo);

    return {
      seeded: true,
      password,
      accounts: DEMO_ACCOUNTS.map(({ email, role, name, companyKey }) => ({
        email,
        role,
        name,
        company: companyKey === 'c1' ? 'Sakura Staffing' : companyKey === 'c2' ? 'Minato Dispatch' : undefined,
      })),
    };
  });
}

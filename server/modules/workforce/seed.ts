/**
 * Demo data for the residence-card checks: a candidate (cardcheck@demo.test,
 * Le Thi Hoa, a student) who applied to Sakura Staffing and uploaded both sides of their card,
 * waiting for a check, so /admin/worker/rcCheckCandidate has a card to decide from the start.
 */
import { addDays, todayInJapan } from '../../../shared/time.ts';
import type { DB } from '../../db/connect.ts';
import { companyTree } from '../pipeline/statuses.ts';
import { applyAsDemo, firstOpenJob } from '../pipeline/seed.ts';

export const CARD_DEMO_CANDIDATE = { email: 'cardcheck@demo.test', name: 'Le Thi Hoa' };

/** A drawn card side (no real person's card): a coloured card with boxes where the text would be. */
async function cardSide(side: 'front' | 'back'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const boxes =
    side === 'front'
      ? '<rect x="40" y="40" width="360" height="28" fill="#335"/><rect x="620" y="40" width="340" height="40" fill="#b22"/><rect x="40" y="110" width="520" height="22" fill="#557"/><rect x="40" y="160" width="520" height="22" fill="#557"/><rect x="40" y="210" width="420" height="22" fill="#557"/><rect x="40" y="260" width="520" height="22" fill="#557"/><rect x="700" y="120" width="260" height="320" rx="8" fill="#99a"/><rect x="40" y="420" width="600" height="60" fill="#557"/>'
      : '<rect x="40" y="40" width="920" height="120" fill="none" stroke="#335" stroke-width="3"/><rect x="40" y="200" width="920" height="120" fill="none" stroke="#335" stroke-width="3"/><rect x="60" y="230" width="600" height="22" fill="#557"/><rect x="60" y="270" width="300" height="22" fill="#b22"/><rect x="40" y="360" width="920" height="120" fill="none" stroke="#335" stroke-width="3"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="630"><rect width="1000" height="630" rx="30" fill="#dfe8f0"/>${boxes}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export async function seedDemoCardChecks(db: DB, companyId: string): Promise<void> {
  const person = await db.selectFrom('users').select(['id', 'name']).where('email', '=', CARD_DEMO_CANDIDATE.email).executeTakeFirst();
  if (!person) return;
  const visa = await db.selectFrom('visa_types').select('id').where('ja', '=', '留学').executeTakeFirstOrThrow();
  const expiry = addDays(todayInJapan(), 240);
  await db
    .insertInto('candidate_profiles')
    .values({ user_id: person.id, phone: '090-0000-3001', nationality: 'VN', visa_type_id: visa.id, visa_expiry: expiry, languages: ['vi', 'en', 'ja'] })
    .execute();
  // Applied to a part-time job of the company, so its staff may see the card and the chat has a conversation.
  const job = await firstOpenJob(db, companyId, 'other');
  const first = [...(await companyTree(db, companyId))].sort((a, b) => a.sort - b.sort)[0]!;
  await applyAsDemo(db, { job, shiftId: null, candidateId: person.id, companyId, statusId: first.id, type: 2 });
  const [front, back] = await Promise.all([cardSide('front'), cardSide('back')]);
  await db
    .insertInto('residence_cards')
    .values({ user_id: person.id, front, front_mime: 'image/png', back, back_mime: 'image/png', card_number: 'AB12345678CD', visa_type_id: visa.id, expiry, permission_outside_status: true })
    .execute();
}

/**
 * Demo data for the working limits (docs/workforce.md), so a new user meets every
 * refusal: the demo people's cards are verified (Maria Santos, a student, with the permission to
 * work outside status); Aung Kyaw is a dependent (家族滞在) without the permission whose card
 * expires in 20 days; Tran Minh Chau (student@demo.test) is a student with 24 of her 28 hours taken in
 * the coming days, on Sakura's warehouse picking; the card waiting for a check on
 * /admin/worker/rcCheckCandidate is an unverified one.
 */
/** Shifts the student already has: four days of six hours from tomorrow (24 h of 28). */
export const STUDENT_SHIFTS = [1, 2, 3, 4].map((d) => ({ day: d, start: '08:00', end: '14:00' }));

export async function seedDemoWorkforce(db: DB, companyId: string): Promise<void> {
  // Every demo person's card was checked, except the one waiting on /admin/worker/rcCheckCandidate.
  const people = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'candidate')
    .where('email', 'like', '%@demo.test')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('residence_cards as r').select('r.id').whereRef('r.user_id', '=', 'users.id').where('r.status', '=', 'pending'))))
    .execute();
  const id = (email: string) => people.find((p) => p.email === email)!.id;
  await db
    .updateTable('candidate_profiles')
    .set({ card_verified: true, card_verified_at: new Date() })
    .where(
      'user_id',
      'in',
      people.map((p) => p.id),
    )
    .execute();
  await db
    .updateTable('candidate_profiles')
    .set({ permission_outside_status: true })
    .where('user_id', 'in', [id('candidate2@demo.test'), id('student@demo.test')])
    .execute();

  const today = todayInJapan();
  const job = await db.selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', companyId).where('title_en', '=', 'Warehouse picking (daily pay)').executeTakeFirstOrThrow();
  const confirmed = (await companyTree(db, companyId)).find((s) => s.name_en === 'Attendance')?.id;
  for (const s of STUDENT_SHIFTS) {
    const shift = await db
      .insertInto('job_daily_shifts')
      .values({ job_id: job.id, date: addDays(today, s.day), start_time: s.start, end_time: s.end, break_minutes: 0, capacity: 2, filled: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('applications')
      .values({ job_id: job.id, shift_id: shift.id, candidate_id: id('student@demo.test'), company_id: companyId, client_id: job.client_id, ...(confirmed ? { candidate_status_id: confirmed } : {}) })
      .execute();
  }
}

/**
 * The people the placement rules refuse (docs/workforce.md "Demo people of the placement rules"),
 * each with a verified card and an application to Sakura's café job (so its staff see them and may
 * try to place them): a 17-year-old high-school student (家族滞在 with the permission), a technical
 * intern (技能実習), a 特定技能 food-service worker (外食業) and an engineer visa holder
 * (技術・人文知識・国際業務). The records also get what the ledgers read: katakana name, address,
 * date of birth and sex.
 */
const LAW_DEMO_PEOPLE = [
  { email: 'minor@demo.test', visa: '家族滞在', permission: true, born: -17, nationality: 'PH', kana: 'デラクルス アンナ', sex: 'female' as const, field: null },
  { email: 'intern@demo.test', visa: '技能実習', permission: false, born: -24, nationality: 'VN', kana: 'グエン ティ ラン', sex: 'female' as const, field: null },
  { email: 'ssw@demo.test', visa: '特定技能1号', permission: false, born: -27, nationality: 'NP', kana: 'グルン リナ', sex: 'female' as const, field: '外食業' },
  { email: 'engineer@demo.test', visa: '技術・人文知識・国際業務', permission: false, born: -31, nationality: 'IN', kana: 'シャルマ アルジュン', sex: 'male' as const, field: null },
];

export async function seedDemoPlacementLaw(db: DB, companyId: string): Promise<void> {
  const today = todayInJapan();
  const job = await db.selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', companyId).where('title_en', '=', 'Café staff (3+ days a week)').executeTakeFirstOrThrow();
  const first = [...(await companyTree(db, companyId))].sort((a, b) => a.sort - b.sort)[0]!;
  for (const [i, p] of LAW_DEMO_PEOPLE.entries()) {
    const user = await db.selectFrom('users').select('id').where('email', '=', p.email).executeTakeFirstOrThrow();
    const visa = await db.selectFrom('visa_types').select('id').where('ja', '=', p.visa).executeTakeFirstOrThrow();
    // Born 100 days before today, p.born years ago: the 17-year-old stays 17 for most of a year.
    const born = addDays(`${Number(today.slice(0, 4)) + p.born}${today.slice(4)}`, -100);
    await db
      .insertInto('candidate_profiles')
      .values({
        user_id: user.id,
        phone: `090-0000-40${String(i + 1).padStart(2, '0')}`,
        nationality: p.nationality,
        visa_type_id: visa.id,
        visa_expiry: addDays(today, 365),
        languages: ['en', 'ja'],
        permission_outside_status: p.permission,
        card_verified: true,
        card_verified_at: new Date(),
        birth_date: born,
        name_kana: p.kana,
        address: `東京都豊島区池袋${i + 1}-${i + 2}-${i + 3}`,
        sex: p.sex,
        ssw_field: p.field,
      })
      .execute();
    await db.insertInto('applications').values({ job_id: job.id, shift_id: null, candidate_id: user.id, company_id: companyId, client_id: job.client_id, candidate_status_id: first.id }).execute();
  }
  // Tran Thi Mai (特定技能1号) works in food service, employed directly by the restaurant: her
  // placements are direct employment, as the law requires of 特定技能 outside agriculture and fishery.
  const mai = await db.selectFrom('users').select('id').where('email', '=', 'worker1@demo.test').executeTakeFirstOrThrow();
  await db
    .updateTable('candidate_profiles')
    .set({ ssw_field: '外食業', birth_date: '1998-06-14', name_kana: 'チャン ティ マイ', address: '東京都新宿区大久保2-4-6', sex: 'female' })
    .where('user_id', '=', mai.id)
    .execute();
  await db.updateTable('applications').set({ dispatch: false }).where('candidate_id', '=', mai.id).execute();

  // The dispatch ledger's client-side supervisor on the warehouse jobs, and a complaint Jose Reyes
  // (dispatched to the warehouse) raised and how it was handled.
  await db
    .updateTable('jobs')
    .set({ supervisor: '物流センター長 山本 浩' })
    .where('company_id', '=', companyId)
    .where('title_en', 'in', ['Warehouse picking (daily pay)', 'Parcel sorting (early morning)'])
    .execute();
  const jose = await db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .innerJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .innerJoin('jobs as j', 'j.id', 'a.job_id')
    .select(['a.id', 's.date'])
    .where('u.email', '=', 'worker2@demo.test')
    .where('a.company_id', '=', companyId)
    .where('a.dispatch', '=', true)
    // His night at the warehouse (the complaint is about the rest room after a night shift).
    .where('j.title_en', '=', 'Warehouse picking (daily pay)')
    .where('s.start_time', '=', '22:00')
    .orderBy('s.date')
    .limit(1)
    .executeTakeFirst();
  if (jose) {
    await db
      .insertInto('dispatch_complaints')
      .values({ application_id: jose.id, received_on: jose.date, complaint: '夜勤明けの休憩室が使えなかった', handling: '派遣先と協議し、休憩室を24時間利用可にした' })
      .execute();
  }
}

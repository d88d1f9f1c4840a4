/**
 * Demo data for the residence-card checks (issue 12 item 2): a candidate (cardcheck@demo.test,
 * Le Thi Hoa, a student) who applied to Sakura Staffing and uploaded both sides of their card,
 * waiting for a check, so /admin/worker/rcCheckCandidate has a card to decide from the start.
 */
import { addDays, todayInJapan } from '../../../shared/time.ts';
import type { DB } from '../../db/connect.ts';
import { companyTree } from '../pipeline/statuses.ts';

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
    .values({ user_id: person.id, phone: '090-0000-3001', nationality: 'Vietnam', visa_type_id: visa.id, visa_expiry: expiry, languages: ['vi', 'en', 'ja'] })
    .execute();
  // Applied to a part-time job of the company, so its staff may see the card and the chat has a conversation.
  const job = await db.selectFrom('jobs').select(['id', 'client_id']).where('company_id', '=', companyId).where('kind', '=', 'other').where('status', '=', 'open').orderBy('created_at').limit(1).executeTakeFirstOrThrow();
  const first = (await companyTree(db, companyId)).sort((a, b) => a.sort - b.sort)[0]!;
  const app = await db
    .insertInto('applications')
    .values({ job_id: job.id, shift_id: null, candidate_id: person.id, company_id: companyId, client_id: job.client_id, candidate_status_id: first.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('conversations').values({ company_id: companyId, candidate_id: person.id, job_id: job.id, shift_id: null, application_id: app.id, type: 2, last_message_at: new Date() }).execute();
  const [front, back] = await Promise.all([cardSide('front'), cardSide('back')]);
  await db
    .insertInto('residence_cards')
    .values({ user_id: person.id, front, front_mime: 'image/png', back, back_mime: 'image/png', card_number: 'AB12345678CD', visa_type_id: visa.id, expiry, permission_outside_status: true })
    .execute();
}

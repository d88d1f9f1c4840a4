/**
 * Demo scouting: three new candidates who switched scouting on, each sharing a
 * different part of their profile, and one pending offer from Sakura Staffing to the first of
 * them, with its message in the job's conversation. New people only: the other demo candidates'
 * applications stay as the pipeline tests expect them.
 */
import { sql } from 'kysely';
import { addDays, todayInJapan } from '../../../shared/time.ts';
import { msg } from '../../../shared/messages.ts';
import { dateTimeText } from '../../../shared/format.ts';
import { SCOUT_OFFER_DAYS } from '../../../shared/scouting.ts';
import type { DB } from '../../db/connect.ts';

const PEOPLE = [
  {
    email: 'scout1@demo.test',
    name: 'Pham Thi Lan',
    nationality: 'VN',
    visa: '特定技能1号',
    expiryDays: 600,
    languages: ['vi', 'ja', 'en'],
    levels: { vi: 5, ja: 3, en: 2 },
    prefecture: '東京都',
    availability: ['weekday', 'evening'],
    share: { residence: true, attendance: true },
    intro: '飲食店のキッチンで2年働きました。 Two years in restaurant kitchens; I like early shifts too.',
  },
  {
    email: 'scout2@demo.test',
    name: 'Ramesh Gurung',
    nationality: 'NP',
    visa: '留学',
    expiryDays: 70,
    languages: ['ne', 'ja', 'en'],
    levels: { ne: 5, en: 3, ja: 2 },
    prefecture: '神奈川県',
    availability: ['weekend', 'night'],
    share: { residence: false, attendance: false },
    intro: 'Student in Yokohama, weekends and nights. 倉庫作業の経験があります。',
  },
  {
    email: 'scout3@demo.test',
    name: 'Ana Lima',
    nationality: 'BR',
    visa: '定住者',
    expiryDays: 900,
    languages: ['pt', 'ja', 'es'],
    levels: { pt: 5, ja: 4, es: 3 },
    prefecture: '愛知県',
    availability: ['weekday', 'weekend', 'morning'],
    share: { residence: true, attendance: true },
    intro: '工場のライン作業と検品の経験5年。 Five years on factory lines and inspection.',
  },
];

export async function seedDemoScouting(db: DB, companyId: string): Promise<void> {
  // The demo password, as every demo account has it.
  const { password_hash } = await db.selectFrom('users').select('password_hash').where('email', '=', 'candidate@demo.test').executeTakeFirstOrThrow();
  const ids: Record<string, string> = {};
  for (const p of PEOPLE) {
    const u = await db.insertInto('users').values({ email: p.email, password_hash, name: p.name, role: 'candidate', lang: 'en' }).returning('id').executeTakeFirstOrThrow();
    ids[p.email] = u.id;
    const visa = await db.selectFrom('visa_types').select('id').where('ja', '=', p.visa).executeTakeFirst();
    await db
      .insertInto('candidate_profiles')
      .values({ user_id: u.id, phone: null, nationality: p.nationality, visa_type_id: visa?.id ?? null, visa_expiry: addDays(todayInJapan(), p.expiryDays), languages: p.languages })
      .execute();
    await db
      .insertInto('scout_profiles')
      .values({
        user_id: u.id,
        enabled: true,
        share_nationality: true,
        share_languages: true,
        share_residence: p.share.residence,
        share_attendance: p.share.attendance,
        prefecture: p.prefecture,
        availability: p.availability,
        language_levels: JSON.stringify(p.levels),
        intro: p.intro,
      })
      .execute();
  }

  // Sakura Staffing's pending offer to Pham Thi Lan, for one of its open part-time jobs.
  const job = await db
    .selectFrom('jobs as j')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .select(['j.id', 'j.client_id', 'j.title_en', 'c.name_en'])
    .where('j.company_id', '=', companyId)
    .where('j.kind', '=', 'other')
    .where('j.status', '=', 'open')
    .where(sql<boolean>`cardinality(j.visa_type_ids) = 0`)
    .orderBy('j.created_at')
    .orderBy('j.id')
    .executeTakeFirstOrThrow();
  const sender = await db.selectFrom('users').select(['id', 'name']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
  const lan = ids['scout1@demo.test']!;
  const sentAt = new Date(Date.now() - 3 * 3_600_000);
  const expires = new Date(sentAt.getTime() + SCOUT_OFFER_DAYS * 86_400_000);
  const text = 'はじめまして。キッチンのご経験を拝見しご連絡しました。 Hello! We saw your kitchen experience and would love you to join our team.';
  const conv = await db
    .insertInto('conversations')
    .values({ company_id: companyId, candidate_id: lan, job_id: job.id, shift_id: null, application_id: null, type: 2, last_message_at: sentAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offer = await db
    .insertInto('scout_offers')
    .values({
      company_id: companyId,
      client_id: job.client_id,
      job_id: job.id,
      candidate_id: lan,
      message: text,
      expires_at: expires,
      conversation_id: conv.id,
      sent_by: sender.id,
      sent_by_name: sender.name,
      created_at: sentAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const head = msg('en', 'scout.chatOffer', { company: job.name_en, job: job.title_en, date: '', expires: dateTimeText(expires, 'en') });
  await db
    .insertInto('messages')
    .values({ conversation_id: conv.id, seq: 1, sender_id: null, sender_role: 'bot', message_type: 1, content: head + text, client_msg_id: `scout:${offer.id}`, created_at: sentAt })
    .execute();
}

import { sql } from 'kysely';
import type { DB } from '../db/connect.ts';
import type { ChatDb } from './queries.ts';

type Line = { from: 'candidate' | 'staff' | 'bot'; text: string; minutesAgo: number };

/**
 * Demo conversations so the chat dock has something to show after `npm start`:
 * candidate2 applied to a daily shift of the first demo company and chatted with the bot and
 * the company; candidate3 asks about a part-time job and is waiting for an answer (unread), and
 * has a support question too. candidate@demo.test has no conversations, so a person can apply
 * and chat from scratch (and the tests can apply to any shift).
 */
export async function seedDemoChats(dbIn: DB, companyId: string): Promise<void> {
  const db: ChatDb = dbIn;
  const people = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['candidate2@demo.test', 'candidate3@demo.test', 'companystaff@demo.test']).execute();
  const id = (email: string) => people.find((p) => p.email === email)!.id;
  const staffId = id('companystaff@demo.test');
  const jobOf = (kind: 'daily' | 'other') =>
    db
      .selectFrom('jobs')
      .select(['id', 'client_id'])
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('status', '=', 'open')
      .where(sql<boolean>`cardinality(visa_type_ids) = 0`)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
  const daily = await jobOf('daily');
  const other = await jobOf('other');
  const shift = await db.selectFrom('job_daily_shifts').select('id').where('job_id', '=', daily.id).where(sql<boolean>`filled < capacity`).orderBy('date', 'desc').executeTakeFirstOrThrow();
  await db
    .updateTable('job_daily_shifts')
    .set((eb) => ({ filled: eb('filled', '+', 1) }))
    .where('id', '=', shift.id)
    .execute();

  async function thread(candidateId: string, job: { id: string; client_id: string } | null, shiftId: string | null, type: 1 | 2, lines: Line[]) {
    const application = job
      ? await db
          .insertInto('applications')
          .values({ job_id: job.id, shift_id: shiftId, candidate_id: candidateId, company_id: companyId, client_id: job.client_id })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    const last = lines.length ? new Date(Date.now() - lines[lines.length - 1]!.minutesAgo * 60_000) : null;
    const conv = await db
      .insertInto('conversations')
      .values({
        company_id: companyId,
        candidate_id: candidateId,
        job_id: job?.id ?? null,
        shift_id: shiftId,
        application_id: application?.id ?? null,
        type,
        last_message_at: last,
        chat_status: lines.some((l) => l.from === 'staff') ? 2 : 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!lines.length) return;
    await db
      .insertInto('messages')
      .values(
        lines.map((l, i) => ({
          conversation_id: conv.id,
          seq: i + 1,
          sender_id: l.from === 'candidate' ? candidateId : l.from === 'staff' ? staffId : null,
          sender_role: l.from,
          message_type: 1,
          content: l.text,
          client_msg_id: `seed-${i + 1}`,
          created_at: new Date(Date.now() - l.minutesAgo * 60_000),
        })),
      )
      .execute();
  }

  const maria = id('candidate2@demo.test');
  const aung = id('candidate3@demo.test');
  await thread(maria, daily, shift.id, 1, [
    { from: 'candidate', text: 'Hello, I applied for this shift. Is it OK if I have never worked in a warehouse?', minutesAgo: 180 },
    { from: 'bot', text: 'Hello! This is Tsunagu’s daily (spot) job support. Thank you for applying. If you have any questions, send them in this chat.', minutesAgo: 180 },
    { from: 'staff', text: 'はい、未経験でも大丈夫です。当日は担当者が説明します。 Yes, no experience is needed; a team leader will show you everything on the day.', minutesAgo: 150 },
    { from: 'candidate', text: 'Thank you! What should I bring?', minutesAgo: 30 },
  ]);
  await thread(aung, other, null, 2, [{ from: 'candidate', text: 'Can I work only on weekends? I look after my children on weekdays.', minutesAgo: 45 }]);
  await thread(maria, null, null, 2, []);
  await thread(aung, null, null, 2, [{ from: 'candidate', text: 'How do I change the bank account for my salary?', minutesAgo: 20 }]);
}

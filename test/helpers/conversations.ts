import type { DB } from '../../server/db/connect.ts';
import { DEMO } from './app.ts';
import { companyOf, userId } from './demo-data.ts';

/**
 * Conversations written straight into a test's database with chosen times, for what the chat's own
 * events cannot date: the candidate's list order, the inbox report's hand-worked seconds. The
 * message trigger keeps the conversation's counters and last_message_at as the chat server's
 * writes do.
 */
export interface Line {
  role: 'candidate' | 'staff' | 'bot';
  /** The writer (null for the bot). */
  sender: string | null;
  at: Date;
  text?: string;
}

/** A conversation of `companyId` with `candidateId` about `jobId` (null: support), holding `lines` in order; its id. */
export async function conversationWith(db: DB, o: { companyId: string; candidateId: string; jobId: string | null; type?: 1 | 2; createdAt?: Date; lines: readonly Line[] }): Promise<string> {
  const created = o.createdAt ?? o.lines[0]?.at ?? new Date();
  const conv = await db
    .insertInto('conversations')
    .values({ company_id: o.companyId, candidate_id: o.candidateId, job_id: o.jobId, type: o.type ?? 2, created_at: created, chat_status: o.lines.some((l) => l.role === 'staff') ? 2 : 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (o.lines.length) {
    await db
      .insertInto('messages')
      .values(
        o.lines.map((l, i) => ({
          conversation_id: conv.id,
          seq: i + 1,
          sender_id: l.sender,
          sender_role: l.role,
          message_type: 1,
          content: l.text ?? `m${i + 1}`,
          client_msg_id: `test-${i + 1}`,
          created_at: l.at,
        })),
      )
      .execute();
  }
  return conv.id;
}

/** `userId` has read the conversation up to message `seq`. */
export async function readUpTo(db: DB, conversationId: string, userId: string, seq: number): Promise<void> {
  await db.insertInto('conversation_reads').values({ conversation_id: conversationId, user_id: userId, last_seq: seq }).execute();
}

/** A time `minutes` ago. */
export const minutesAgo = (minutes: number): Date => new Date(Date.now() - minutes * 60_000);

/**
 * The `nth` oldest part-time job of a company, with its titles and its company's names (one
 * conversation per company, candidate and job: tests that need several take several jobs).
 */
export function partTimeJob(db: DB, companyId: string, nth = 0) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('companies as co', 'co.id', 'j.company_id')
    .select(['j.id', 'j.company_id', 'j.title_ja', 'j.title_en', 'co.name as company', 'co.name_en as company_en'])
    .where('j.company_id', '=', companyId)
    .where('j.kind', '=', 'other')
    .orderBy('j.created_at')
    .orderBy('j.id')
    .offset(nth)
    .limit(1)
    .executeTakeFirstOrThrow();
}

/**
 * The demo candidate's three conversations, as their chat list orders them: `waiting` (the second
 * company's answer an hour ago, not read yet) first, then `answered` (read; the candidate's own
 * message 5 minutes ago the newest), then `older` (an answer half an hour ago, read). Each is about
 * a part-time job of its company (`jobs`, by the same keys).
 */
export async function candidateChats(t: { database: { db: DB } }) {
  const db = t.database.db;
  const me = await userId(t, DEMO.candidate);
  const staff = await userId(t, DEMO.company_staff);
  const staff2 = await userId(t, DEMO.company2);
  // The first company's two oldest part-time jobs, and the other company's oldest.
  const company = await companyOf(t, DEMO.company_admin);
  const jobs = { answered: await partTimeJob(db, company), waiting: await partTimeJob(db, await companyOf(t, DEMO.company2)), older: await partTimeJob(db, company, 1) };
  const plans: Record<keyof typeof jobs, { lines: Line[]; read: number }> = {
    // The candidate asked, the company answered (read), and the candidate wrote again 5 minutes ago.
    answered: {
      lines: [
        { role: 'candidate', sender: me, at: minutesAgo(120) },
        { role: 'staff', sender: staff, at: minutesAgo(90) },
        { role: 'candidate', sender: me, at: minutesAgo(5) },
      ],
      read: 3,
    },
    waiting: {
      lines: [
        { role: 'candidate', sender: me, at: minutesAgo(70) },
        { role: 'staff', sender: staff2, at: minutesAgo(60) },
      ],
      read: 1,
    },
    older: { lines: [{ role: 'staff', sender: staff, at: minutesAgo(30) }], read: 1 },
  };
  const conv = { answered: '', waiting: '', older: '' };
  for (const key of ['answered', 'waiting', 'older'] as const) {
    conv[key] = await conversationWith(db, { companyId: jobs[key].company_id, candidateId: me, jobId: jobs[key].id, lines: plans[key].lines });
    await readUpTo(db, conv[key], me, plans[key].read);
  }
  return { conv, jobs };
}

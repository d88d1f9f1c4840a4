import type { DB } from '../../db/connect.ts';

/** Replies the demo company keeps ready, in both languages, with placeholders (docs/inbox.md). */
const REPLIES: readonly { title: string; ja: string; en: string }[] = [
  {
    title: '集合場所 / Meeting point',
    ja: '{name}さん、{job}（{shift}）の集合場所は{place}です。開始10分前にお越しください。',
    en: 'Hi {name}, for {job} ({shift}) please meet us at {place}, 10 minutes before the start.',
  },
  {
    title: '持ち物 / What to bring',
    ja: '{name}さん、在留カード・筆記用具・動きやすい靴をお持ちください。',
    en: 'Hi {name}, please bring your residence card, a pen and comfortable shoes.',
  },
  {
    title: '確認しました / Noted',
    ja: '{name}さん、ご連絡ありがとうございます。確認しました。{company}',
    en: 'Thank you, {name}. We have noted it. {company}',
  },
];

/** The demo company's canned replies, and its newest conversation assigned to its staff member. */
export async function seedDemoInbox(db: DB, companyId: string): Promise<void> {
  const staff = await db.selectFrom('users').select('id').where('email', '=', 'companystaff@demo.test').executeTakeFirst();
  await db
    .insertInto('canned_replies')
    .values(REPLIES.map((r) => ({ company_id: companyId, title: r.title, body_ja: r.ja, body_en: r.en, updated_by: staff?.id ?? null })))
    .execute();
  if (!staff) return;
  const newest = await db
    .selectFrom('conversations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('job_id', 'is not', null)
    .orderBy('last_message_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!newest) return;
  await db.updateTable('conversations').set({ assignee_id: staff.id }).where('id', '=', newest.id).execute();
  await db.insertInto('conversation_events').values({ conversation_id: newest.id, actor_id: staff.id, kind: 'assigned', assignee_id: staff.id }).execute();
}

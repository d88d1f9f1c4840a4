import { sql } from 'kysely';
import type { ChatStatus, SenderRole } from './events.ts';
import { type ChatDb, type ConversationAccess, messagesWithSenders, toMessage } from './queries.ts';

/** What a stored message needs besides its conversation and sender. */
export interface StoredMessageInput {
  message_type: number;
  message_content: string;
  client_msg_id: string;
}

/** Stores a message (one writer per conversation; seq without gaps; a known client_msg_id returns the stored row). */
export async function storeMessage(db: ChatDb, c: ConversationAccess, senderId: string | null, role: SenderRole, p: StoredMessageInput) {
  return db.transaction().execute(async (trx) => {
    // One writer per conversation at a time, in any number of processes: seq has no gaps or twins.
    const locked = await sql<{ chat_status: ChatStatus }>`select chat_status from conversations where id = ${c.id} for update`.execute(trx);
    const existing = await messagesWithSenders(trx)
      .where('m.conversation_id', '=', c.id)
      .where('m.client_msg_id', '=', p.client_msg_id)
      .executeTakeFirst();
    const shape = { conversation_type: c.type, support: c.job_id === null };
    if (existing) return { message: toMessage({ ...existing, ...shape }), created: false, tookOver: false };
    const inserted = await trx
      .insertInto('messages')
      .values({
        conversation_id: c.id,
        seq: sql<number>`(select coalesce(max(seq), 0) + 1 from messages where conversation_id = ${c.id})`,
        sender_id: senderId,
        sender_role: role,
        message_type: p.message_type,
        content: p.message_content,
        client_msg_id: p.client_msg_id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The insert's trigger (migration 0012) has moved the conversation's last_message_at and its
    // unread counters, on the row locked above. A person answering takes the conversation over
    // from the chatbot.
    const tookOver = role === 'staff' && locked.rows[0]?.chat_status === 1;
    if (tookOver) await trx.updateTable('conversations').set({ chat_status: 2 }).where('id', '=', c.id).execute();
    const sender = senderId ? await trx.selectFrom('users').select('name').where('id', '=', senderId).executeTakeFirst() : undefined;
    return { message: toMessage({ ...inserted, sender_name: sender?.name ?? null, ...shape }), created: true, tookOver };
  });
}

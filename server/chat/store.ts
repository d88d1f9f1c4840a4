import { sql } from 'kysely';
import { audit, type Actor } from '../db/audit.ts';
import type { DB } from '../db/connect.ts';
import { mayEnterStatus } from '../modules/workforce/may-work.ts';
import type { WorkLimitRefusal } from '../modules/workforce/work-limits.ts';
import type { ChatStatus, SenderRole } from './events.ts';
import { type ChatDb, type ConversationAccess, candidateKnown, messagesWithSenders, senderName, toMessage } from './queries.ts';

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
    const existing = await messagesWithSenders(trx).where('m.conversation_id', '=', c.id).where('m.client_msg_id', '=', p.client_msg_id).executeTakeFirst();
    const shape = { conversation_type: c.type, support: c.job_id === null };
    // Everyone in the conversation's rooms gets the message as it is: a scouted candidate's name as initials.
    const known = role !== 'candidate' || (await candidateKnown(trx, c));
    if (existing) return { message: toMessage({ ...existing, sender_name: senderName(existing, known), ...shape }), created: false, tookOver: false };
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
    return { message: toMessage({ ...inserted, sender_name: senderName({ sender_role: role, sender_name: sender?.name }, known), ...shape }), created: true, tookOver };
  });
}

/** Records that the user has seen the conversation up to its newest message (never backwards); the seq seen. */
export async function markSeen(db: ChatDb, conversationId: string, userId: string): Promise<number> {
  const row = await db
    .insertInto('conversation_reads')
    .values({
      conversation_id: conversationId,
      user_id: userId,
      last_seq: sql<number>`(select coalesce(max(seq), 0) from messages where conversation_id = ${conversationId})`,
    })
    .onConflict((oc) =>
      oc.columns(['conversation_id', 'user_id']).doUpdateSet({
        last_seq: sql<number>`greatest(conversation_reads.last_seq, excluded.last_seq)`,
        updated_at: new Date(),
      }),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

/** The user opened the badge bell now: its entries count as seen (in every tab). */
export async function markBadgesSeen(db: ChatDb, userId: string): Promise<void> {
  await db
    .insertInto('chat_badge_seen')
    .values({ user_id: userId, seen_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_at: new Date() }))
    .execute();
}

/** A change of the application's candidate status and/or the conversation's chat status. */
export interface StatusChange {
  candidate_status_id?: string | undefined;
  chat_status?: ChatStatus | undefined;
}

/**
 * Applies a status change with its audit entry, in one transaction on the locked conversation.
 * `checkedFrom`: the application's status the move was authorized from; false (nothing changed)
 * when someone moved it since, because the move checked is no longer the one it would make. A move
 * into a working status asks `mayEnterStatus` first; its refusal is returned and nothing changes.
 */
export async function applyStatusChange(db: ChatDb, c: ConversationAccess, actor: Actor, p: StatusChange, checkedFrom: string | undefined): Promise<boolean | WorkLimitRefusal> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('conversations as c')
      .leftJoin('applications as a', 'a.id', 'c.application_id')
      .select(['c.chat_status', 'a.candidate_status_id'])
      .where('c.id', '=', c.id)
      .forUpdate('c')
      .executeTakeFirstOrThrow();
    if (checkedFrom !== undefined && before.candidate_status_id !== checkedFrom) return false;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (p.candidate_status_id !== undefined && c.application_id && p.candidate_status_id !== before.candidate_status_id) {
      const refusal = await mayEnterStatus(trx as unknown as DB, c.application_id, p.candidate_status_id);
      if (refusal) return refusal;
      await trx.updateTable('applications').set({ candidate_status_id: p.candidate_status_id, updated_at: new Date() }).where('id', '=', c.application_id).execute();
      // The same key as the lists' moves: one status history per application.
      changes.status = { from: before.candidate_status_id, to: p.candidate_status_id };
    }
    if (p.chat_status !== undefined && p.chat_status !== before.chat_status) {
      await trx.updateTable('conversations').set({ chat_status: p.chat_status }).where('id', '=', c.id).execute();
      changes.chat_status = { from: before.chat_status, to: p.chat_status };
    }
    // Who changed what, in the same transaction (the application's history).
    if (Object.keys(changes).length) {
      await audit(trx, actor, 'application', c.application_id ?? c.id, c.company_id, changes);
    }
    return true;
  });
}

/**
 * One handler per socket event (the protocol: server/chat/events.ts). Each takes the context of
 * a checked call (server/chat/socket.ts has run the rate limit, the session, the payload and, for
 * an event about a conversation, the caller's right to it) and the payload, and returns what the
 * client is acknowledged. Database work is in the service modules (queries.ts, store.ts, bot.ts),
 * plain functions that take the database first; who hears what is rooms.ts.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { canEnter } from '../access/guard.ts';
import { LIST_CODES } from '../access/codes.ts';
import { warnThrottled } from '../events/bus.ts';
import { announceMoves } from '../modules/pipeline/announce.ts';
import { declaredMove } from '../modules/pipeline/statuses.ts';
import type { StatusMove } from '../modules/templates/status-tree.ts';
import { workLimitText } from '../modules/workforce/work-limits.ts';
import { botAnswer } from './bot.ts';
import type { ChatDeps, ConversationContext, EventContext } from './context.ts';
import { BACKFILL_LIMIT, type ChatMessage, MESSAGE_IMAGE } from './events.ts';
import type { Backfill, ChangeStatus, Conversations, Recent, SendMessage } from './payloads.ts';
import { applicationStatus, badgesFor, candidateKnown, type ConversationAccess, initialsOf, isImageOf, messagesAfter, recentConversations, statusNotice } from './queries.ts';
import { audience, convRoom, userRoom } from './rooms.ts';
import { applyStatusChange, markBadgesSeen, markSeen, storeMessage } from './store.ts';

/** A new message: the sockets of its audience, the bus (graphql-ws, other processes' subscribers), and a takeover from the bot. */
async function broadcast(ctx: ChatDeps, c: ConversationAccess, message: ChatMessage, tookOver: boolean): Promise<void> {
  ctx.io.to(audience(c)).emit('newMessage', message);
  await ctx.bus.publish('chat.message', { message, conversation: c });
  if (tookOver) ctx.io.to(audience(c)).emit('statusChanged', await statusNotice(ctx.db, c));
}

/** Stores the message (stored first; a resend of a stored message is answered, not broadcast again). */
export async function sendMessageMember(ctx: ConversationContext, p: z.output<typeof SendMessage>): Promise<object> {
  const { c, user, side } = ctx;
  // An image message carries the id of an image uploaded to this same conversation.
  if (p.message_type === MESSAGE_IMAGE && !(await isImageOf(ctx.db, c, p.message_content))) return ctx.fail('invalid');
  // A message without the client's id (SPEC §7's payload) gets one here: stored once, never deduplicated.
  const { message, created, tookOver } = await storeMessage(ctx.db, c, user.id, side, { ...p, client_msg_id: p.client_msg_id ?? `server:${randomUUID()}` });
  await ctx.socket.join(convRoom(c.id));
  if (created) {
    await broadcast(ctx, c, message, tookOver);
    if (side === 'staff') ctx.mail.afterStaffMessage(c, message);
  }
  return { ok: true, message };
}

/** Someone is writing: everyone else who may open the conversation hears it (nothing stored). */
export async function typing(ctx: ConversationContext): Promise<object> {
  const { c, user } = ctx;
  const name = ctx.side === 'candidate' && !(await candidateKnown(ctx.db, c)) ? initialsOf(user.name) : user.name;
  ctx.socket.to(audience(c)).emit('typing', { conversation_id: c.id, user_id: user.id, name, sender_role: ctx.side });
  return { ok: true };
}

/** The chatbot answers the candidate's latest message, once. */
export async function sendBotMember(ctx: ConversationContext): Promise<object> {
  const { message, created } = await botAnswer(ctx.db, ctx.c);
  if (message && created) await broadcast(ctx, ctx.c, message, false);
  return { ok: true, message };
}

/**
 * Staff only: the application's candidate status and/or the chat status. A status move follows the
 * same rule as the applicant lists: one the company's tree declares, by someone who works the list
 * it enters (docs/pipeline.md).
 */
export async function changeStatus(ctx: ConversationContext, p: z.output<typeof ChangeStatus>): Promise<object> {
  const { c, user } = ctx;
  // The candidate's status is the company's business, not the candidate's.
  if (ctx.viewer.candidate) return ctx.fail('forbidden');
  let move: StatusMove | undefined;
  let checkedFrom: string | undefined;
  if (p.candidate_status_id) {
    if (!c.application_id) return ctx.fail('invalid');
    checkedFrom = await applicationStatus(ctx.db, c.application_id);
    if (checkedFrom !== p.candidate_status_id) {
      move = await declaredMove(ctx.db, c.company_id, checkedFrom, p.candidate_status_id);
      if (!move) return ctx.fail('invalid');
      const maps = await ctx.roleMaps.get();
      if (!LIST_CODES[move.list].some((code) => canEnter(maps, user.role, code))) return ctx.fail('forbidden');
    }
  }
  const changed = await applyStatusChange(ctx.db, c, user, p, checkedFrom);
  if (changed === false) return ctx.fail('invalid');
  // A person who may not work the application's time: the sentence that says why, and its code.
  if (changed !== true) return { ...ctx.fail('forbidden'), message: workLimitText(ctx.socket.data.lang, changed), reason: changed.reason };
  const status = await statusNotice(ctx.db, c);
  ctx.io.to(audience(c)).emit('statusChanged', status);
  // The candidate hears of it in the chat and by mail, as from the lists (the sockets were just told).
  if (move && c.application_id) {
    announceMoves(ctx, [{ applicationId: c.application_id, kind: move.kind }], { broadcast: false, actor: { id: user.id, name: user.name } }).catch((err: unknown) =>
      warnThrottled(ctx.log, 'telling the candidate of a status move failed', err),
    );
  }
  return { ok: true, status };
}

/** Records the caller's last seen seq; everyone who sees the conversation hears it (read marks, badges). */
export async function sendSeenAdmin(ctx: ConversationContext): Promise<object> {
  const { c, user } = ctx;
  const last_seq = await markSeen(ctx.db, c.id, user.id);
  ctx.io.to(audience(c)).emit('seenAdmin', { conversation_id: c.id, user_id: user.id, last_seq });
  return { ok: true, last_seq };
}

/** Messages after a seq, and the conversation's room from now on. */
export async function backfill(ctx: ConversationContext, p: z.output<typeof Backfill>): Promise<object> {
  const messages = await messagesAfter(ctx.db, ctx.c, p.after_seq, BACKFILL_LIMIT);
  await ctx.socket.join(convRoom(ctx.c.id));
  return { ok: true, messages };
}

export async function joinConversation(ctx: ConversationContext): Promise<object> {
  await ctx.socket.join(convRoom(ctx.c.id));
  return { ok: true };
}

/** A page of the caller's conversations, newest message first, sent as `recentChats`. */
export async function getRecentChats(ctx: EventContext, p: z.output<typeof Recent>): Promise<object> {
  const data = await recentConversations(ctx.db, ctx.viewer, p.page, p.kind);
  ctx.socket.emit('recentChats', { current: p.page, size: data.length, kind: p.kind, data });
  return { ok: true };
}

/** Rows of conversations by id: the bell names and opens entries beyond the recent pages the page loaded. */
export async function getConversations(ctx: EventContext, p: z.output<typeof Conversations>): Promise<object> {
  return { ok: true, data: await recentConversations(ctx.db, ctx.viewer, 1, 'all', [...new Set(p.ids)]) };
}

export async function getBadges(ctx: EventContext): Promise<object> {
  ctx.socket.emit('badges', await badgesFor(ctx.db, ctx.viewer));
  return { ok: true };
}

/** The badge bell was opened: its entries are seen, in the person's every tab (and process). */
export async function seeBadges(ctx: EventContext): Promise<object> {
  await markBadgesSeen(ctx.db, ctx.user.id);
  ctx.io.to(userRoom(ctx.user.id)).emit('badges', await badgesFor(ctx.db, ctx.viewer));
  return { ok: true };
}

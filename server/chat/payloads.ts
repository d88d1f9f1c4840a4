/** What each socket event's payload must be (zod), checked before its handler runs. */
import { z } from 'zod';
import { BADGE_LIMIT, MAX_CONTENT_LENGTH, MESSAGE_IMAGE, MESSAGE_TEXT } from './events.ts';
import { idSchema } from '../validation.ts';

const uuid = idSchema;

export const SendMessage = z.object({
  conversation_id: uuid,
  message_type: z.union([z.literal(MESSAGE_TEXT), z.literal(MESSAGE_IMAGE)]),
  message_content: z.string().trim().min(1).max(MAX_CONTENT_LENGTH),
  // Optional as SPEC §7 writes the payload: the handler gives a message without one its own.
  client_msg_id: z.string().min(1).max(100).optional(),
});
/** An event about one conversation and nothing else (seen, typing, join, the bot). */
export const OneConversation = z.object({ conversation_id: uuid });
export const Backfill = z.object({ conversation_id: uuid, after_seq: z.number().int().min(0) });
export const ChangeStatus = z
  .object({ conversation_id: uuid, candidate_status_id: uuid.optional(), chat_status: z.union([z.literal(1), z.literal(2)]).optional() })
  .refine((p) => p.candidate_status_id !== undefined || p.chat_status !== undefined);
export const Recent = z.object({ page: z.number().int().min(1).max(10_000), kind: z.enum(['job', 'support', 'all']).default('job') });
/** The bell's three badge lists at most. */
export const Conversations = z.object({
  ids: z
    .array(uuid)
    .min(1)
    .max(3 * BADGE_LIMIT),
});
export const Empty = z.object({}).passthrough().optional();

import { type ChatDb, type ConversationAccess, messagesAfter } from './queries.ts';
import { MAX_CONTENT_LENGTH, type ChatMessage } from './events.ts';
import { storeMessage } from './store.ts';
import { pickLang, type Lang } from '../../shared/i18n.ts';

/** A chatbot template row (/admin/templates/chatbot and /otherchatbot). */
export interface BotTemplate {
  step: number;
  trigger: string;
  message_ja: string;
  message_en: string;
}

const keywords = (trigger: string) =>
  trigger
    .split(/[,、，]/)
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);

/**
 * What the chatbot answers to a candidate's message (pure). A template whose trigger keywords
 * occur in the message answers it (the lowest step first; it may answer again later). Otherwise
 * the untriggered templates go out in step order, each once per conversation: the bot greets and
 * explains over the candidate's first messages, then stays quiet. `alreadySent` holds the
 * contents of the bot's earlier messages in this conversation.
 */
export function pickBotReply(templates: readonly BotTemplate[], message: string, alreadySent: ReadonlySet<string>, lang: Lang): string | null {
  const sorted = [...templates].sort((a, b) => a.step - b.step);
  const text = message.toLowerCase();
  const say = (t: BotTemplate) => pickLang(lang, t.message_ja, t.message_en);
  const triggered = sorted.find((t) => keywords(t.trigger).some((k) => text.includes(k)));
  if (triggered) return say(triggered);
  const next = sorted.find((t) => keywords(t.trigger).length === 0 && !alreadySent.has(t.message_ja) && !alreadySent.has(t.message_en));
  return next ? say(next) : null;
}

/**
 * The company's active templates of a kind; the platform's defaults when the company has none of
 * its own. Also whether the company (or, failing that, the platform) has the bot switched on
 * (app setting `chat.bot_enabled`).
 */
export async function botSetup(db: ChatDb, companyId: string, kind: 'daily' | 'other'): Promise<{ enabled: boolean; templates: BotTemplate[] }> {
  const [rows, settings] = await Promise.all([
    db
      .selectFrom('chatbot_messages')
      .select(['company_id', 'step', 'trigger', 'message_ja', 'message_en'])
      .where('kind', '=', kind)
      .where('active', '=', true)
      .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
      .execute(),
    db
      .selectFrom('app_settings')
      .select(['company_id', 'value'])
      .where('key', '=', 'chat.bot_enabled')
      .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
      .execute(),
  ]);
  const own = rows.filter((r) => r.company_id === companyId);
  const setting = settings.find((s) => s.company_id === companyId) ?? settings.find((s) => s.company_id === null);
  return { enabled: (setting?.value ?? 'true').trim().toLowerCase() !== 'false', templates: own.length ? own : rows.filter((r) => r.company_id === null) };
}

/**
 * The chatbot's answer to the candidate's latest message, stored once (its client_msg_id is
 * derived from that message, so asking twice answers once): `message` null when the bot stays
 * silent (nothing to answer, a person took over, a support conversation, the bot switched off,
 * no template fits); `created` false when it had answered already.
 */
export async function botAnswer(db: ChatDb, c: ConversationAccess): Promise<{ message: ChatMessage | null; created: boolean }> {
  const none = { message: null, created: false };
  const last = await db.selectFrom('messages').select(['id', 'content']).where('conversation_id', '=', c.id).where('sender_role', '=', 'candidate').orderBy('seq', 'desc').limit(1).executeTakeFirst();
  if (!last) return none;
  const clientMsgId = `bot:${last.id}`;
  const status = await db.selectFrom('conversations').select('chat_status').where('id', '=', c.id).executeTakeFirstOrThrow();
  const earlier = await db.selectFrom('messages').select('content').where('conversation_id', '=', c.id).where('sender_role', '=', 'bot').execute();
  const answered = await db.selectFrom('messages').select('seq').where('conversation_id', '=', c.id).where('client_msg_id', '=', clientMsgId).executeTakeFirst();
  if (answered) {
    const [again] = await messagesAfter(db, c, Number(answered.seq) - 1, 1);
    return { message: again ?? null, created: false };
  }
  if (status.chat_status !== 1 || c.job_id === null) return none;
  const setup = await botSetup(db, c.company_id, c.type === 1 ? 'daily' : 'other');
  if (!setup.enabled) return none;
  const candidate = await db.selectFrom('users').select('lang').where('id', '=', c.candidate_id).executeTakeFirstOrThrow();
  const reply = pickBotReply(setup.templates, last.content, new Set(earlier.map((e) => e.content)), candidate.lang);
  if (!reply) return none;
  return storeMessage(db, c, null, 'bot', { message_type: 1, message_content: reply.slice(0, MAX_CONTENT_LENGTH), client_msg_id: clientMsgId });
}

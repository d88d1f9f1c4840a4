import type { ChatDb } from './queries.ts';
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

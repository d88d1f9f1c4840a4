import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DB } from '../db/connect.ts';
import type { Mailer } from '../mail.ts';
import type { Timers } from '../time.ts';
import { DEFAULT_LANG, isLang, type Lang, pickLang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';
import { composeMail } from '../modules/templates/mail.ts';
import { type ChatMessage, previewText } from './events.ts';
import type { ChatDb, ConversationAccess } from './queries.ts';

/** After a mail about a conversation, the next one waits at least this long (however many answers come). */
export const CHAT_MAIL_REPEAT_MINUTES = 30;
/** How many unread answers a mail quotes (the newest ones). */
const QUOTED = 5;
/** How much of each quoted answer. */
const QUOTE_CHARS = 300;

/** What the mail needs of the server's services (the API's Services has them; the chat does not import the API). */
export interface MailDeps {
  db: DB;
  log: Logger;
  mailer: Mailer;
  config: Pick<Config, 'chatMailDelaySeconds'>;
  publicUrl: (path: string) => string;
  timers: Timers;
}

export interface CandidateMail {
  /** A person of the company answered: mail the candidate if it is still unread after the delay. */
  afterStaffMessage(c: ConversationAccess, m: ChatMessage): void;
  close(): void;
}

/**
 * Mail to a candidate about a company's answer it has not read (candidates are not on the site
 * all day; without it an answer can wait unseen for days). CHAT_MAIL_DELAY_SECONDS after a person
 * of the company writes, the conversation is claimed with one UPDATE, only if
 * - the candidate has not read up to that message (reading it in time means no mail),
 * - the candidate wants these mails (users.chat_mail, a switch on /staff/chat) and is active,
 * - no mail about this conversation went out in the last CHAT_MAIL_REPEAT_MINUTES;
 * whichever process's timer claims it sends (one mail, however many processes and answers). The
 * mail quotes the unread answers and links to the conversation. Bot answers do not mail: they
 * answer the candidate's own message, which the candidate is there to see. A timer lost with its
 * process (a restart within the delay) loses only that reminder, never a message.
 */
export function candidateMail(services: MailDeps): CandidateMail {
  const db: ChatDb = services.db;
  /** One timer per conversation: the first unread answer's seq it checks, and the newest answer's. */
  const pending = new Map<string, { timer: { cancel(): void }; seq: number; latest: number }>();
  const delayMs = services.config.chatMailDelaySeconds * 1000;

  /** Claims and sends; false when nothing was claimed (read in time, switched off, mailed lately). */
  async function mailIfUnread(conversationId: string, seq: number): Promise<boolean> {
    // The claim answers what the mail needs of the candidate too, and how far it has read.
    const claimed = await sql<{ company_id: string; job_id: string | null; email: string; name: string; lang: string; read_seq: string }>`
      update conversations c set candidate_mailed_at = now()
      from users u
      where c.id = ${conversationId}
        and u.id = c.candidate_id and u.active and u.chat_mail
        and (c.candidate_mailed_at is null or c.candidate_mailed_at < now() - make_interval(mins => ${CHAT_MAIL_REPEAT_MINUTES}))
        and coalesce((select r.last_seq from conversation_reads r where r.conversation_id = c.id and r.user_id = c.candidate_id), 0) < ${seq}
      returning c.company_id, c.job_id, u.email, u.name, u.lang,
        coalesce((select r.last_seq from conversation_reads r where r.conversation_id = c.id and r.user_id = c.candidate_id), 0) as read_seq`.execute(db);
    const row = claimed.rows[0];
    if (!row) return false;
    try {
      const [company, job] = await Promise.all([
        db.selectFrom('companies').select(['name', 'name_en']).where('id', '=', row.company_id).executeTakeFirstOrThrow(),
        row.job_id ? db.selectFrom('jobs').select(['title_ja', 'title_en']).where('id', '=', row.job_id).executeTakeFirst() : undefined,
      ]);
      const unread = await db
        .selectFrom('messages as m')
        .leftJoin('users as u', 'u.id', 'm.sender_id')
        .select(['m.message_type', 'm.content', 'u.name as sender_name'])
        .where('m.conversation_id', '=', conversationId)
        .where('m.sender_role', '=', 'staff')
        .where('m.seq', '>', sql<string>`${Number(row.read_seq)}`)
        .orderBy('m.seq', 'desc')
        .limit(QUOTED)
        .execute();
      const lang: Lang = isLang(row.lang) ? row.lang : DEFAULT_LANG;
      const companyName = pickLang(lang, company.name, company.name_en);
      const jobTitle = job ? pickLang(lang, job.title_ja, job.title_en) : null;
      const quotes = unread
        .reverse()
        .map((m) => {
          const text = previewText(m.message_type, m.content, lang).replace(/\s+/g, ' ').trim();
          return `${m.sender_name ?? companyName}: ${text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text}`;
        })
        .join('\n');
      const link = services.publicUrl(`/staff/chat?c=${conversationId}`);
      const minutes = Math.max(1, Math.round(services.config.chatMailDelaySeconds / 60));
      // The mail template chat_unread: editing it on /admin/templates/mail changes the next mail.
      const mail = await composeMail(services.db, 'chat_unread', {
        companyId: row.company_id,
        lang,
        vars: {
          name: row.name,
          company: companyName,
          job: jobTitle ?? '',
          about: jobTitle ? msg(lang, 'chatMail.aboutJob', { company: companyName, job: jobTitle }) : msg(lang, 'chatMail.written', { company: companyName }),
          messages: quotes,
          link,
          note: msg(lang, minutes === 1 ? 'chatMail.whyOne' : 'chatMail.why', { minutes, repeat: CHAT_MAIL_REPEAT_MINUTES }),
        },
      });
      await services.mailer.send({ to: row.email, ...mail });
      return true;
    } catch (err) {
      // Not sent: give the claim back so the next answer can try again.
      await db.updateTable('conversations').set({ candidate_mailed_at: null }).where('id', '=', conversationId).execute();
      throw err;
    }
  }

  function schedule(conversationId: string, seq: number) {
    const entry = { seq, latest: seq, timer: services.timers.set(() => fire(conversationId), delayMs) };
    pending.set(conversationId, entry);
  }

  async function fire(conversationId: string) {
    const entry = pending.get(conversationId);
    if (!entry) return;
    try {
      const sent = await mailIfUnread(conversationId, entry.seq);
      // Read in time (or not to be mailed now), but answers came after it: their own delay starts.
      if (!sent && entry.latest > entry.seq && pending.get(conversationId) === entry) return schedule(conversationId, entry.latest);
    } catch (err) {
      services.log.warn({ err, conversationId }, 'chat: mailing the candidate failed');
    }
    if (pending.get(conversationId) === entry) pending.delete(conversationId);
  }

  return {
    afterStaffMessage(c, m) {
      const entry = pending.get(c.id);
      if (entry) entry.latest = Math.max(entry.latest, m.seq);
      else schedule(c.id, m.seq);
    },
    close() {
      for (const { timer } of pending.values()) timer.cancel();
      pending.clear();
    },
  };
}

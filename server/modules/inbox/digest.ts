/**
 * Mail to a colleague who is away (docs/inbox.md "Away colleagues"): an assignment or a mention
 * (the bell's `notify.inboxAssigned` / `notify.inboxMention`) still unread after
 * INBOX_MAIL_AFTER_MINUTES, whose reader has not been seen since it came, is mailed to them,
 * each notification once; a reader with several gets them in one mail, in their language.
 *
 * "Seen" is what the database knows of a person being on the site after the notification came:
 * they opened it in the bell (read), read that conversation in the chat (their read mark moved),
 * opened the chat's badge bell, or signed in. Any of these means no mail for it.
 *
 * Each notification is claimed with one INSERT (`inbox_mailed_notifications`, migration 0055)
 * before it is sent, so any number of processes may run the job and each goes out once; a mail
 * that fails gives its claims back, for the next run to try again. Notifications older than
 * INBOX_MAIL_WITHIN_HOURS are left to the bell (a server down for a day does not mail old news).
 */
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail.ts';
import { repeatEvery } from '../../repeat.ts';
import { drawNotification } from '../notifications/service.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/texts/index.ts';
import type { MessageKey } from '../../../shared/messages.ts';

/** How long an inbox notification waits unread and unseen before it is mailed. */
export const INBOX_MAIL_AFTER_MINUTES = 15;
/** Notifications older than this are not mailed any more. */
export const INBOX_MAIL_WITHIN_HOURS = 24;
/** The notifications this mail is about. */
export const INBOX_MAIL_KEYS = ['notify.inboxAssigned', 'notify.inboxMention'] as const satisfies readonly MessageKey[];

export interface InboxMailDeps {
  db: Kysely<Database>;
  log: Logger;
  mailer: Mailer;
  publicUrl: (path: string) => string;
}

/** Claims and mails what is due at `now`; how many mails went out. */
export async function runInboxMail(deps: InboxMailDeps, now: Date = new Date()): Promise<number> {
  const claimed = await sql<{ notification_id: string; user_id: string }>`
    insert into inbox_mailed_notifications (notification_id, user_id, mailed_at)
    select n.id, n.user_id, ${now}
    from notifications n join users u on u.id = n.user_id
    where n.message_key in (${sql.join(INBOX_MAIL_KEYS)}) and not n.is_read
      and n.created_at <= ${now}::timestamptz - make_interval(mins => ${INBOX_MAIL_AFTER_MINUTES})
      and n.created_at > ${now}::timestamptz - make_interval(hours => ${INBOX_MAIL_WITHIN_HOURS})
      and u.active
      and not coalesce(u.last_login_at > n.created_at, false)
      and not exists (select 1 from chat_badge_seen b where b.user_id = n.user_id and b.seen_at > n.created_at)
      -- The conversation is the one of the notification's link (inboxLink: /admin/inbox?c=<id>).
      and not exists (select 1 from conversation_reads r
        where r.user_id = n.user_id and r.updated_at > n.created_at
          and r.conversation_id::text = substring(n.link from 'c=([0-9a-f-]{36})'))
    on conflict do nothing
    returning notification_id, user_id`.execute(deps.db);
  const byUser = new Map<string, string[]>();
  for (const r of claimed.rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.notification_id]);
  let sent = 0;
  for (const [userId, ids] of byUser) {
    try {
      await mailOne(deps, userId, ids);
      sent++;
    } catch (err) {
      // Not sent: the claims go back, and the next run tries again.
      await deps.db.deleteFrom('inbox_mailed_notifications').where('notification_id', 'in', ids).execute();
      deps.log.warn({ err, userId }, 'inbox: mailing an away colleague failed');
    }
  }
  return sent;
}

async function mailOne(deps: InboxMailDeps, userId: string, ids: string[]): Promise<void> {
  const user = await deps.db.selectFrom('users').select(['email', 'name', 'lang']).where('id', '=', userId).executeTakeFirstOrThrow();
  const lang: Lang = isLang(user.lang) ? user.lang : DEFAULT_LANG;
  const notes = await deps.db.selectFrom('notifications').selectAll().where('id', 'in', ids).orderBy('created_at').orderBy('id').execute();
  const entries = notes.map((n) => {
    const drawn = drawNotification(n, lang);
    return [drawn.title, drawn.body ? msg(lang, 'inboxMail.quote', { text: drawn.body }) : '', drawn.link ? msg(lang, 'inboxMail.open', { link: deps.publicUrl(drawn.link) }) : '']
      .filter((line) => line !== '')
      .join('\n');
  });
  const count = entries.length;
  await deps.mailer.send({
    to: user.email,
    subject: msg(lang, count === 1 ? 'inboxMail.subjectOne' : 'inboxMail.subject', { count }),
    text: [msg(lang, 'inboxMail.hello', { name: user.name }), msg(lang, 'inboxMail.intro'), ...entries, msg(lang, 'inboxMail.why', { minutes: INBOX_MAIL_AFTER_MINUTES })].join('\n\n'),
  });
}

/** Runs the mail every `intervalMs` in this process (several processes may: claims keep each mail single). */
export function startInboxMail(deps: InboxMailDeps, intervalMs: number): { stop(): Promise<void> } {
  return repeatEvery(
    intervalMs,
    () => runInboxMail(deps),
    (err) => deps.log.warn({ err }, 'the inbox mail failed'),
  );
}

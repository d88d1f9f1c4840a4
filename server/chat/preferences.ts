/** The candidate's own chat settings (a switch on /staff/chat). */
import type { DB } from '../db/connect.ts';

/** Whether the user wants a mail when a chat message waits for them (server/chat/mail.ts). */
export async function chatMailOf(db: DB, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('chat_mail').where('id', '=', userId).executeTakeFirstOrThrow()).chat_mail;
}

/** Turns the chat mails on or off; what is stored now. */
export async function setChatMail(db: DB, userId: string, enabled: boolean): Promise<boolean> {
  return (await db.updateTable('users').set({ chat_mail: enabled }).where('id', '=', userId).returning('chat_mail').executeTakeFirstOrThrow()).chat_mail;
}

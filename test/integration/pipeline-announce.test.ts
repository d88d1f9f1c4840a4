/**
 * What a status move tells people (3 and 6; server/modules/pipeline/announce.ts):
 * a move into kakunin from the list asks the candidate, in their language, in the chat and by mail
 * from the company's templates; editing the template changes the next mail; a step back says
 * nothing; the company's other staff hear the new status on their sockets, and
 * another company hears nothing. SMTP is a real server on loopback.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, StatusNotice } from '../../server/chat/events.ts';
import { DEMO, loginToken } from '../helpers/app.ts';
import { applyToDailyShift, drained, type RawChatSocket, rawSocket, socketConnected } from '../helpers/chat.ts';
import { eventually, within } from '../helpers/wait.ts';
import { appAndMailForFile } from '../helpers/smtp.ts';
import { companyOf, rowCount, statusIds, userId } from '../helpers/demo-data.ts';
import { addDays } from '../../shared/time.ts';

const { t, smtp } = appAndMailForFile();
const disposers: (() => unknown)[] = [];
let S: Record<'Applied' | 'Offer' | 'Interview' | 'Work confirmation', string>;
let companyId: string;

beforeAll(async () => {
  companyId = await companyOf(t, 'company@demo.test');
  S = await statusIds(t, companyId);
});
afterEach(async () => {
  for (const d of disposers.splice(0)) await d();
});

const MOVE = 'mutation($ids: [ID!]!, $to: String!) { moveApplicant(ids: $ids, to: $to) { moved refused { id reason } } }';

async function socketOf(who: 'company_staff' | 'company2'): Promise<RawChatSocket> {
  const s = rawSocket(t.url, await t.tokenOf(who), { dispose: (close) => disposers.push(close) });
  await within(socketConnected(s), 'socket connected', 5_000);
  return s;
}

/** A demo candidate's application to Sakura with its conversation, set at `status`. */
async function applicationAt(status: string) {
  const row = await t.database.db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .innerJoin('conversations as c', 'c.application_id', 'a.id')
    .select(['a.id', 'c.id as conversationId', 'u.email', 'u.lang'])
    .where('u.email', '=', 'candidate2@demo.test')
    .where('a.company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  await t.database.db.updateTable('applications').set({ candidate_status_id: status }).where('id', '=', row.id).execute();
  return row;
}

const notesIn = async (conversationId: string) =>
  (await t.database.db.selectFrom('messages').select(['content', 'sender_role']).where('conversation_id', '=', conversationId).orderBy('seq').execute()).filter((m) => m.sender_role === 'bot');

describe('a move into kakunin', () => {
  it('asks the candidate in the chat and by mail, in their language, and the other staff hear the status on their sockets', async () => {
    const app = await applicationAt(S.Offer);
    // The shift at 05:17–14:47 in Japan: 20:17 UTC the day before to 05:47 UTC (UTC+9).
    const { shift_id } = await t.database.db.selectFrom('applications').select('shift_id').where('id', '=', app.id).executeTakeFirstOrThrow();
    const shift = await t.database.db.selectFrom('job_daily_shifts').select(['date', 'start_time', 'end_time']).where('id', '=', shift_id!).executeTakeFirstOrThrow();
    await t.database.db.updateTable('job_daily_shifts').set({ start_time: '05:17', end_time: '14:47' }).where('id', '=', shift_id!).execute();
    disposers.push(() => t.database.db.updateTable('job_daily_shifts').set(shift).where('id', '=', shift_id!).execute());
    const staff = await socketOf('company_staff');
    const outsider = await socketOf('company2');
    const outsiderHeard: unknown[] = [];
    outsider.on('statusChanged', (n) => outsiderHeard.push(n));
    const heard = new Promise<StatusNotice>((resolve) => staff.on('statusChanged', (n) => n.conversation_id === app.conversationId && resolve(n)));
    const note = new Promise<ChatMessage>((resolve) => staff.on('newMessage', (m) => m.conversation_id === app.conversationId && m.sender_role === 'bot' && resolve(m)));
    const notesBefore = (await notesIn(app.conversationId)).length;
    const mailsBefore = smtp.mails.length;

    const r = await t.gql(MOVE, { ids: [app.id], to: S['Work confirmation'] }, { as: 'company_admin' });
    expect(r.data.moveApplicant).toEqual({ moved: [app.id], refused: [] });
    expect((await within(heard, 'statusChanged on another staff socket', 5_000)).candidate_status_id).toBe(S['Work confirmation']);
    expect((await within(note, 'the chat note on the staff socket', 2_000)).content).toContain('Confirm I will come');

    await smtp.waitFor(mailsBefore + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toContain(app.email);
    // Demo candidates chose English: the company's English name and the English template.
    expect(app.lang).toBe('en');
    expect(mail.subject).toBe('[Sakura Staffing Co., Ltd.] Please confirm your shift');
    expect(mail.text).toContain('/staff/applications');
    // The shift for their calendar, as the page's "Add to calendar" gives it.
    const ics = mail.attachments.find((a) => a.filename === 'shift.ics')!;
    expect(ics.contentType).toMatch(/^text\/calendar/);
    expect(ics.content).toContain(`DTSTART:${addDays(shift.date, -1).replaceAll('-', '')}T201700Z`);
    expect(ics.content).toContain(`DTEND:${shift.date.replaceAll('-', '')}T054700Z`);
    expect(ics.content).toContain(`UID:shift-${app.id}@tsunagu`);
    expect(ics.content).toContain('Sakura Staffing Co.\\, Ltd.');
    const notes = await notesIn(app.conversationId);
    expect(notes).toHaveLength(notesBefore + 1);
    // The staff socket heard the move; a round trip on the outsider's brings anything sent to it with it.
    await drained(outsider);
    expect(outsiderHeard).toEqual([]);
    // The bell: the company's other staff hear of the move, not who made it, nor another company.
    const told = async (email: string) => rowCount(t, 'notifications', { user_id: await userId(t, email), link: `/admin/candidate/${app.id}` });
    expect(await told('companystaff@demo.test')).toBeGreaterThan(0);
    expect(await told('company@demo.test')).toBe(0);
    expect(await told('company2@demo.test')).toBe(0);
  });

  it('uses the company’s edited template for the next mail, and a step back says nothing', async () => {
    await t.database.db
      .updateTable('document_templates')
      .set({ subject_en: '[{{company}}] Are you coming on {{date}}?' })
      .where('company_id', '=', companyId)
      .where('kind', '=', 'mail')
      .where('key', '=', 'kakunin_request')
      .execute();
    const app = await applicationAt(S.Offer);
    const mailsBefore = smtp.mails.length;
    await t.gql(MOVE, { ids: [app.id], to: S['Work confirmation'] }, { as: 'company_admin' });
    await smtp.waitFor(mailsBefore + 1);
    expect(smtp.mails.at(-1)!.subject).toMatch(/^\[Sakura Staffing Co., Ltd.\] Are you coming on /);

    // Back to Offer (an undo): no note, no mail.
    const notes = (await notesIn(app.conversationId)).length;
    const mails = smtp.mails.length;
    expect((await t.gql(MOVE, { ids: [app.id], to: S.Offer }, { as: 'company_admin' })).data.moveApplicant.moved).toEqual([app.id]);
    // Forward again: its mail and note are the marker; had the step back said anything, it would be before them.
    expect((await t.gql(MOVE, { ids: [app.id], to: S['Work confirmation'] }, { as: 'company_admin' })).data.moveApplicant.moved).toEqual([app.id]);
    await eventually(() => expect(smtp.mails.slice(mails).map((m) => m.subject)).toContainEqual(expect.stringMatching(/Are you coming on /)), 10_000);
    await eventually(async () => expect((await notesIn(app.conversationId)).length).toBeGreaterThan(notes));
    expect(smtp.mails.length).toBe(mails + 1);
    expect((await notesIn(app.conversationId)).length).toBe(notes + 1);
  });
});

describe('a new application', () => {
  it('mails the candidate a receipt from the company’s template, in their language', async () => {
    const before = smtp.mails.length;
    const token = await loginToken(t.url, DEMO.candidate);
    await applyToDailyShift({ url: t.url, db: t.database.db, candidateToken: token });
    await smtp.waitFor(before + 1);
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(DEMO.candidate))!;
    expect(mail.subject).toBe('[Sakura Staffing Co., Ltd.] Thank you for your application');
    expect(mail.text).toContain('/staff/applications');
  });
});

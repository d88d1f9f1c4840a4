/**
 * The pipeline's reminders (server/modules/pipeline/reminders.ts): the day before a shift, a
 * candidate still on the kakunin list is asked to confirm; the day before an interview, the
 * candidate is reminded; each once, whoever runs the scheduler and however often; in the
 * candidate's language, in the chat and by mail (real SMTP on loopback).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../../server/modules/pipeline/reminders.ts';
import { appAndMailForFile } from '../helpers/smtp.ts';
import { companyOf, dailyApplication, statusIds } from '../helpers/demo-data.ts';

const { t, smtp } = appAndMailForFile({ REMINDER_INTERVAL_SECONDS: '0' });
let companyId: string;
let S: Record<'Applied' | 'Work confirmation' | 'Interview', string>;

beforeAll(async () => {
  companyId = await companyOf(t, 'company@demo.test');
  S = await statusIds(t, companyId);
});

const db = () => t.database.db;
const mailsTo = (email: string, subject: RegExp) => smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.subject));

/** Maria Santos's daily application with its shift's start as an instant. */
async function mariasShift() {
  const r = await dailyApplication(t, 'candidate2@demo.test', companyId);
  return { id: r.id, start: new Date(`${r.date}T${r.start_time.slice(0, 5)}:00+09:00`) };
}

describe('kakunin the day before a shift', () => {
  it('asks the candidate still awaiting confirmation once, within the reminder hours, in the chat and by mail', async () => {
    const shift = await mariasShift();
    const hours = (h: number) => new Date(shift.start.getTime() - h * 3_600_000);
    // Not on the kakunin list: nothing.
    await db().updateTable('applications').set({ candidate_status_id: S.Applied, kakunin_reminded_at: null }).where('id', '=', shift.id).execute();
    await runReminders(t.services, hours(20));
    expect((await db().selectFrom('applications').select('kakunin_reminded_at').where('id', '=', shift.id).executeTakeFirstOrThrow()).kakunin_reminded_at).toBeNull();

    await db().updateTable('applications').set({ candidate_status_id: S['Work confirmation'] }).where('id', '=', shift.id).execute();
    // Two days ahead: too early (the demo company's reminder hours are 24).
    await runReminders(t.services, hours(48));
    expect((await db().selectFrom('applications').select('kakunin_reminded_at').where('id', '=', shift.id).executeTakeFirstOrThrow()).kakunin_reminded_at).toBeNull();

    const before = mailsTo('candidate2@demo.test', /Please confirm your shift/).length;
    // Two schedulers at once (two processes): one claim.
    await Promise.all([runReminders(t.services, hours(20)), runReminders(t.services, hours(20))]);
    await runReminders(t.services, hours(19));
    await expect.poll(() => mailsTo('candidate2@demo.test', /Please confirm your shift/).length).toBe(before + 1);
    // Every run has returned, each sending before it returns, and the capture has every mail it
    // accepted: no second mail is on its way.
    expect(mailsTo('candidate2@demo.test', /Please confirm your shift/)).toHaveLength(before + 1);
    const mail = mailsTo('candidate2@demo.test', /Please confirm your shift/).at(-1)!;
    expect(mail.text).toContain('/staff/applications');
    // The shift rides along for the calendar, as on the first request: its start in UTC (Japan less 9 hours).
    const ics = mail.attachments.find((a) => a.filename === 'shift.ics')!;
    expect(ics.contentType).toMatch(/^text\/calendar/);
    expect(ics.content).toContain(`DTSTART:${shift.start.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    expect(ics.content).toContain(`UID:shift-${shift.id}@tsunagu`);
    const notes = await db()
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('m.content')
      .where('c.application_id', '=', shift.id)
      .where('m.client_msg_id', '=', `kakunin-reminder:${shift.id}`)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content).toContain('Confirm I will come');
    await db().updateTable('applications').set({ candidate_status_id: S.Applied }).where('id', '=', shift.id).execute();
  });
});

describe('interviews the day before', () => {
  it('reminds the candidate once of an interview within 24 hours, but not one scheduled within the hour', async () => {
    const shift = await mariasShift();
    const now = new Date();
    const at = new Date(now.getTime() + 10 * 3_600_000);
    const [old, fresh] = await Promise.all(
      [new Date(now.getTime() - 2 * 3_600_000), now].map(
        async (created) =>
          (
            await db()
              .insertInto('interviews')
              .values({ application_id: shift.id, company_id: companyId, starts_at: at, minutes: 30, place: 'Shinjuku office', created_by_name: 'test', created_at: created })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const before = mailsTo('candidate2@demo.test', /Your interview is tomorrow/).length;
    await runReminders(t.services, now);
    await runReminders(t.services, now);
    await expect.poll(() => mailsTo('candidate2@demo.test', /Your interview is tomorrow/).length).toBe(before + 1);
    expect(mailsTo('candidate2@demo.test', /Your interview is tomorrow/).at(-1)!.text).toContain('Shinjuku office');
    const rows = await db().selectFrom('interviews').select(['id', 'reminded_at']).where('id', 'in', [old!, fresh!]).execute();
    expect(rows.find((r) => r.id === old)!.reminded_at).not.toBeNull();
    expect(rows.find((r) => r.id === fresh)!.reminded_at).toBeNull();
  });
});

describe('residence cards expiring', () => {
  it('tells each company a person applied to, in the bell, at the nearest threshold reached, once', async () => {
    const notes = async (email: string) =>
      (
        await db()
          .selectFrom('notifications as n')
          .innerJoin('users as u', 'u.id', 'n.user_id')
          .select(['n.title', 'n.type'])
          .where('u.email', '=', email)
          .where('n.message_key', 'in', ['notify.cardExpiresIn', 'notify.cardExpired'])
          .execute()
      ).map((n) => `${n.type}:${n.title}`);
    // (The tests above ran the reminders at other instants: start from today's state.)
    await db().deleteFrom('residence_alerts').execute();
    await db().deleteFrom('notifications').where('message_key', 'in', ['notify.cardExpiresIn', 'notify.cardExpired']).execute();
    await runReminders(t.services);
    await runReminders(t.services);
    const sakura = await notes('company@demo.test');
    // The demo cards: Aung Kyaw's expires in 20 days (the 30-day alert), Maria Santos's in 45 (the 60-day one).
    expect(sakura.filter((n) => n.includes('Aung Kyaw'))).toEqual(['2:在留期限まで20日: Aung Kyaw']);
    expect(sakura.filter((n) => n.includes('Maria Santos'))).toEqual(['2:在留期限まで45日: Maria Santos']);
    expect(sakura.some((n) => n.includes('Siti Rahma') || n.includes('Nguyen Van An'))).toBe(false);
    // Another company (no application of theirs) hears nothing.
    expect(await notes('company2@demo.test')).toEqual([]);
  });
});

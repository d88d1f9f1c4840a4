/**
 * Demo survey for Sakura Staffing: a short workplace survey (one question of
 * each kind) sent to the three workers of the demo week (worker1–3) through the chat, answered by
 * Tran Thi Mai and Jose Reyes; Bikash Thapa has not answered yet, so his link still opens the form.
 * Their applications are left as they are: sending opens only their support conversation.
 */
import type { DB } from '../../db/connect.ts';
import { sql } from 'kysely';
import { MESSAGE_TEXT } from '../../chat/events.ts';
import { answerSurvey, createSurvey, loadSurvey, sendSurvey } from './surveys.ts';

export async function seedDemoSurveys(db: DB, companyId: string): Promise<void> {
  const admin = await db.selectFrom('users').select(['id', 'name']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
  const id = await createSurvey(db, admin, companyId, {
    titleJa: '職場アンケート（先週の勤務）',
    titleEn: 'Workplace survey (last week’s shifts)',
    questions: [
      {
        kind: 'single',
        textJa: 'また同じ職場で働きたいですか？',
        textEn: 'Would you like to work at the same place again?',
        required: true,
        options: [
          { labelJa: 'はい', labelEn: 'Yes' },
          { labelJa: 'どちらとも言えない', labelEn: 'Not sure' },
          { labelJa: 'いいえ', labelEn: 'No' },
        ],
      },
      {
        kind: 'multiple',
        textJa: '良かった点を選んでください。',
        textEn: 'What went well?',
        required: false,
        options: [
          { labelJa: '指示がわかりやすい', labelEn: 'Clear instructions' },
          { labelJa: 'チームが親切', labelEn: 'Friendly team' },
          { labelJa: '休憩が取れた', labelEn: 'Breaks on time' },
          { labelJa: '通いやすい', labelEn: 'Easy to get to' },
        ],
      },
      { kind: 'scale', textJa: '職場の満足度は？', textEn: 'How satisfied are you with the workplace?', required: true, options: [] },
      { kind: 'text', textJa: '改善してほしいことがあれば教えてください。', textEn: 'Is there anything we should improve?', required: false, options: [] },
    ],
  });
  const survey = (await loadSurvey(db, id))!;
  const workers = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['worker1@demo.test', 'worker2@demo.test', 'worker3@demo.test']).execute();
  const who = (email: string) => workers.find((w) => w.email === email)!.id;
  // Inside the seed's transaction, and nobody listening yet: the note is written as the chat stores one (next seq, from the bot).
  const post = async (conversationId: string, text: string, key: string) => {
    await db
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        seq: sql<number>`(select coalesce(max(seq), 0) + 1 from messages where conversation_id = ${conversationId})`,
        sender_id: null,
        sender_role: 'bot',
        message_type: MESSAGE_TEXT,
        content: text,
        client_msg_id: key,
      })
      .execute();
  };
  await sendSurvey(
    { db, publicUrl: (p) => p, post },
    admin,
    survey,
    workers.map((w) => w.id),
  );
  const [again, good, scale, text] = survey.questions;
  const option = (q: typeof again, en: string) => q!.options.find((o) => o.labelEn === en)!.id;
  await answerSurvey(db, 'en', survey, who('worker1@demo.test'), [
    { questionId: again!.id, optionIds: [option(again, 'Yes')] },
    { questionId: good!.id, optionIds: [option(good, 'Clear instructions'), option(good, 'Friendly team')] },
    { questionId: scale!.id, scale: 4 },
    { questionId: text!.id, text: 'More time to learn the kitchen on the first day, please.' },
  ]);
  await answerSurvey(db, 'en', survey, who('worker2@demo.test'), [
    { questionId: again!.id, optionIds: [option(again, 'Not sure')] },
    { questionId: good!.id, optionIds: [option(good, 'Friendly team'), option(good, 'Breaks on time')] },
    { questionId: scale!.id, scale: 3 },
    { questionId: text!.id, text: '' },
  ]);
}

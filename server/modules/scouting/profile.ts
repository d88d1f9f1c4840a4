/**
 * A candidate's own scouting profile (docs/scouting.md): on or off, what companies may see, area,
 * availability, a level per language of their registration, an introduction; and the offers they
 * received. Off by default: nobody is found who did not switch it on.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { AVAILABILITY, LANGUAGE_LEVELS } from '../../../shared/scouting.ts';
import type { DB } from '../../db/connect.ts';
import { PREFECTURES } from '../jobs/prefectures.ts';

const flag = z.boolean();
export const ScoutProfileInput = z.object({
  enabled: flag,
  shareNationality: flag,
  shareLanguages: flag,
  shareResidence: flag,
  shareAttendance: flag,
  prefecture: z.string().refine((v) => v === '' || PREFECTURES.some((p) => p.ja === v)),
  availability: z.array(z.string().refine((v) => AVAILABILITY.some((a) => a.value === v))).max(AVAILABILITY.length),
  levels: z
    .array(
      z.object({
        code: z.string().regex(/^[a-z]{2}$/),
        level: z
          .number()
          .int()
          .refine((n) => LANGUAGE_LEVELS.some((l) => l.value === n)),
      }),
    )
    .max(20),
  intro: z.string().trim().max(500),
});
export type ScoutProfileInput = z.output<typeof ScoutProfileInput>;

/** Saves the candidate's profile; levels only for the languages of their registration. */
export async function saveScoutProfile(db: DB, userId: string, input: ScoutProfileInput): Promise<void> {
  const p = await db.selectFrom('candidate_profiles').select('languages').where('user_id', '=', userId).executeTakeFirst();
  const mine = new Set(p?.languages ?? []);
  const levels = Object.fromEntries(input.levels.filter((l) => mine.has(l.code)).map((l) => [l.code, l.level]));
  const row = {
    enabled: input.enabled,
    share_nationality: input.shareNationality,
    share_languages: input.shareLanguages,
    share_residence: input.shareResidence,
    share_attendance: input.shareAttendance,
    prefecture: input.prefecture,
    availability: [...new Set(input.availability)],
    language_levels: JSON.stringify(levels),
    intro: input.intro,
    updated_at: new Date(),
  };
  await db
    .insertInto('scout_profiles')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/** The candidate's profile (defaults when never saved), their registered languages and their offers, newest first. */
export async function myScout(db: DB, userId: string) {
  const [profile, reg, offers] = await Promise.all([
    db.selectFrom('scout_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('candidate_profiles').select('languages').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('scout_offers as o')
      .innerJoin('jobs as j', 'j.id', 'o.job_id')
      .innerJoin('companies as c', 'c.id', 'o.company_id')
      .leftJoin('job_daily_shifts as s', 's.id', 'o.shift_id')
      .select([
        'o.id',
        'o.message',
        'o.expires_at',
        'o.created_at',
        'o.conversation_id',
        'o.application_id',
        'j.kind',
        'j.id as job_id',
        'j.title_ja',
        'j.title_en',
        'c.name as company_ja',
        'c.name_en as company_en',
        's.date',
        's.start_time',
      ])
      .select(sql<string>`case when o.status = 'pending' and o.expires_at <= now() then 'expired' else o.status end`.as('state'))
      .where('o.candidate_id', '=', userId)
      .where('o.status', '!=', 'withdrawn')
      .orderBy('o.created_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    enabled: profile?.enabled ?? false,
    shareNationality: profile?.share_nationality ?? true,
    shareLanguages: profile?.share_languages ?? true,
    shareResidence: profile?.share_residence ?? false,
    shareAttendance: profile?.share_attendance ?? false,
    prefecture: profile?.prefecture ?? '',
    availability: profile?.availability ?? [],
    levels: (reg?.languages ?? []).map((code) => ({ code, level: profile?.language_levels[code] ?? 0 })),
    intro: profile?.intro ?? '',
    offers,
  };
}

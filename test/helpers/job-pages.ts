import type { DB } from '../../server/db/connect.ts';
import { todayInJapan } from '../../shared/time.ts';
import { enumId, visaId } from './demo-data.ts';

type WithDb = { database: { db: DB } };

/**
 * The public pages of two open demo jobs: the daily job with the most shifts still to come (its
 * open shifts table, with prices and apply buttons, is the widest part of the public site on a
 * phone) and a part-time job.
 */
export async function openJobPages(db: DB): Promise<string[]> {
  const daily = await db
    .selectFrom('jobs as j')
    .innerJoin('job_daily_shifts as s', 's.job_id', 'j.id')
    .select('j.id')
    .where('j.kind', '=', 'daily')
    .where('j.status', '=', 'open')
    .where('s.date', '>=', todayInJapan())
    .groupBy('j.id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('j.id')
    .executeTakeFirstOrThrow();
  const other = await db.selectFrom('jobs').select('id').where('kind', '=', 'other').where('status', '=', 'open').orderBy('id').executeTakeFirstOrThrow();
  return [`/daily/${daily.id}`, `/part-time/${other.id}`];
}

/** The whole form of a daily job (an exhibition set-up, type イベント), as a browser posts it on /v3/admin/jobs/add; `extra` overrides fields. */
export async function dailyJobForm(t: WithDb, clientId: string, title: string, extra: Record<string, string | string[]> = {}): Promise<Record<string, string | string[]>> {
  return {
    _action: 'save',
    client_id: clientId,
    title_ja: title,
    title_en: `${title} (EN)`,
    description_ja: '展示会場での設営と撤去です。',
    description_en: 'Setting up and clearing an exhibition hall.',
    job_type_id: extra.job_type_id ?? (await enumId(t, 1, 'イベント')),
    pay_type_id: extra.pay_type_id ?? (await enumId(t, 18, '時給')),
    wage: '1450',
    overtime_id: '',
    job_week_id: '',
    read_skill_id: '',
    industry_id: '',
    category_id: '',
    prefecture: '東京都',
    city: '江東区',
    station: '国際展示場駅',
    languages: ['en', 'vi'],
    visa_type_ids: extra.visa_type_ids ?? [await visaId(t, '永住者')],
    headcount: '6',
    status: 'open',
    publish_from: '',
    publish_until: '',
    ...extra,
  };
}

import type { DB } from '../../db/connect.ts';
import { addDays, todayInJapan } from '../../time.ts';

/**
 * Demo ads (docs/ads.md): the banquet staff job featured on the daily board and the daily job
 * pages, and a banner on both boards whose image is a file of this site.
 */
export async function seedDemoAds(db: DB): Promise<void> {
  const today = todayInJapan();
  const job = await db.selectFrom('jobs').select('id').where('title_en', '=', 'Banquet staff').executeTakeFirst();
  if (job) {
    await db
      .insertInto('ads')
      .values({ name: 'おすすめ: 宴会スタッフ', kind: 'featured', job_id: job.id, lang: 'both', placements: ['daily', 'daily_job'], starts_on: addDays(today, -7), ends_on: addDays(today, 60) })
      .execute();
  }
  await db
    .insertInto('ads')
    .values({
      name: '日本語教室バナー',
      kind: 'banner',
      title_ja: '無料の日本語オンライン教室',
      title_en: 'Free online Japanese classes',
      body_ja: '仕事で使える日本語を、週1回30分から。登録者は無料です。',
      body_en: 'Japanese for work, from 30 minutes a week. Free for registered workers.',
      link_url: '/faq',
      image_url: '/images/ads/japanese-classes.svg',
      lang: 'both',
      placements: ['daily', 'part_time'],
      starts_on: addDays(today, -7),
      ends_on: addDays(today, 60),
    })
    .execute();
}

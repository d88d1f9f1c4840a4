import type { DB } from '../../db/connect.ts';
import type { EventBus } from '../../events/bus.ts';
import { notifyClientUsers } from '../notifications/service.ts';
import { dateText } from '../../../shared/format.ts';
import { inBoth } from '../../resources/define.ts';

/**
 * Tells the users of each shift's client that its staffing changed and waits for their
 * confirmation on /admin/shift (docs/workforce.md "The shifts page": a placement or a swap clears
 * the confirmation, so the client confirms again). Shifts of jobs without a client tell no one.
 */
export async function askClientToConfirm(db: DB, bus: EventBus, shiftIds: readonly string[]): Promise<void> {
  if (!shiftIds.length) return;
  const shifts = await db
    .selectFrom('job_daily_shifts as s')
    .innerJoin('jobs as j', 'j.id', 's.job_id')
    .select(['s.id', 's.date', 's.start_time', 'j.client_id', 'j.title_ja', 'j.title_en'])
    .where('s.id', 'in', [...new Set(shiftIds)])
    .execute();
  for (const s of shifts) {
    if (!s.client_id) continue;
    await notifyClientUsers(db, bus, s.client_id, {
      key: 'notify.staffingToConfirm',
      params: {
        job: { ja: s.title_ja, en: s.title_en || s.title_ja },
        date: inBoth((lang) => `${dateText(s.date, lang)} ${s.start_time.slice(0, 5)}`),
      },
      link: '/admin/shift',
    });
  }
}

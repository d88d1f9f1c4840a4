/**
 * What the candidate hears when their application moves (docs/pipeline.md):
 * a move forward into the kakunin list asks them to confirm the shift (`kakunin_request`), any
 * other move forward or a close tells them the new status (`status_changed`), a step back (an
 * undo) says nothing. Each is a chat note in their conversation (the template's `_chat` variant)
 * and a mail, both in their language from the company's templates. Every move, whatever its kind,
 * is announced on the bus so open chat windows and lists hear the new status.
 *
 * Runs after the move has committed: a mail server that fails loses the mail (logged), never the
 * move.
 */
import { JOB_PLACE } from '../jobs/repo.ts';
import type { Logger } from 'pino';
import { DEFAULT_LANG, isLang, pickLang } from '../../../shared/i18n.ts';
import { dateText } from '../../../shared/format.ts';
import { postNotice } from '../../chat/post.ts';
import type { DB } from '../../db/connect.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Mailer } from '../../mail.ts';
import { composeMail } from '../templates/mail.ts';
import { notifyCompanyStaff, notifyUser } from '../notifications/service.ts';
import type { StatusMove } from '../templates/status-tree.ts';
import { applicationsWithParties } from './repo.ts';
import { shiftAttachment } from './calendar.ts';

export interface AnnounceDeps {
  db: DB;
  bus: EventBus;
  mailer: Mailer;
  log: Logger;
  publicUrl: (path: string) => string;
}

/** `broadcast: false` when the caller tells the sockets itself (the chat server's changeStatus). */
export async function announceMoves(
  deps: AnnounceDeps,
  moves: readonly { applicationId: string; kind: StatusMove['kind'] }[],
  o: { broadcast?: boolean; actor?: { id: string; name: string } } = {},
): Promise<void> {
  if (!moves.length) return;
  const rows = await applicationsWithParties(deps.db)
    .innerJoin('candidate_statuses as st', 'st.id', 'a.candidate_status_id')
    .leftJoin('job_daily_shifts as s', 's.id', 'a.shift_id')
    .leftJoin('conversations as c', 'c.application_id', 'a.id')
    .select(['a.id', 'a.company_id', 'a.candidate_id', 'a.candidate_status_id', 'u.name', 'u.email', 'u.lang', 'u.active', 'co.name as company', 'co.name_en as company_en'])
    .select(['j.title_ja', 'j.title_en', 'st.name_ja as status_ja', 'st.name_en as status_en', 'st.list', 's.date', 's.start_time', 's.end_time', 'c.id as conversation_id'])
    .select(JOB_PLACE)
    .where(
      'a.id',
      'in',
      moves.map((m) => m.applicationId),
    )
    .execute();
  const kindOf = new Map(moves.map((m) => [m.applicationId, m.kind]));
  for (const r of rows) {
    const kind = kindOf.get(r.id);
    // The company's other staff hear of it in the bell (who moved it needs no news of it).
    if (o.actor) {
      await notifyCompanyStaff(deps.db, deps.bus, r.company_id, {
        key: 'notify.statusChanged',
        params: { status: { ja: r.status_ja, en: r.status_en } },
        body: `${r.name} · ${o.actor.name}`,
        link: `/admin/candidate/${r.id}`,
        except: o.actor.id,
      });
    }
    if (kind === 'back') continue;
    const key = kind === 'forward' && r.list === 'kakunin' ? 'kakunin_request' : 'status_changed';
    const lang = isLang(r.lang) ? r.lang : DEFAULT_LANG;
    const vars = {
      name: r.name,
      company: pickLang(lang, r.company, r.company_en),
      job: pickLang(lang, r.title_ja, r.title_en),
      status: pickLang(lang, r.status_ja, r.status_en),
      date: r.date ? `${dateText(r.date, lang)} ${r.start_time?.slice(0, 5) ?? ''}`.trim() : '',
      link: deps.publicUrl('/staff/applications'),
    };
    // The candidate's own bell, in the language they read it in.
    await notifyUser(deps.db, deps.bus, r.candidate_id, {
      key: 'notify.myStatus',
      params: { job: { ja: r.title_ja, en: r.title_en }, status: { ja: r.status_ja, en: r.status_en } },
      link: '/staff/applications',
    });
    try {
      if (r.conversation_id) {
        const note = await composeMail(deps.db, `${key}_chat`, { companyId: r.company_id, lang, vars });
        await postNotice(deps.db, deps.bus, r.conversation_id, note.text, `status:${r.id}:${r.candidate_status_id}:${Date.now()}`);
      }
      // Asked to confirm a shift: the mail carries it for their calendar, as the page's button does.
      const attachments = key === 'kakunin_request' ? shiftAttachment(lang, r, vars) : [];
      if (r.active) await deps.mailer.send({ to: r.email, ...(await composeMail(deps.db, key, { companyId: r.company_id, lang, vars })), ...(attachments.length ? { attachments } : {}) });
    } catch (err) {
      deps.log.warn({ err, applicationId: r.id }, 'telling the candidate of a status move failed');
    }
  }
  const conversationIds = rows.map((r) => r.conversation_id).filter((id): id is string => !!id);
  if (conversationIds.length && o.broadcast !== false) await deps.bus.publish('application.moved', { conversationIds });
}

/**
 * What follows every new application, wherever it was made (the board, staff placing a person, an
 * accepted scout offer): the candidate's receipt, then the live lists and chat rooms hear of it.
 */
export async function applicationMade(deps: AnnounceDeps, made: { applicationId: string; conversationId: string }): Promise<void> {
  await announceApplication(deps, made.applicationId);
  await deps.bus.publish('application.added', made);
}

/** The candidate's receipt for a new application (`application_received`), in their language from the company's template. */
async function announceApplication(deps: AnnounceDeps, applicationId: string): Promise<void> {
  const r = await applicationsWithParties(deps.db)
    .select(['a.company_id', 'u.name', 'u.email', 'u.lang', 'u.active', 'co.name as company', 'co.name_en as company_en', 'j.title_ja', 'j.title_en'])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
  if (!r?.active) return;
  const lang = isLang(r.lang) ? r.lang : DEFAULT_LANG;
  const vars = { name: r.name, company: pickLang(lang, r.company, r.company_en), job: pickLang(lang, r.title_ja, r.title_en), link: deps.publicUrl('/staff/applications') };
  try {
    await deps.mailer.send({ to: r.email, ...(await composeMail(deps.db, 'application_received', { companyId: r.company_id, lang, vars })) });
  } catch (err) {
    deps.log.warn({ err, applicationId }, 'the application receipt mail failed');
  }
}

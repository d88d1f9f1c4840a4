import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { CandidatePage } from './Candidate.tsx';
import { LinkList } from '../../ui/LinkList.tsx';
import { ActionForm, type ActionRefs } from '../../ui/Action.tsx';

/**
 * The signed-in candidate's open shifts on /staff/shifts: free seats of the next
 * 14 days they may take, each with what the working-limit check says now, and one button that
 * applies to it (the board's own application, checked again when sent). Phone first: one card a
 * shift, no table.
 */
export interface MyShiftsView {
  act: ActionRefs<'claim'>;
  lang: Lang;
  name: string;
  notice: string | null;
  error: string | null;
  /** The next 15 days, each a link; the one shown is current. */
  days: { href: string; label: string; current: boolean }[];
  shifts: {
    shiftId: string;
    jobId: string;
    when: string;
    title: string;
    company: string;
    place: string;
    pay: string;
    seats: string;
    /** The limit's answer now: minutes left after it, or why it would be refused. */
    left: string | null;
    refusal: string | null;
  }[];
}

export function MyShiftsPage(p: MyShiftsView): JSX.Element {
  const L = p.lang;
  return (
    <CandidatePage lang={L} name={p.name} current="/staff/shifts" className="open-shifts" notice={p.notice} error={p.error}>
      <p className="lead">{msg(L, 'openShifts.intro')}</p>
      <nav aria-label={msg(L, 'openShifts.days')}>
        <LinkList className="day-chips" links={p.days.map((d) => ({ href: d.href, label: d.label, current: d.current ? 'page' : undefined }))} />
      </nav>
      {p.shifts.length === 0 ? (
        <p>
          {msg(L, 'openShifts.none')} <a href="/daily">{msg(L, 'openShifts.board')}</a>
        </p>
      ) : (
        <ul className="open-shift-list">
          {p.shifts.map((s) => (
            <li key={s.shiftId} className="card open-shift" data-shift={s.shiftId}>
              <h2 className="card-title">
                <a href={`/daily/${s.jobId}`}>{s.title}</a>
              </h2>
              <p>
                <strong>{s.when}</strong>
              </p>
              <p>
                {s.company} · {s.place}
              </p>
              <p>
                {s.pay} · {s.seats}
              </p>
              {s.left && <p className="hint">{s.left}</p>}
              {s.refusal ? (
                <p className="alert alert-error">{s.refusal}</p>
              ) : (
                <ActionForm post={p.days.find((d) => d.current)?.href ?? '/staff/shifts'} action={p.act.claim} button="button" label={msg(L, 'openShifts.claim')}>
                  <input type="hidden" name="jobId" value={s.jobId} />
                  <input type="hidden" name="shiftId" value={s.shiftId} />
                </ActionForm>
              )}
            </li>
          ))}
        </ul>
      )}
    </CandidatePage>
  );
}

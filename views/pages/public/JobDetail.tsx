import type { JSX, ReactNode } from 'react';
import { Facts } from '../../ui/Facts.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { ActionButton, type ActionRefs } from '../../ui/Action.tsx';
import { AlertLine } from '../../ui/Alert.tsx';

export interface JobDetailView {
  id: string;
  kind: 'daily' | 'other';
  title: string;
  description: string;
  location: string;
  station: string;
  wage: string;
  company: string;
  facts: { label: MessageKey; value: string }[];
  shifts: { id: string; date: string; time: string; wage: string; seats: number }[];
  /** schema.org JobPosting, serialised by the server. */
  jsonLd: string;
}

export interface JobDetailProps {
  act: ActionRefs<'apply'>;
  lang: Lang;
  job: JobDetailView;
  /** Signed in as a candidate: apply buttons post; otherwise they lead to login / registration. */
  candidate: { name: string } | null;
  notice?: { kind: 'ok' | 'error'; text: string };
  appliedShiftIds: string[];
  appliedToJob: boolean;
  /** The message to the company as typed, when the page is drawn again (a refusal, a session that ended). */
  message?: string;
  /** Ads for job pages (views/pages/public/Ads.tsx), below the job's own content. */
  ads?: ReactNode;
}

/** Said beside every way to apply: the residence card is checked before the first shift, not before applying. */
export function CardNeeded({ lang }: { lang: Lang }): JSX.Element {
  return (
    <p className="apply-hint card-needed">
      {msg(lang, 'card.neededFirst')} <a href="/staff/card">{msg(lang, 'card.neededLink')}</a>
    </p>
  );
}

/** /daily/{id} and /part-time/{id}: the job, its open shifts and the apply buttons. */
export function JobDetailPage({ act, lang, job, candidate, notice, appliedShiftIds, appliedToJob, message, ads }: JobDetailProps): JSX.Element {
  const base = job.kind === 'daily' ? '/daily' : '/part-time';
  const next = encodeURIComponent(`${base}/${job.id}`);
  const applyForm = (shiftId: string | null, done: boolean) =>
    done ? (
      <span className="badge">{msg(lang, 'jobDetail.applied')}</span>
    ) : candidate ? (
      <form method="post" action={`${base}/${job.id}`} className="apply-form">
        {shiftId && <input type="hidden" name="shift_id" value={shiftId} />}
        {!shiftId && (
          <label>
            {msg(lang, 'jobDetail.message')}
            <textarea name="message" rows={3} maxLength={1000} defaultValue={message} />
          </label>
        )}
        <ActionButton action={act.apply} className="button button-primary button-small">
          {msg(lang, 'jobDetail.apply')}
        </ActionButton>
      </form>
    ) : (
      <a className="button button-secondary button-small" href={`/staff/login?next=${next}`}>
        {msg(lang, 'jobDetail.apply')}
      </a>
    );
  return (
    <article className="page job-detail">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: job.jsonLd }} />
      <header className="page-header">
        <div className="container">
          <p>
            <a href={base}>← {msg(lang, 'jobDetail.back')}</a>
          </p>
          <h1>{job.title}</h1>
          <p className="lead">
            {job.company} · {job.location}
          </p>
        </div>
      </header>
      <div className="container section">
        {notice && <AlertLine tone={notice.kind === 'ok' ? 'success' : 'error'}>{notice.text}</AlertLine>}
        <Facts
          className="job-facts job-facts-wide"
          rows={[
            [msg(lang, 'common.pay'), job.wage, 'job-wage'],
            [msg(lang, 'jobDetail.location'), job.location],
            [msg(lang, 'jobDetail.station'), job.station],
            ...job.facts.map((f) => [msg(lang, f.label), f.value] as const),
          ]}
        />
        <TitledSection id="about-title" title={msg(lang, 'jobDetail.about')}>
          {job.description
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((para, i) => (
              <p key={i}>{para}</p>
            ))}
        </TitledSection>
        {job.kind === 'daily' ? (
          <TitledSection id="shifts-title" title={msg(lang, 'jobDetail.shifts')}>
            {job.shifts.length === 0 ? (
              <p className="empty-state">{msg(lang, 'jobDetail.noShifts')}</p>
            ) : (
              <table className="shift-table">
                <thead>
                  <tr>
                    <th scope="col">{msg(lang, 'common.date')}</th>
                    <th scope="col">{msg(lang, 'common.time')}</th>
                    <th scope="col">{msg(lang, 'common.pay')}</th>
                    <th scope="col">{msg(lang, 'jobDetail.seats')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{msg(lang, 'jobDetail.apply')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {job.shifts.map((s) => (
                    <tr key={s.id}>
                      <td>{s.date}</td>
                      <td>{s.time}</td>
                      <td>{s.wage}</td>
                      <td data-label={msg(lang, 'jobDetail.seats')}>{s.seats}</td>
                      <td>{applyForm(s.id, appliedShiftIds.includes(s.id))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </TitledSection>
        ) : (
          <section className="apply-box">{applyForm(null, appliedToJob)}</section>
        )}
        <CardNeeded lang={lang} />
        {!candidate && (
          <p className="apply-hint">
            {msg(lang, 'jobDetail.loginToApply')} <a href={`/staff/login?next=${next}`}>{msg(lang, 'common.login')}</a> · <a href={`/staff/register?next=${next}`}>{msg(lang, 'jobDetail.register')}</a>
          </p>
        )}
        {ads}
      </div>
    </article>
  );
}

import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';

export interface JobDetailView {
  id: string;
  kind: 'daily' | 'other';
  title: string;
  description: string;
  location: string;
  station: string;
  wage: string;
  company: string;
  facts: { label: Text; value: string }[];
  shifts: { id: string; date: string; time: string; wage: string; seats: number }[];
  /** schema.org JobPosting, serialised by the server. */
  jsonLd: string;
}

export interface JobDetailProps {
  lang: Lang;
  job: JobDetailView;
  /** Signed in as a candidate: apply buttons post; otherwise they lead to login / registration. */
  candidate: { name: string } | null;
  notice?: { kind: 'ok' | 'error'; text: string };
  appliedShiftIds: string[];
  appliedToJob: boolean;
}

const L: Record<string, Text> = {
  back: { ja: '一覧へ戻る', en: 'Back to the list' },
  company: { ja: '掲載企業', en: 'Posted by' },
  location: { ja: '勤務地', en: 'Location' },
  station: { ja: '最寄り駅', en: 'Nearest station' },
  pay: { ja: '給与', en: 'Pay' },
  shifts: { ja: '募集中のシフト', en: 'Open shifts' },
  date: { ja: '日付', en: 'Date' },
  time: { ja: '時間', en: 'Time' },
  seats: { ja: '残り', en: 'Seats left' },
  apply: { ja: '応募する', en: 'Apply' },
  applied: { ja: '応募済み', en: 'Applied' },
  noShifts: { ja: '現在、応募できるシフトはありません。', en: 'No shifts are open right now.' },
  loginToApply: { ja: '応募するにはログインしてください。', en: 'Log in to apply.' },
  login: { ja: 'ログイン', en: 'Log in' },
  register: { ja: '新規登録（無料）', en: 'Register (free)' },
  message: { ja: '会社へのメッセージ（任意）', en: 'Message to the company (optional)' },
  about: { ja: '仕事内容', en: 'About the job' },
};

/** /daily/{id} and /part-time/{id}: the job, its open shifts and the apply buttons. */
export function JobDetailPage({ lang, job, candidate, notice, appliedShiftIds, appliedToJob }: JobDetailProps): JSX.Element {
  const t = (k: string) => tr(lang, L[k]!);
  const base = job.kind === 'daily' ? '/daily' : '/part-time';
  const next = encodeURIComponent(`${base}/${job.id}`);
  const applyForm = (shiftId: string | null, done: boolean) =>
    done ? (
      <span className="badge">{t('applied')}</span>
    ) : candidate ? (
      <form method="post" action={`${base}/${job.id}`} className="apply-form">
        <input type="hidden" name="_action" value="apply" />
        {shiftId && <input type="hidden" name="shift_id" value={shiftId} />}
        {!shiftId && (
          <label>
            {t('message')}
            <textarea name="message" rows={3} maxLength={1000} />
          </label>
        )}
        <button type="submit" className="button button-primary button-small">
          {t('apply')}
        </button>
      </form>
    ) : (
      <a className="button button-secondary button-small" href={`/staff/login?next=${next}`}>
        {t('apply')}
      </a>
    );
  return (
    <article className="page job-detail">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: job.jsonLd }} />
      <header className="page-header">
        <div className="container">
          <p>
            <a href={base}>← {t('back')}</a>
          </p>
          <h1>{job.title}</h1>
          <p className="lead">
            {job.company} · {job.location}
          </p>
        </div>
      </header>
      <div className="container section">
        {notice && (
          <p className={notice.kind === 'ok' ? 'alert alert-success' : 'alert alert-error'} role={notice.kind === 'ok' ? 'status' : 'alert'}>
            {notice.text}
          </p>
        )}
        <dl className="job-facts job-facts-wide">
          <div>
            <dt>{t('pay')}</dt>
            <dd className="job-wage">{job.wage}</dd>
          </div>
          <div>
            <dt>{t('location')}</dt>
            <dd>{job.location}</dd>
          </div>
          {job.station && (
            <div>
              <dt>{t('station')}</dt>
              <dd>{job.station}</dd>
            </div>
          )}
          {job.facts.map((f) => (
            <div key={f.label.en}>
              <dt>{tr(lang, f.label)}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="about-title">
          <h2 id="about-title">{t('about')}</h2>
          {job.description
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((para, i) => (
              <p key={i}>{para}</p>
            ))}
        </section>
        {job.kind === 'daily' ? (
          <section aria-labelledby="shifts-title">
            <h2 id="shifts-title">{t('shifts')}</h2>
            {job.shifts.length === 0 ? (
              <p className="empty-state">{t('noShifts')}</p>
            ) : (
              <table className="shift-table">
                <thead>
                  <tr>
                    <th scope="col">{t('date')}</th>
                    <th scope="col">{t('time')}</th>
                    <th scope="col">{t('pay')}</th>
                    <th scope="col">{t('seats')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('apply')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {job.shifts.map((s) => (
                    <tr key={s.id}>
                      <td>{s.date}</td>
                      <td>{s.time}</td>
                      <td>{s.wage}</td>
                      <td>{s.seats}</td>
                      <td>{applyForm(s.id, appliedShiftIds.includes(s.id))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        ) : (
          <section className="apply-box">{applyForm(null, appliedToJob)}</section>
        )}
        {!candidate && (
          <p className="apply-hint">
            {t('loginToApply')} <a href={`/staff/login?next=${next}`}>{t('login')}</a> · <a href={`/staff/register?next=${next}`}>{t('register')}</a>
          </p>
        )}
      </div>
    </article>
  );
}

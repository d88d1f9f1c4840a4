import type { JSX, ReactNode } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';

/** A job as the public boards show it; the server formats wage and date for the page language. */
export type PublicJob = { id: string; title: string; location: string; wage: string; date?: string };

/**
 * The job board shared by /daily and /part-time: heading, intro, a count, the job cards (each
 * linking to `{basePath}/{id}`) or, with no jobs, an empty state.
 */
export function JobBoard(props: {
  lang: Lang;
  jobs: PublicJob[];
  basePath: '/daily' | '/part-time';
  title: Text;
  intro: Text;
  empty: Text;
  /** The search form (filters and sort), when the server offers one. */
  search?: ReactNode;
  /** Paging: the total across pages and the links, when the list is paged. */
  total?: number;
  pager?: ReactNode;
}): JSX.Element {
  const { lang, jobs, basePath } = props;
  const t = (text: Text) => tr(lang, text);
  const count = props.total ?? jobs.length;

  return (
    <div className="page page-jobs">
      <header className="page-header">
        <div className="container">
          <h1>{t(props.title)}</h1>
          <p className="lead">{t(props.intro)}</p>
        </div>
      </header>

      <section className="section" aria-labelledby="jobs-title">
        <div className="container">
          <h2 id="jobs-title" className="visually-hidden">
            {t({ ja: '求人一覧', en: 'Job list' })}
          </h2>
          {props.search}
          {count === 0 ? (
            <div className="empty-state">
              <p className="empty-title">{t(props.empty)}</p>
              <p>
                {t({
                  ja: '新しい仕事は随時追加されます。また後でご確認ください。希望の仕事について相談したい場合は、お気軽にお問い合わせください。',
                  en: 'New jobs are added all the time, so please check back soon. If you would like to talk about the kind of work you are looking for, get in touch.',
                })}
              </p>
              <div className="cta-group">
                <a className="button button-primary" href="/staff/contact">
                  {t({ ja: 'お問い合わせ', en: 'Contact us' })}
                </a>
                <a className="button button-secondary" href={basePath === '/daily' ? '/part-time' : '/daily'}>
                  {basePath === '/daily'
                    ? t({ ja: 'アルバイトを見る', en: 'See part-time jobs' })
                    : t({ ja: '日払いの仕事を見る', en: 'See daily jobs' })}
                </a>
              </div>
            </div>
          ) : (
            <>
              <p className="job-count">
                {/* The server caps counts at 1,000 (a larger count arrives as 1,001). */}
                {count > 1_000
                  ? lang === 'ja'
                    ? '1,000件以上の求人'
                    : '1,000+ jobs'
                  : lang === 'ja'
                    ? `${count.toLocaleString('ja-JP')}件の求人`
                    : `${count.toLocaleString('en')} ${count === 1 ? 'job' : 'jobs'}`}
              </p>
              <ul className="job-list">
                {jobs.map((job) => (
                  <li key={job.id}>
                    <article className="job-card" aria-labelledby={`job-${job.id}`}>
                      <h3 id={`job-${job.id}`}>
                        <a className="job-link" href={`${basePath}/${encodeURIComponent(job.id)}`}>
                          {job.title}
                        </a>
                      </h3>
                      <dl className="job-facts">
                        {job.date ? (
                          <div>
                            <dt>{t({ ja: '日付', en: 'Date' })}</dt>
                            <dd>{job.date}</dd>
                          </div>
                        ) : null}
                        <div>
                          <dt>{t({ ja: '勤務地', en: 'Location' })}</dt>
                          <dd>{job.location}</dd>
                        </div>
                        <div>
                          <dt>{t({ ja: '給与', en: 'Pay' })}</dt>
                          <dd className="job-wage">{job.wage}</dd>
                        </div>
                      </dl>
                      <span className="job-more" aria-hidden="true">
                        {t({ ja: '詳細を見る', en: 'View details' })} →
                      </span>
                    </article>
                  </li>
                ))}
              </ul>
              {props.pager}
            </>
          )}
        </div>
      </section>
    </div>
  );
}

/** /daily: the board of daily (spot) jobs. */
export function DailyPage(props: { lang: Lang; jobs: PublicJob[]; search?: ReactNode; total?: number; pager?: ReactNode }): JSX.Element {
  return (
    <JobBoard
      lang={props.lang}
      jobs={props.jobs}
      search={props.search}
      total={props.total}
      pager={props.pager}
      basePath="/daily"
      title={{ ja: '日払い・スポットの仕事', en: 'Daily and spot jobs' }}
      intro={{
        ja: '1日から働ける仕事です。好きな日を選んで働けて、給与は働いた日ごとに支払われます。在留資格と、留学生の方は週28時間の上限を確認してから応募してください。',
        en: 'Work for as little as one day. Choose the days that suit you and get paid for each day you work. Check your residence status, and for students the 28-hours-a-week limit, before you apply.',
      }}
      empty={{ ja: '現在、募集中の日払いの仕事はありません。', en: 'There are no daily jobs open right now.' }}
    />
  );
}

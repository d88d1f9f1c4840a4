import type { JSX, ReactNode } from 'react';
import { Facts, type Fact } from '../../ui/Facts.tsx';
import { COUNT_CAP, numberText } from '../../../shared/format.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { contactLink, PageHeader } from './sections.tsx';

/** A job as the public boards show it; the server formats wage and date for the page language. */
export type PublicJob = { id: string; title: string; location: string; wage: string; date?: string };

/** Where a job card's job is and what it pays (the pay stands out), on the boards and in the featured ads. */
export const placeAndPay = (lang: Lang, job: { location?: string | undefined; wage?: string | undefined }): Fact[] => [
  [msg(lang, 'jobDetail.location'), job.location],
  [msg(lang, 'common.pay'), job.wage, 'job-wage'],
];

/** What a board's page is given: the jobs, and the search form, paging and ads when there are. */
export interface BoardPageProps {
  lang: Lang;
  jobs: PublicJob[];
  /** The search form (filters and sort), when the server offers one. */
  search?: ReactNode;
  /** A filter is in use: an empty result is "no job matches these filters", with a link that clears them. */
  filtered?: boolean;
  /** Paging: the total across pages and the links, when the list is paged. */
  total?: number;
  pager?: ReactNode;
  /** The board's ads (views/pages/public/Ads.tsx), between the search form and the results. */
  ads?: ReactNode;
}

/**
 * The job board shared by /daily and /part-time: heading, intro, a count, the job cards (each
 * linking to `{basePath}/{id}`) or, with no jobs, an empty state.
 */
export function JobBoard(props: BoardPageProps & { basePath: '/daily' | '/part-time'; title: MessageKey; intro: MessageKey; empty: MessageKey }): JSX.Element {
  const { lang, jobs, basePath } = props;
  const count = props.total ?? jobs.length;

  return (
    <div className="page page-jobs">
      <PageHeader lang={lang} title={msg(lang, props.title)} lead={msg(lang, props.intro)} />

      <section className="section" aria-labelledby="jobs-title">
        <div className="container">
          <h2 id="jobs-title" className="visually-hidden">
            {msg(lang, 'board.jobList')}
          </h2>
          {props.search}
          {props.ads}
          {count === 0 && props.filtered ? (
            <EmptyState title={msg(lang, 'board.noMatch')} text={msg(lang, 'board.noMatchHelp')} links={[{ href: basePath, label: msg(lang, 'search.clear') }]} />
          ) : count === 0 ? (
            <EmptyState
              title={msg(lang, props.empty)}
              text={msg(lang, 'board.emptyHelp')}
              links={[contactLink(lang), basePath === '/daily' ? { href: '/part-time', label: msg(lang, 'board.seePartTime') } : { href: '/daily', label: msg(lang, 'board.seeDaily') }]}
            />
          ) : (
            <>
              <p className="job-count">
                {/* The server caps counts at COUNT_CAP (a larger count arrives as one more). */}
                {count > COUNT_CAP
                  ? msg(lang, 'board.countOver', { count: numberText(COUNT_CAP, lang) })
                  : msg(lang, count === 1 ? 'board.countOne' : 'board.count', { count: numberText(count, lang) })}
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
                      <Facts className="job-facts" rows={[[msg(lang, 'common.date'), job.date], ...placeAndPay(lang, job)]} />
                      <span className="job-more" aria-hidden="true">
                        {msg(lang, 'board.viewDetails')} →
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
export function DailyPage(props: BoardPageProps): JSX.Element {
  return <JobBoard {...props} basePath="/daily" title="board.dailyTitle" intro="board.dailyIntro" empty="board.dailyEmpty" />;
}

import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';

export interface Choice {
  value: string;
  label: string;
}

export interface JobSearchProps {
  lang: Lang;
  action: '/daily' | '/part-time';
  values: Record<string, string>;
  prefectures: readonly Choice[];
  jobTypes: Choice[];
  languages: Choice[];
  visaTypes: Choice[];
  /** The daily board filters by date and sorts by date too. */
  daily: boolean;
}

/** The filters of the public boards: a GET form, so results are linkable and work without JavaScript. */
export function JobSearch(p: JobSearchProps): JSX.Element {
  const select = (name: string, label: string, choices: readonly Choice[]) => (
    <label className="search-field">
      <span>{label}</span>
      <select name={name} defaultValue={p.values[name] ?? ''}>
        <option value="">{msg(p.lang, 'search.any')}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  const active = Object.entries(p.values).filter(([k, v]) => v && k !== 'sort' && k !== 'page').length;
  // Folded behind one button (a <details>: no script needed), so that on a phone the first job is
  // on the first screen; the button counts the filters in use.
  return (
    <details className="search-fold">
      <summary className="button button-secondary">
        {msg(p.lang, 'search.filters')}
        {active > 0 ? ` (${active})` : ''}
      </summary>
      <form className="job-search" method="get" action={p.action} role="search" aria-label={msg(p.lang, 'search.filters')}>
        <label className="search-field search-wide">
          <span>{msg(p.lang, 'list.keyword')}</span>
          <input type="search" name="q" defaultValue={p.values.q ?? ''} maxLength={100} />
        </label>
        <label className="search-field">
          <span>{msg(p.lang, 'jobDetail.station')}</span>
          <input type="search" name="station" defaultValue={p.values.station ?? ''} maxLength={50} />
        </label>
        {select('prefecture', msg(p.lang, 'search.area'), p.prefectures)}
        {p.daily && (
          <label className="search-field">
            <span>{msg(p.lang, 'search.date')}</span>
            <input type="date" name="date" defaultValue={p.values.date ?? ''} />
          </label>
        )}
        <label className="search-field">
          <span>{msg(p.lang, 'search.minWage')}</span>
          <input type="number" name="minWage" min={0} step={50} inputMode="numeric" defaultValue={p.values.minWage ?? ''} />
        </label>
        {select('jobType', msg(p.lang, 'search.jobType'), p.jobTypes)}
        {select('language', msg(p.lang, 'search.language'), p.languages)}
        {select('visa', msg(p.lang, 'search.visa'), p.visaTypes)}
        <label className="search-field">
          <span>{msg(p.lang, 'search.sort')}</span>
          <select name="sort" defaultValue={p.values.sort ?? 'new'}>
            <option value="new">{msg(p.lang, 'search.new')}</option>
            <option value="wage">{msg(p.lang, 'search.wage')}</option>
            {p.daily && <option value="date">{msg(p.lang, 'search.soon')}</option>}
          </select>
        </label>
        <div className="search-actions">
          <button type="submit" className="button button-primary">
            {msg(p.lang, 'search.search')}
          </button>
          {active > 0 && <a href={p.action}>{msg(p.lang, 'search.clear')}</a>}
        </div>
      </form>
    </details>
  );
}

/** Previous / next links that keep the filters. */
export function Pager(p: { lang: Lang; page: number; pages: number; href: (page: number) => string }): JSX.Element | null {
  if (p.pages <= 1) return null;
  return (
    <nav className="pager" aria-label={msg(p.lang, 'search.pages')}>
      {p.page > 1 ? (
        <a href={p.href(p.page - 1)} rel="prev">
          ← {msg(p.lang, 'list.prev')}
        </a>
      ) : (
        <span />
      )}
      <span>
        {p.page} / {p.pages}
      </span>
      {p.page < p.pages ? (
        <a href={p.href(p.page + 1)} rel="next">
          {msg(p.lang, 'list.next')} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

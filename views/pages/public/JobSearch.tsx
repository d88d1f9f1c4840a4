import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';

export interface Choice {
  value: string;
  label: string;
}

export interface JobSearchProps {
  lang: Lang;
  action: '/daily' | '/part-time';
  values: Record<string, string>;
  prefectures: Choice[];
  jobTypes: Choice[];
  languages: Choice[];
  visaTypes: Choice[];
  /** The daily board filters by date and sorts by date too. */
  daily: boolean;
}

const L: Record<string, Text> = {
  filters: { ja: '条件で絞り込む', en: 'Filter jobs' },
  keyword: { ja: 'キーワード', en: 'Keyword' },
  area: { ja: '都道府県', en: 'Prefecture' },
  date: { ja: '勤務日', en: 'Work date' },
  minWage: { ja: '最低給与（円）', en: 'Minimum pay (yen)' },
  jobType: { ja: '職種', en: 'Job type' },
  language: { ja: '話せる言語', en: 'Language you speak' },
  visa: { ja: '在留資格', en: 'Residence status' },
  sort: { ja: '並び順', en: 'Sort by' },
  new: { ja: '新着順', en: 'Newest' },
  wage: { ja: '給与が高い順', en: 'Highest pay' },
  soon: { ja: '勤務日が近い順', en: 'Soonest date' },
  any: { ja: '指定なし', en: 'Any' },
  search: { ja: 'この条件で探す', en: 'Search' },
  clear: { ja: '条件をクリア', en: 'Clear filters' },
};

/** The filters of the public boards: a GET form, so results are linkable and work without JavaScript. */
export function JobSearch(p: JobSearchProps): JSX.Element {
  const t = (k: string) => tr(p.lang, L[k]!);
  const select = (name: string, label: string, choices: Choice[]) => (
    <label className="search-field">
      <span>{label}</span>
      <select name={name} defaultValue={p.values[name] ?? ''}>
        <option value="">{t('any')}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  const active = Object.entries(p.values).some(([k, v]) => v && k !== 'sort' && k !== 'page');
  return (
    <form className="job-search" method="get" action={p.action} role="search" aria-label={t('filters')}>
      <label className="search-field search-wide">
        <span>{t('keyword')}</span>
        <input type="search" name="q" defaultValue={p.values.q ?? ''} maxLength={100} />
      </label>
      {select('prefecture', t('area'), p.prefectures)}
      {p.daily && (
        <label className="search-field">
          <span>{t('date')}</span>
          <input type="date" name="date" defaultValue={p.values.date ?? ''} />
        </label>
      )}
      <label className="search-field">
        <span>{t('minWage')}</span>
        <input type="number" name="minWage" min={0} step={50} inputMode="numeric" defaultValue={p.values.minWage ?? ''} />
      </label>
      {select('jobType', t('jobType'), p.jobTypes)}
      {select('language', t('language'), p.languages)}
      {select('visa', t('visa'), p.visaTypes)}
      <label className="search-field">
        <span>{t('sort')}</span>
        <select name="sort" defaultValue={p.values.sort ?? 'new'}>
          <option value="new">{t('new')}</option>
          <option value="wage">{t('wage')}</option>
          {p.daily && <option value="date">{t('soon')}</option>}
        </select>
      </label>
      <div className="search-actions">
        <button type="submit" className="button button-primary">
          {t('search')}
        </button>
        {active && <a href={p.action}>{t('clear')}</a>}
      </div>
    </form>
  );
}

/** Previous / next links that keep the filters. */
export function Pager(p: { lang: Lang; page: number; pages: number; href: (page: number) => string }): JSX.Element | null {
  if (p.pages <= 1) return null;
  return (
    <nav className="pager" aria-label={p.lang === 'ja' ? 'ページ' : 'Pages'}>
      {p.page > 1 ? <a href={p.href(p.page - 1)} rel="prev">{p.lang === 'ja' ? '← 前へ' : '← Previous'}</a> : <span />}
      <span>
        {p.page} / {p.pages}
      </span>
      {p.page < p.pages ? <a href={p.href(p.page + 1)} rel="next">{p.lang === 'ja' ? '次へ →' : 'Next →'}</a> : <span />}
    </nav>
  );
}

import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { dateTimeText } from '../../../shared/format.ts';

export interface CrawlerRunView {
  id: string;
  started_at: string;
  finished_at: string | null;
  status: string;
  found: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: string[];
}

const STATUS = { running: 'crawler.running', ok: 'crawler.ok', failed: 'crawler.failed' } as const;

/** A crawler source's run history on its record page: newest first, with counts and what went wrong. */
export function CrawlerRuns({ lang, runs }: { lang: Lang; runs: CrawlerRunView[] }): JSX.Element {
  return (
    <section className="card crawler-runs" id="crawler-runs" aria-labelledby="crawler-runs-title">
      <h2 id="crawler-runs-title">{msg(lang, 'crawler.history')}</h2>
      {runs.length === 0 ? (
        <p className="empty">{msg(lang, 'crawler.noRuns')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{msg(lang, 'crawler.started')}</th>
                <th scope="col">{msg(lang, 'crawler.result')}</th>
                <th scope="col">{msg(lang, 'crawler.found')}</th>
                <th scope="col">{msg(lang, 'crawler.imported')}</th>
                <th scope="col">{msg(lang, 'crawler.updated')}</th>
                <th scope="col">{msg(lang, 'crawler.skipped')}</th>
                <th scope="col">{msg(lang, 'crawler.problems')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id}>
                  <td>{dateTimeText(r.started_at, lang)}</td>
                  <td>
                    <span className={`badge badge-${r.status === 'failed' ? 'danger' : r.status === 'ok' ? 'success' : 'info'}`}>{msg(lang, STATUS[r.status as keyof typeof STATUS] ?? 'crawler.running')}</span>
                  </td>
                  <td>{r.found}</td>
                  <td>{r.imported}</td>
                  <td>{r.updated}</td>
                  <td>{r.skipped}</td>
                  <td>
                    {r.errors.length ? (
                      <ul className="plain-list">
                        {r.errors.slice(0, 5).map((e, i) => (
                          <li key={i}>{e}</li>
                        ))}
                      </ul>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg, msgText } from '../../../shared/texts/index.ts';
import { dateText, dateLong, hoursMinutesText, numberText } from '../../../shared/format.ts';
import type { InboxReportRow } from '../../../shared/inbox-report.ts';
import { DataTable, ListHead, listHref } from '../../ui/DataTable.tsx';
import { SelectFilter } from '../../ui/SelectFilter.tsx';

/**
 * A duration in words, as large as it needs: 45 → "45秒" / "45 s"; 810 → "13分30秒" /
 * "13 min 30 s"; 3,600 → "1時間" / "1 h"; 97,200 → "1日3時間" / "1 d 3 h".
 */
function durationText(seconds: number, lang: Lang): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return msg(lang, 'inboxReport.seconds', { s });
  if (s < 3600) return s % 60 ? msg(lang, 'inboxReport.minutesSeconds', { m: Math.floor(s / 60), s: s % 60 }) : hoursMinutesText(s / 60, lang);
  if (s < 86_400) return hoursMinutesText(Math.round(s / 60), lang);
  return msg(lang, 'inboxReport.daysHours', { d: numberText(Math.floor(s / 86_400)), h: Math.round((s % 86_400) / 3600) });
}

const label = (key: Parameters<typeof msgText>[0]): Text => msgText(key);
const COLUMNS = [
  { name: 'week', label: label('inboxReport.week'), type: 'text' },
  { name: 'staffName', label: label('inboxReport.staff'), type: 'text' },
  { name: 'responses', label: label('inboxReport.responses'), type: 'number' },
  { name: 'responseMedian', label: label('inboxReport.responseMedian'), type: 'text' },
  { name: 'responseAverage', label: label('inboxReport.responseAverage'), type: 'text' },
  { name: 'resolutions', label: label('inboxReport.resolutions'), type: 'number' },
  { name: 'resolutionMedian', label: label('inboxReport.resolutionMedian'), type: 'text' },
] as const;

/** Lines of the charts: a colour and a dash each, so two lines differ without colour too. */
const STYLES = [
  { color: '#2f6fb5', dash: undefined },
  { color: '#c2410c', dash: '6 3' },
  { color: '#15803d', dash: '2 3' },
  { color: '#7e22ce', dash: '8 3 2 3' },
  { color: '#b91c1c', dash: '4 4' },
  { color: '#0f766e', dash: '1 2' },
] as const;
const styleOf = (i: number) => STYLES[i % STYLES.length]!;

interface Series {
  name: string;
  /** Seconds per week of the axis (null: nothing that week). */
  values: (number | null)[];
}

/** The chart's drawing box (its width and height) and the margins left around the plot for the axes' labels. */
const CHART_BOX = { W: 400, H: 210, left: 64, right: 12, top: 12, bottom: 28 } as const;

/**
 * A line chart as inline SVG, drawn on the server (no chart code in the browser): weeks along the
 * bottom, time up the side, one line per staff member. Drawn to a 400-wide box that scales with
 * the page, so a phone shows it whole; its title is drawn above it (and names it for screen readers,
 * with a description), each point says its person, week and value, and every figure is in the table as well.
 */
function TrendChart({ id, lang, title, weeks, series }: { id: string; lang: Lang; title: string; weeks: readonly string[]; series: readonly Series[] }): JSX.Element {
  const { W, H, left, right, top, bottom } = CHART_BOX;
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = Math.max(60, ...all);
  const x = (i: number) => left + (weeks.length <= 1 ? (W - left - right) / 2 : (i * (W - left - right)) / (weeks.length - 1));
  const y = (v: number) => top + (H - top - bottom) * (1 - v / max);
  // Every other week label on long periods, so the dates do not run into each other.
  const every = weeks.length > 8 ? 3 : weeks.length > 4 ? 2 : 1;
  return (
    <figure className="report-chart">
      <h2 className="report-chart-title" id={`${id}-title`}>
        {title}
      </h2>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="xMinYMin meet" data-chart={id}>
        <desc id={`${id}-desc`}>{msg(lang, 'inboxReport.chartDesc')}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={left} x2={W - right} y1={y(max * f)} y2={y(max * f)} stroke="#d5dbe3" strokeWidth="1" />
            <text x={left - 6} y={y(max * f) + 4} fontSize="11" textAnchor="end" fill="currentColor">
              {durationText(max * f, lang)}
            </text>
          </g>
        ))}
        {weeks.map((w, i) =>
          i % every === (weeks.length - 1) % every ? (
            <text key={w} x={x(i)} y={H - 8} fontSize="11" textAnchor="middle" fill="currentColor">
              {dateText(w, lang)}
            </text>
          ) : null,
        )}
        {all.length === 0 && (
          <text x={(W + left) / 2} y={H / 2} fontSize="14" textAnchor="middle" fill="currentColor">
            {msg(lang, 'inboxReport.chartNone')}
          </text>
        )}
        {series.map((s, si) => {
          const { color, dash } = styleOf(si);
          // A line joins the weeks that have a value next to each other; a week without one breaks it.
          const runs: string[][] = [[]];
          s.values.forEach((v, i) => (v === null ? runs.push([]) : runs.at(-1)!.push(`${x(i)},${y(v)}`)));
          return (
            <g key={s.name + si} className="report-series" data-name={s.name}>
              {runs
                .filter((r) => r.length > 1)
                .map((r, ri) => (
                  <polyline key={ri} points={r.join(' ')} fill="none" stroke={color} strokeWidth="2" strokeDasharray={dash} />
                ))}
              {s.values.map((v, i) =>
                v === null ? null : (
                  <circle key={i} cx={x(i)} cy={y(v)} r="3.5" fill={color} data-week={weeks[i]} data-seconds={v}>
                    <title>{msg(lang, 'inboxReport.point', { name: s.name, week: msg(lang, 'inboxReport.weekOf', { day: dateLong(weeks[i]!, lang) }), value: durationText(v, lang) })}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
      </svg>
      {series.length > 0 && (
        <figcaption>
          <ul className="chart-legend" aria-label={msg(lang, 'inboxReport.legend')}>
            {series.map((s, si) => (
              <li key={s.name + si}>
                <svg width="24" height="10" aria-hidden="true">
                  <line x1="0" x2="24" y1="5" y2="5" stroke={styleOf(si).color} strokeWidth="2" strokeDasharray={styleOf(si).dash} />
                </svg>
                {s.name}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}

/** The series of one measure: a line per staff member, in the table's order of names. */
function seriesOf(rows: readonly InboxReportRow[], weeks: readonly string[], value: (r: InboxReportRow) => number | null): Series[] {
  const people = new Map<string, string>();
  for (const r of [...rows].sort((a, b) => a.staffName.localeCompare(b.staffName))) people.set(r.staffId, r.staffName);
  return [...people]
    .map(([id, name]) => ({ name, values: weeks.map((w) => rows.find((r) => r.staffId === id && r.week === w)).map((r) => (r ? value(r) : null)) }))
    .filter((s) => s.values.some((v) => v !== null));
}

/**
 * /admin/inbox/report: the period's selector (a GET form, 4, 8 or 12 weeks), the two charts, the
 * table of every staff member and week, and the CSV of the same rows.
 */
export function InboxReportPage(p: { lang: Lang; title: Text; path: string; weeks: number; choices: readonly number[]; axis: readonly string[]; rows: readonly InboxReportRow[] }): JSX.Element {
  const { lang } = p;
  const shown = p.rows.map((r) => ({
    id: `${r.week}:${r.staffId}`,
    week: msg(lang, 'inboxReport.weekOf', { day: dateLong(r.week, lang) }),
    staffName: r.staffName,
    responses: r.responses,
    responseMedian: r.responseMedianSeconds === null ? '' : durationText(r.responseMedianSeconds, lang),
    responseAverage: r.responseAverageSeconds === null ? '' : durationText(r.responseAverageSeconds, lang),
    resolutions: r.resolutions,
    resolutionMedian: r.resolutionMedianSeconds === null ? '' : durationText(r.resolutionMedianSeconds, lang),
  }));
  return (
    <section className="inbox-report">
      <ListHead lang={lang} title={p.title} csvHref={p.rows.length ? listHref(p.path, { weeks: p.weeks, format: 'csv' }) : null} />
      <p className="lead">{msg(lang, 'inboxReport.lead')}</p>
      <SelectFilter path={p.path} label={msg(lang, 'inboxReport.period')} name="weeks" value={String(p.weeks)} button={msg(lang, 'inboxReport.show')} buttonClass="btn btn-small-solid">
        {p.choices.map((n) => (
          <option key={n} value={n}>
            {msg(lang, 'inboxReport.lastWeeks', { weeks: n })}
          </option>
        ))}
      </SelectFilter>
      {p.rows.length === 0 ? (
        <p className="card empty" role="status">
          {msg(lang, 'inboxReport.empty')}
        </p>
      ) : (
        <>
          <div className="report-charts">
            <TrendChart id="chart-response" lang={lang} title={msg(lang, 'inboxReport.chartResponse')} weeks={p.axis} series={seriesOf(p.rows, p.axis, (r) => r.responseMedianSeconds)} />
            <TrendChart id="chart-resolution" lang={lang} title={msg(lang, 'inboxReport.chartResolution')} weeks={p.axis} series={seriesOf(p.rows, p.axis, (r) => r.resolutionMedianSeconds)} />
          </div>
          <DataTable lang={lang} columns={COLUMNS} rows={shown} empty={msg(lang, 'inboxReport.empty')} caption={tr(lang, msgText('inboxReport.tableCaption'))} />
        </>
      )}
    </section>
  );
}

import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { msg } from '../../../shared/messages.ts';
import { yen } from '../../../shared/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';

/** A shift as the record page shows it (the `shifts` field of DailyJob). */
export interface ShiftView {
  id: string;
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  capacity: number;
  filled: number;
  wage: number | null;
  applications: number;
}

export interface JobShiftsView {
  lang: Lang;
  /** The record page's URL: both forms post there (`_op` addShifts / deleteShift). */
  action: string;
  shifts: ShiftView[];
  /** The job's own pay, shown for shifts without one (none: the job has no pay set). */
  jobWage: number | null;
  closed: boolean;
  /** What the add form shows: what was typed (after a failed post) or the defaults. */
  values: Record<string, unknown>;
  /** Keys of ShiftPlanInput (from, to, weekdays, slots, capacity, breakMinutes, wage) and `_`. */
  errors: Record<string, string>;
  today: string;
  notice?: string | undefined;
  /** The job's public page (/daily/{id}). */
  publicHref: string;
  /** The job is open but has no shift from today on with a free seat: the public board does not list it. */
  offBoard: boolean;
}

const L = {
  ja: {
    title: 'シフト',
    date: '日付',
    time: '時間',
    break: '休憩',
    capacity: '募集人数',
    filled: '応募済み',
    rate: '充足率',
    wage: '給与',
    jobWage: '求人の給与',
    none: 'シフトはまだありません。下のフォームからまとめて追加できます。',
    del: '削除',
    confirm: 'このシフトを削除しますか？この操作は取り消せません。',
    sure: '削除する',
    locked: '応募あり（削除不可）',
    past: '終了',
    add: 'シフトをまとめて追加',
    addHint: '期間内の選んだ曜日に、入力した時間帯ごとのシフトを作ります。同じ日・同じ開始時刻のシフトがすでにある場合は追加しません。',
    from: '開始日',
    to: '終了日',
    weekdays: '曜日',
    slots: '時間帯（最大3つ）',
    slot: (n: number) => `時間帯${n}`,
    start: '開始',
    end: '終了',
    breakMinutes: '休憩（分）',
    shiftWage: 'シフトの給与（円・任意）',
    shiftWageHint: '空欄なら求人の給与を使います。',
    submit: 'シフトを追加する',
    fix: '入力内容を確認してください。',
    closed: '募集終了の求人にはシフトを追加できません。',
    minutes: (n: number) => `${n}分`,
    overnight: '（翌日）',
  },
  en: {
    title: 'Shifts',
    date: 'Date',
    time: 'Time',
    break: 'Break',
    capacity: 'Capacity',
    filled: 'Filled',
    rate: 'Fill rate',
    wage: 'Pay',
    jobWage: "Job's pay",
    none: 'No shifts yet. Add many at once with the form below.',
    del: 'Delete',
    confirm: 'Delete this shift? This cannot be undone.',
    sure: 'Delete',
    locked: 'Has applications (cannot delete)',
    past: 'Over',
    add: 'Add shifts in bulk',
    addHint: 'Makes a shift for every time slot on each chosen weekday in the range. A slot the job already has (same date and start time) is not added again.',
    from: 'From',
    to: 'To',
    weekdays: 'Weekdays',
    slots: 'Time slots (up to 3)',
    slot: (n: number) => `Slot ${n}`,
    start: 'Start',
    end: 'End',
    breakMinutes: 'Break (minutes)',
    shiftWage: 'Pay for these shifts (yen, optional)',
    shiftWageHint: "Blank: the job's pay.",
    submit: 'Add shifts',
    fix: 'Please check the highlighted fields.',
    closed: 'A closed job takes no new shifts.',
    minutes: (n: number) => `${n} min`,
    overnight: ' (next day)',
  },
};

/** Monday first, as Japanese and European calendars show a work week; values are 0 = Sunday … 6 = Saturday. */
const WEEKDAYS: { value: number; ja: string; en: string }[] = [
  { value: 1, ja: '月', en: 'Mon' },
  { value: 2, ja: '火', en: 'Tue' },
  { value: 3, ja: '水', en: 'Wed' },
  { value: 4, ja: '木', en: 'Thu' },
  { value: 5, ja: '金', en: 'Fri' },
  { value: 6, ja: '土', en: 'Sat' },
  { value: 0, ja: '日', en: 'Sun' },
];

function dayLabel(lang: Lang, date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const w = WEEKDAYS.find((x) => x.value === d.getUTCDay());
  return `${date} (${w ? w[lang] : ''})`;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A daily job's shifts on its record page: the table with fill rates, a delete per shift, and the bulk add form. */
export function JobShifts(v: JobShiftsView): JSX.Element {
  const t = L[v.lang];
  const chosen = Array.isArray(v.values.weekdays) ? v.values.weekdays.map(String) : [];
  const hasErrors = Object.keys(v.errors).some((k) => k !== '_');
  return (
    <section className="card job-shifts" id="job-shifts" aria-labelledby="job-shifts-title">
      <h2 id="job-shifts-title">{t.title}</h2>
      <p className="job-shifts-public">
        <a href={v.publicHref}>{msg(v.lang, 'jobs.publicPage')}</a>
      </p>
      {v.offBoard && (
        <p className="form-alert" role="note">
          {msg(v.lang, 'jobs.offBoard')}
        </p>
      )}
      {v.notice && (
        <p className="notice" role="status">
          {v.notice}
        </p>
      )}
      {v.errors._ && (
        <div className="form-alert" role="alert">
          {v.errors._}
        </div>
      )}
      <DataTable
        lang={v.lang}
        columns={[
          { name: 'day', label: { ja: L.ja.date, en: L.en.date }, type: 'text' },
          { name: 'time', label: { ja: L.ja.time, en: L.en.time }, type: 'text' },
          { name: 'breakText', label: { ja: L.ja.break, en: L.en.break }, type: 'text' },
          { name: 'capacity', label: { ja: L.ja.capacity, en: L.en.capacity }, type: 'number' },
          { name: 'filled', label: { ja: L.ja.filled, en: L.en.filled }, type: 'number' },
          { name: 'rate', label: { ja: L.ja.rate, en: L.en.rate }, type: 'text' },
          { name: 'pay', label: { ja: L.ja.wage, en: L.en.wage }, type: 'text' },
        ]}
        rows={v.shifts.map((s) => ({
          ...s,
          day: `${dayLabel(v.lang, s.date)}${s.date < v.today ? ` · ${t.past}` : ''}`,
          time: `${s.start}–${s.end}${s.end <= s.start ? t.overnight : ''}`,
          breakText: t.minutes(s.breakMinutes),
          rate: s.capacity > 0 ? `${Math.round((100 * s.filled) / s.capacity)}%` : '',
          pay: s.wage !== null ? yen(s.wage) : v.jobWage !== null ? `${yen(v.jobWage)} (${t.jobWage})` : '',
        }))}
        rowClass={(r) => (String(r.date) < v.today ? 'shift-past' : undefined)}
        rowActions={(r) =>
          Number(r.applications) > 0 ? (
            <span className="muted">{t.locked}</span>
          ) : (
            <details className="confirm">
              <summary>{t.del}</summary>
              <form method="post" action={v.action}>
                <input type="hidden" name="_op" value="deleteShift" />
                <input type="hidden" name="_shiftId" value={String(r.id)} />
                <p>{t.confirm}</p>
                <button type="submit" className="btn btn-danger">
                  {t.sure}
                </button>
              </form>
            </details>
          )
        }
        empty={t.none}
      />

      <h3>{t.add}</h3>
      {v.closed ? (
        <p className="muted">{t.closed}</p>
      ) : (
        <form method="post" action={v.action} className="shift-plan" noValidate>
          <input type="hidden" name="_op" value="addShifts" />
          <p className="field-hint">{t.addHint}</p>
          {hasErrors && (
            <div className="form-alert" role="alert">
              {t.fix}
            </div>
          )}
          <div className="shift-plan-row">
            <Field name="plan_from" type="date" label={t.from} value={str(v.values.from)} error={v.errors.from} required />
            <Field name="plan_to" type="date" label={t.to} value={str(v.values.to)} error={v.errors.to} required />
          </div>
          <fieldset className="field field-multi" aria-describedby={v.errors.weekdays ? 'plan_weekdays-error' : undefined}>
            <legend>{t.weekdays}</legend>
            <div className="choices">
              {WEEKDAYS.map((w) => (
                <label key={w.value} className="choice">
                  <input type="checkbox" name="plan_weekdays" value={String(w.value)} defaultChecked={chosen.includes(String(w.value))} /> {w[v.lang]}
                </label>
              ))}
            </div>
            {v.errors.weekdays && (
              <p className="field-error" id="plan_weekdays-error">
                {v.errors.weekdays}
              </p>
            )}
          </fieldset>
          <fieldset className="field field-multi" aria-describedby={v.errors.slots ? 'plan_slots-error' : undefined}>
            <legend>{t.slots}</legend>
            {[1, 2, 3].map((n) => (
              <div className="shift-plan-slot" key={n}>
                <span>{t.slot(n)}</span>
                <label>
                  {t.start} <input type="time" name={`plan_slot${n}_start`} defaultValue={str(v.values[`slot${n}_start`])} aria-invalid={v.errors.slots ? true : undefined} />
                </label>
                <label>
                  {t.end} <input type="time" name={`plan_slot${n}_end`} defaultValue={str(v.values[`slot${n}_end`])} aria-invalid={v.errors.slots ? true : undefined} />
                </label>
              </div>
            ))}
            {v.errors.slots && (
              <p className="field-error" id="plan_slots-error">
                {v.errors.slots}
              </p>
            )}
          </fieldset>
          <div className="shift-plan-row">
            <Field name="plan_capacity" type="number" label={t.capacity} value={str(v.values.capacity)} error={v.errors.capacity} required />
            <Field name="plan_break" type="number" label={t.breakMinutes} value={str(v.values.breakMinutes)} error={v.errors.breakMinutes} required />
            <Field name="plan_wage" type="number" label={t.shiftWage} hint={t.shiftWageHint} value={str(v.values.wage)} error={v.errors.wage} />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn">
              {t.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

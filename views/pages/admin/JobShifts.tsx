import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { Field, FieldSet } from '../../ui/Field.tsx';
import { msg } from '../../../shared/messages.ts';
import { dateYearText, weekdayText, yen } from '../../../shared/format.ts';
import { DataTable, tableColumns } from '../../ui/DataTable.tsx';
import { ActionButton, ActionForm, ConfirmAction, type ActionRefs } from '../../ui/Action.tsx';

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
  act: ActionRefs<'section'>;
  lang: Lang;
  /** The record page's URL: both forms post there (the section's action: addShifts / deleteShift). */
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

/** Monday first, as Japanese and European calendars show a work week; values are 0 = Sunday … 6 = Saturday. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A daily job's shifts on its record page: the table with fill rates, a delete per shift, and the bulk add form. */
export function JobShifts(v: JobShiftsView): JSX.Element {
  const chosen = Array.isArray(v.values.weekdays) ? v.values.weekdays.map(String) : [];
  const hasErrors = Object.keys(v.errors).some((k) => k !== '_');
  return (
    <TitledSection className="card job-shifts" anchor="job-shifts" id="job-shifts-title" title={msg(v.lang, 'shifts.title')}>
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
        columns={tableColumns({
          day: ['common.date', 'text'],
          time: ['common.time', 'text'],
          breakText: ['shifts.break', 'text'],
          capacity: ['shifts.capacity', 'number'],
          filled: ['shifts.filled', 'number'],
          rate: ['shifts.rate', 'text'],
          pay: ['common.pay', 'text'],
        })}
        rows={v.shifts.map((s) => ({
          ...s,
          day: `${dateYearText(s.date, v.lang)}${s.date < v.today ? ` · ${msg(v.lang, 'shifts.past')}` : ''}`,
          time: `${s.start}–${s.end}${s.end <= s.start ? msg(v.lang, 'shifts.overnight') : ''}`,
          breakText: msg(v.lang, 'shifts.minutes', { n: s.breakMinutes }),
          rate: s.capacity > 0 ? `${Math.round((100 * s.filled) / s.capacity)}%` : '',
          pay: s.wage !== null ? yen(s.wage) : v.jobWage !== null ? `${yen(v.jobWage)} (${msg(v.lang, 'shifts.jobWage')})` : '',
        }))}
        rowClass={(r) => (String(r.date) < v.today ? 'shift-past' : undefined)}
        rowActions={(r) => (
          <>
            {String(r.date) >= v.today && !v.closed && (
              // The seats of a shift from today on: never fewer than the people already on it (the API says so if they are).
              <ActionForm post={v.action} className="inline-form shift-capacity" action={v.act.section} arg="setCapacity" button="btn btn-small" label={msg(v.lang, 'shifts.setCapacity')}>
                <input type="hidden" name="_shiftId" value={String(r.id)} />
                <input
                  type="number"
                  name="_capacity"
                  min={Math.max(1, Number(r.filled))}
                  max={1000}
                  defaultValue={String(r.capacity)}
                  aria-label={msg(v.lang, 'shifts.capacityOf', { date: String(r.day) })}
                />
              </ActionForm>
            )}
            {Number(r.applications) > 0 ? (
              <span className="muted">{msg(v.lang, 'shifts.locked')}</span>
            ) : (
              <ConfirmAction small label={msg(v.lang, 'record.delete')} post={v.action} prompt={msg(v.lang, 'shifts.confirm')} action={v.act.section} arg="deleteShift">
                <input type="hidden" name="_shiftId" value={String(r.id)} />
              </ConfirmAction>
            )}
          </>
        )}
        empty={msg(v.lang, 'shifts.none')}
      />

      <h3>{msg(v.lang, 'shifts.add')}</h3>
      {v.closed ? (
        <p className="muted">{msg(v.lang, 'shifts.closed')}</p>
      ) : (
        <form method="post" action={v.action} className="shift-plan" noValidate>
          <p className="field-hint">{msg(v.lang, 'shifts.addHint')}</p>
          {hasErrors && (
            <div className="form-alert" role="alert">
              {msg(v.lang, 'error.checkFields')}
            </div>
          )}
          <div className="shift-plan-row">
            <Field name="plan_from" type="date" label={msg(v.lang, 'shifts.from')} value={str(v.values.from)} error={v.errors.from} required />
            <Field name="plan_to" type="date" label={msg(v.lang, 'shifts.to')} value={str(v.values.to)} error={v.errors.to} required />
          </div>
          <FieldSet name="plan_weekdays" legend={msg(v.lang, 'shifts.weekdays')} error={v.errors.weekdays}>
            <div className="choices">
              {WEEKDAYS.map((w) => (
                <label key={w} className="choice">
                  <input type="checkbox" name="plan_weekdays" value={String(w)} defaultChecked={chosen.includes(String(w))} /> {weekdayText(w, v.lang)}
                </label>
              ))}
            </div>
          </FieldSet>
          <FieldSet name="plan_slots" legend={msg(v.lang, 'shifts.slots')} error={v.errors.slots}>
            {[1, 2, 3].map((n) => (
              <div className="shift-plan-slot" key={n}>
                <span>{msg(v.lang, 'shifts.slot', { n })}</span>
                <label>
                  {msg(v.lang, 'shifts.start')} <input type="time" name={`plan_slot${n}_start`} defaultValue={str(v.values[`slot${n}_start`])} aria-invalid={v.errors.slots ? true : undefined} />
                </label>
                <label>
                  {msg(v.lang, 'shifts.end')} <input type="time" name={`plan_slot${n}_end`} defaultValue={str(v.values[`slot${n}_end`])} aria-invalid={v.errors.slots ? true : undefined} />
                </label>
              </div>
            ))}
          </FieldSet>
          <div className="shift-plan-row">
            <Field name="plan_capacity" type="number" label={msg(v.lang, 'shifts.capacity')} value={str(v.values.capacity)} error={v.errors.capacity} required />
            <Field name="plan_break" type="number" label={msg(v.lang, 'shifts.breakMinutes')} value={str(v.values.breakMinutes)} error={v.errors.breakMinutes} required />
            <Field name="plan_wage" type="number" label={msg(v.lang, 'shifts.shiftWage')} hint={msg(v.lang, 'shifts.shiftWageHint')} value={str(v.values.wage)} error={v.errors.wage} />
          </div>
          <div className="form-actions">
            <ActionButton action={v.act.section} arg="addShifts" className="btn">
              {msg(v.lang, 'shifts.submit')}
            </ActionButton>
          </div>
        </form>
      )}
    </TitledSection>
  );
}

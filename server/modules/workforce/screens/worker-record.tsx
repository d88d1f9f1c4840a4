/**
 * One worker on the workers screen (/admin/worker, 160001): the panel above the
 * list (server/modules/workforce/defs/workers.ts) that a name opens with `?id=<userId>` — the person's
 * profile with the card expiry warning and the card check, their shifts with attendance, pay to
 * date with links to the payslips (served by /admin/salary/monthly `?payslip=`), the documents on
 * file, and the employment contract of one of their jobs as a PDF in Japanese or English, from the
 * contract template chosen (`?id=<userId>&contract=<jobId>&language=ja|en&template=<templateId>`;
 * no template: the company's usual one).
 */
import { dateLong, minutesText, timeText, yen } from '../../../../shared/format.ts';
import { isLang, pickLang, tr, type Lang, type Text } from '../../../../shared/i18n.ts';
import { msg, msgText } from '../../../../shared/texts/index.ts';
import { todayInJapan } from '../../../../shared/time.ts';
import { countryName } from '../../../../shared/countries.ts';
import { canEnter } from '../../../access/guard.ts';
import { isClient, tenantOf } from '../../../access/tenancy.ts';
import { routeCode } from '../../../access/routes.ts';
import { DOCS, type ResultOf, operation } from '../../../api/documents.ts';
import { Badge, DataTable, StateBadge, tableColumns } from '../../../../views/ui/DataTable.tsx';
import { badgeStates } from '../../../../shared/list-kinds.ts';
import { ATTENDANCE_STATES, CARD_CHECK_STATES } from '../../../../shared/states.ts';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { csv, errorPage, failed, file, redirect, withRefusal, type FormState, type ScreenContext } from '../../../web/screen.ts';
import { ActionButton, type ActionRefs } from '../../../../views/ui/Action.tsx';
import { Field } from '../../../../views/ui/Field.tsx';
import type { TextKey } from '../../../../shared/texts/index.ts';
import { contractPdf } from '../../../web/pdf.ts';
import { isUuid } from '../../../../shared/ids.ts';
import { RecordFacts } from '../../../web/screens/record-facts.tsx';
import { panel } from '../../../web/screens/feature.ts';
import { fieldName } from '../work-limits.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  EditWorkerFacts: operation(/* GraphQL */ `mutation EditWorkerFacts($id: ID!, $input: PersonFactsInput!) { editWorkerFacts(id: $id, input: $input) { id } }`),
  WorkerRecord: operation(/* GraphQL */ `
    query WorkerRecord($id: ID!) {
      workerRecord(id: $id) {
        id name email phone nationality visaJa visaEn visaExpiry cardVerified cardCheckId cardCheckStatus permissionOutsideStatus languageNames
        shifts { applicationId shiftId date start end breakMinutes upcoming jobId jobJa jobEn clientJa clientEn attendance clockIn clockOut }
        pay { thisMonth total lines workedMinutes runs { id periodStart periodEnd payDate gross net status } }
        documents { kind number expiresOn note }
        jobs { id titleJa titleEn clientJa clientEn }
        contractTemplates { value ja en }
        employer birthDate nameKana address sex sswField
        dispatchLedger { applicationId date client place work start end breakMinutes minutes recorded supervisor complaints }
        dispatchComplaints { id applicationId shiftDate client work receivedOn complaint handling }
        employmentReport { name nameKana status stayUntil birthDate sex nationality permission cardNumber hiredOn leftOn }
      }
    }
  `),
  RecordDispatchComplaint: operation(/* GraphQL */ `mutation RecordDispatchComplaint($input: DispatchComplaintInput!) { recordDispatchComplaint(input: $input) }`),
  SetDispatchComplaintHandling: operation(/* GraphQL */ `mutation SetDispatchComplaintHandling($id: ID!, $handling: String!) { setDispatchComplaintHandling(id: $id, handling: $handling) }`),
};

/** The laws and the ledger are cited by their Japanese names in both languages. */
const LAW = { ledger: '派遣元管理台帳', dispatchAct: '労働者派遣法第37条', dispatchRule: '施行規則第31条', reportAct: '労働施策総合推進法第28条' };
const PATH = '/admin/worker';
const CARD_CHECK = '/admin/worker/rcCheckCandidate';
const PAYSLIPS = '/admin/salary/monthly';

type Worker = NonNullable<ResultOf<typeof OWN.WorkerRecord>['workerRecord']>;

const uuidParam = (ctx: ScreenContext, name: string) => {
  const v = queryText(ctx.req, name);
  return isUuid(v) ? v : null;
};

async function load(ctx: ScreenContext): Promise<Worker | null> {
  const id = uuidParam(ctx, 'id');
  if (!id) return null;
  const job = uuidParam(ctx, 'contract');
  if (job) {
    const asked = queryText(ctx.req, 'language');
    const lang: Lang = isLang(asked) ? asked : ctx.lang;
    // The template chosen on the form; none (the form's first choice): the company's usual one.
    const { workerContract: c } = await ctx.call(DOCS.WorkerContract, { workerId: id, jobId: job, lang, templateId: queryText(ctx.req, 'template') || null });
    if (!c) throw errorPage('recordNotFound');
    throw file(`contract-${lang}-${id.slice(0, 8)}-${job.slice(0, 8)}.pdf`, 'application/pdf', await contractPdf(c, lang));
  }
  const { workerRecord } = await ctx.call(OWN.WorkerRecord, { id });
  // Someone the caller's list does not show, or nobody: the same answer.
  if (!workerRecord) throw errorPage('recordNotFound');
  const ledger = queryText(ctx.req, 'ledger');
  if (ledger === 'dispatch' || ledger === 'report') throw ledgerCsv(workerRecord, ledger);
  return workerRecord;
}

const SEX_JA: Record<string, string> = { male: '男', female: '女' };

/**
 * The two records as CSV in the columns of their forms, Japanese headers (the offices and Hello Work
 * read them in Japanese): the 派遣元管理台帳's items of 労働者派遣法施行規則第31条 and the items of
 * the 外国人雇用状況届出 (雇入れ・離職に係る外国人雇用状況届出書, 様式第3号). A client user has
 * neither (the API gives null): the 404 page.
 */
function ledgerCsv(w: Worker, which: 'dispatch' | 'report') {
  if (which === 'dispatch') {
    if (!w.dispatchLedger) throw errorPage('recordNotFound');
    return csv(
      `dispatch-ledger-${w.id.slice(0, 8)}`,
      ['派遣労働者の氏名', '派遣先の名称', '就業場所', '業務の種類', '就業日', '始業時刻', '終業時刻', '休憩時間（分）', '就業時間（分）', '実績／予定', '派遣先責任者', '苦情の処理状況'],
      w.dispatchLedger.map((r) => [w.name, r.client, r.place, r.work, r.date, r.start, r.end, String(r.breakMinutes), String(r.minutes), r.recorded ? '実績' : '予定', r.supervisor, r.complaints]),
    );
  }
  const r = w.employmentReport;
  if (!r) throw errorPage('recordNotFound');
  return csv(
    `foreign-employment-report-${w.id.slice(0, 8)}`,
    ['外国人の氏名（ローマ字）', '氏名（カタカナ）', '在留資格', '在留期間（満了日）', '生年月日', '性別', '国籍・地域', '資格外活動許可の有無', '在留カード番号', '雇入れ年月日', '離職年月日'],
    [
      [
        r.name,
        r.nameKana,
        r.status,
        r.stayUntil ?? '',
        r.birthDate ?? '',
        r.sex ? (SEX_JA[r.sex] ?? '') : '',
        r.nationality,
        r.permission ? '有' : '無',
        r.cardNumber ?? '',
        r.hiredOn ?? '',
        r.leftOn ?? '',
      ],
    ],
  );
}

type Act = ActionRefs<'complaint' | 'handling' | 'editFacts'>;
const COMPLAINT_FIELDS = ['applicationId', 'receivedOn', 'complaint', 'handling'] as const;
const DONE: Record<string, TextKey> = { recorded: 'record.complaintSaved', handled: 'record.handlingSaved' };

/**
 * The complaints of the ledger (苦情の処理状況, 施行規則第31条): each with a form to set how it was
 * handled, and the form to record one on a dispatched day. A refused post draws the form it came
 * from again: `complaintId` in the state names a handling form, else it is the new complaint's.
 */
function Complaints({ ctx, w, state, act }: { ctx: ScreenContext; w: Worker; state: FormState | undefined; act: Act }) {
  const { lang } = ctx;
  if (!w.dispatchLedger || !w.dispatchComplaints) return null;
  const here = `${PATH}?id=${w.id}`;
  const values = state?.values ?? {};
  const val = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const forHandling = val('complaintId');
  const err = state?.errors ?? {};
  const newErr = forHandling ? {} : err;
  const done = DONE[queryText(ctx.req, 'complaint')];
  return (
    <>
      <h4 id="complaints">{msg(lang, 'record.complaints')}</h4>
      <p className="hint">{msg(lang, 'record.complaintsHint')}</p>
      {done && (
        <p className="form-notice" role="status">
          {msg(lang, done)}
        </p>
      )}
      {w.dispatchComplaints.length === 0 ? (
        <p className="hint">{msg(lang, 'record.noComplaints')}</p>
      ) : (
        <ul className="complaints">
          {w.dispatchComplaints.map((c) => {
            const mine = forHandling === c.id;
            return (
              <li key={c.id}>
                <p>
                  {`${dateLong(c.receivedOn, lang)} · ${msg(lang, 'record.complaintPlacement')}: ${dateLong(c.shiftDate, lang)} ${c.client} (${c.work})`}
                  <br />
                  {c.complaint}
                </p>
                <form method="post" action={here} className="inline-form">
                  <label htmlFor={`handling-${c.id}`}>{msg(lang, 'record.complaintHandling')}</label>
                  <textarea
                    id={`handling-${c.id}`}
                    name="handling"
                    rows={2}
                    maxLength={2000}
                    defaultValue={mine ? (val('handling') ?? c.handling) : c.handling}
                    aria-invalid={mine && err.handling ? true : undefined}
                  />
                  {mine && (err.handling || err._) && <span className="field-error">{err.handling ?? err._}</span>}{' '}
                  <ActionButton action={act.handling} arg={c.id} className="btn btn-small-solid">
                    {msg(lang, 'record.saveHandling')}
                  </ActionButton>
                </form>
              </li>
            );
          })}
        </ul>
      )}
      {w.dispatchLedger.length > 0 && (
        <form method="post" action={here} className="resource-form complaint-form" noValidate>
          {newErr._ && (
            <p className="form-alert" role="alert">
              {newErr._}
            </p>
          )}
          <Field name="applicationId" label={msg(lang, 'record.complaintPlacement')} value={val('applicationId') ?? ''} error={newErr.applicationId} required>
            <option value="">—</option>
            {w.dispatchLedger.map((d) => (
              <option key={d.applicationId} value={d.applicationId}>
                {`${dateLong(d.date, lang)} · ${d.client} · ${d.work}`}
              </option>
            ))}
          </Field>
          <Field name="receivedOn" type="date" label={msg(lang, 'record.complaintReceivedOn')} value={val('receivedOn') ?? todayInJapan()} error={newErr.receivedOn} required />
          <Field name="complaint" textarea label={msg(lang, 'record.complaintText')} value={forHandling ? '' : (val('complaint') ?? '')} error={newErr.complaint} required />
          <Field name="handling" textarea label={msg(lang, 'record.complaintHandling')} value={forHandling ? '' : (val('handling') ?? '')} error={newErr.handling} />
          <ActionButton action={act.complaint} className="btn">
            {msg(lang, 'record.recordComplaint')}
          </ActionButton>
        </form>
      )}
    </>
  );
}

/** The two records on the record page: the dispatch ledger's days and the Hello Work report's facts, each with its CSV. */
function DispatchRecords({ ctx, w, state, act }: { ctx: ScreenContext; w: Worker; state: FormState | undefined; act: Act }) {
  const { lang } = ctx;
  if (!w.dispatchLedger || !w.employmentReport) return null;
  const r = w.employmentReport;
  const missing = [!r.birthDate && msgText('record.missingBirthDate'), !r.sex && msgText('record.missingSex'), !r.nameKana && msgText('record.missingKana')].filter((x): x is Text => !!x);
  return (
    <>
      <h3 id="dispatch-ledger">{msg(lang, 'record.dispatchLedger', { ledger: LAW.ledger })}</h3>
      <p className="hint">{msg(lang, 'record.dispatchLedgerHint', { act: LAW.dispatchAct, rule: LAW.dispatchRule })}</p>
      <DataTable
        lang={lang}
        columns={tableColumns({
          date: ['record.day', 'date'],
          client: ['record.clientWorkPlace', 'text'],
          work: ['record.work', 'text'],
          time: ['record.startEndBreak', 'text'],
          hours: ['record.hoursWorked', 'text'],
          supervisor: ['record.clientsSupervisor', 'text'],
          complaints: ['record.complaintsHandling', 'text'],
        })}
        rows={w.dispatchLedger.map((d, i) => ({
          id: String(i),
          date: d.date,
          client: `${d.client} · ${d.place}`,
          work: d.work,
          time: `${d.start}–${d.end} (${minutesText(d.breakMinutes)})${d.recorded ? '' : ` ${msg(lang, 'record.scheduled')}`}`,
          hours: minutesText(d.minutes),
          supervisor: d.supervisor || '—',
          complaints: d.complaints || msg(lang, 'record.none'),
        }))}
        empty={msg(lang, 'record.noDispatchedWork')}
      />
      <p>
        <a href={`${PATH}?id=${w.id}&ledger=dispatch`}>{msg(lang, 'record.dispatchLedgerCsv')}</a>
      </p>
      <Complaints ctx={ctx} w={w} state={state?.values.form === 'facts' ? undefined : state} act={act} />
      <h3 id="employment-report">{msg(lang, 'record.foreignEmploymentReport')}</h3>
      <p className="hint">{msg(lang, 'record.employmentReportHint', { act: LAW.reportAct })}</p>
      <RecordFacts
        facts={[
          [msg(lang, 'record.nameRomanKana'), `${r.name} / ${r.nameKana || '—'}`],
          [msg(lang, 'record.residenceStatusStay'), `${r.status || '—'} · ${r.stayUntil ? dateLong(r.stayUntil, lang) : '—'}`],
          [
            msg(lang, 'record.birthSexNationality'),
            `${r.birthDate ? dateLong(r.birthDate, lang) : '—'} · ${r.sex ? tr(lang, r.sex === 'male' ? msgText('record.male') : msgText('record.female')) : '—'} · ${r.nationality}`,
          ],
          [msg(lang, 'record.hiredLeftOn'), `${r.hiredOn ? dateLong(r.hiredOn, lang) : '—'} · ${r.leftOn ? dateLong(r.leftOn, lang) : '—'}`],
        ]}
      />
      {missing.length > 0 && (
        <p className="hint">
          <Badge tone="warning">{msg(lang, 'record.missingReport')}</Badge> {missing.map((m) => tr(lang, m)).join(', ')}
        </p>
      )}
      <p>
        <a href={`${PATH}?id=${w.id}&ledger=report`}>{msg(lang, 'record.reportFactsCsv')}</a>
      </p>
    </>
  );
}

/** The shifts' attendance, with a shift not yet recorded. */
const ATTENDANCE = [...ATTENDANCE_STATES, ...badgeStates({ none: ['record.notRecorded', 'neutral'] })];
const DOC_KIND: Record<string, Text> = {
  residence_card: msgText('card.title'),
  passport: msgText('record.passport'),
  certificate: msgText('record.certificate'),
  other: msgText('record.other'),
};

/** Whole days from today in Japan to a day (negative once past). */
const daysUntil = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${todayInJapan()}T00:00:00Z`)) / 86_400_000);

function ExpiryWarning({ lang, expiry }: { lang: Lang; expiry: string | null }) {
  if (!expiry) return <Badge tone="warning">{msg(lang, 'record.noCardExpiry')}</Badge>;
  const days = daysUntil(expiry);
  if (days < 0) return <Badge tone="danger">{msg(lang, 'record.expiredNoShifts')}</Badge>;
  if (days <= 90) return <Badge tone={days <= 30 ? 'danger' : 'warning'}>{msg(lang, 'record.daysToExpiry', { days })}</Badge>;
  return null;
}

function view(ctx: ScreenContext, w: Worker | null, state: FormState | undefined, act: Act) {
  const { lang } = ctx;
  // A client user opens a worker's shifts and attendance, not the employer's pay, documents or contract.
  if (!w) return <p className="hint">{msg(lang, ctx.user && isClient(tenantOf(ctx.user)) ? 'record.pressNameClient' : 'record.pressName')}</p>;
  const mayCheckCards = !!ctx.roleMaps && !!ctx.user && canEnter(ctx.roleMaps, ctx.user.role, routeCode('/admin/worker/rcCheckCandidate'));
  const shiftRows = (upcoming: boolean) =>
    w.shifts
      .filter((s) => s.upcoming === upcoming)
      .map((s) => ({
        id: s.applicationId,
        date: s.date,
        time: `${s.start}–${s.end}${s.breakMinutes ? ` (${msg(lang, 'record.break')} ${minutesText(s.breakMinutes)})` : ''}`,
        job: `${pickLang(lang, s.jobJa, s.jobEn)} · ${pickLang(lang, s.clientJa, s.clientEn)}`,
        attendance: s.attendance ?? 'none',
        clock: s.clockIn ? `${timeText(s.clockIn, lang)}–${s.clockOut ? timeText(s.clockOut, lang) : ''}` : '',
      }));
  const shiftColumns = tableColumns({
    date: ['common.date', 'date'],
    time: ['common.time', 'text'],
    job: ['record.jobClient', 'text'],
    attendance: ['integrations.entityAttendance', 'badge', { states: ATTENDANCE }],
    clock: ['record.clockInOut', 'text'],
  });
  return (
    <section className="card worker-record" aria-labelledby="worker-record-title">
      <h2 id="worker-record-title">{w.name}</h2>
      <RecordFacts
        facts={[
          [
            msg(lang, 'record.contact'),
            <>
              <a href={`mailto:${w.email}`}>{w.email}</a>
              {w.phone ? ` · ${w.phone}` : ''}
            </>,
          ],
          ...(w.employer
            ? [[msg(lang, 'record.nameKatakanaDate'), `${w.nameKana || '—'} · ${w.birthDate ? dateLong(w.birthDate, lang) : '—'}`] as const, [msg(lang, 'record.address'), w.address || '—'] as const]
            : [[msg(lang, 'candidate.nameKana'), w.nameKana || '—'] as const]),
          [msg(lang, 'candidate.nationality'), countryName(w.nationality, lang) || '—'],
          [msg(lang, 'search.visa'), (pickLang(lang, w.visaJa, w.visaEn) || '—') + (w.sswField ? ` · ${msg(lang, 'record.field')}: ${fieldName(w.sswField, lang)}` : '')],
          [
            msg(lang, 'applicant.visaExpiry'),
            <>
              {w.visaExpiry ? dateLong(w.visaExpiry, lang) : '—'} <ExpiryWarning lang={lang} expiry={w.visaExpiry} />
            </>,
            'card-expiry',
          ],
          [
            msg(lang, 'record.cardCheck'),
            <>
              {w.cardVerified ? <Badge tone="success">{msg(lang, 'record.verified')}</Badge> : <Badge tone="warning">{msg(lang, 'record.notVerified')}</Badge>}
              {w.cardCheckStatus && w.cardCheckStatus !== 'verified' && (
                <>
                  {' '}
                  <StateBadge lang={lang} states={CARD_CHECK_STATES} value={w.cardCheckStatus} />
                </>
              )}
              {w.cardCheckId && mayCheckCards && (
                <>
                  {' '}
                  <a href={`${CARD_CHECK}?card=${w.cardCheckId}`}>{msg(lang, 'record.openCardCheck')}</a>
                </>
              )}
            </>,
          ],
          [msg(lang, 'record.permissionOutsideStatus'), tr(lang, w.permissionOutsideStatus ? msgText('record.yes') : msgText('record.no'))],
          [msg(lang, 'applicant.languages'), w.languageNames.join(msg(lang, 'list.separator')) || '—'],
        ]}
      />

      <h3>{msg(lang, 'record.upcomingShifts')}</h3>
      <DataTable lang={lang} columns={shiftColumns} rows={shiftRows(true)} empty={msg(lang, 'record.noUpcomingShifts')} />
      <h3>{msg(lang, 'record.pastShiftsAttendance')}</h3>
      <DataTable lang={lang} columns={shiftColumns} rows={shiftRows(false)} empty={msg(lang, 'record.noPastShifts')} />

      {/* Pay is the staffing company's (a client user is told none of it). */}
      {w.employer && (
        <>
          <h3>{msg(lang, 'record.payToDate')}</h3>
          {w.pay ? (
            <>
              <RecordFacts
                testId="pay-to-date"
                facts={[
                  [msg(lang, 'record.grossMonth'), yen(w.pay.thisMonth)],
                  [msg(lang, 'record.grossOverall'), yen(w.pay.total)],
                  [
                    msg(lang, 'record.shiftsPaid'),
                    <>
                      {w.pay.lines} · {minutesText(w.pay.workedMinutes)}
                    </>,
                  ],
                ]}
              />
              <DataTable
                lang={lang}
                columns={tableColumns({
                  periodEnd: ['record.periodEnds', 'date'],
                  payDate: ['record.payDay', 'date'],
                  gross: ['record.gross', 'money'],
                  net: ['record.net', 'money'],
                  payslip: ['record.payslip', 'text'],
                })}
                rows={w.pay.runs.map((r) => ({ ...r, payslip: 'PDF' }))}
                href={(row, name) => (name === 'payslip' ? `${PAYSLIPS}?payslip=${encodeURIComponent(String(row.id))}` : null)}
                empty={msg(lang, 'record.noMonthlyPayslips')}
              />
            </>
          ) : (
            <p className="hint">{msg(lang, 'record.payHidden')}</p>
          )}
        </>
      )}

      {/* The documents are the staffing company's registry (a client user has none to read). */}
      {w.employer && (
        <>
          <h3>{msg(lang, 'applicant.documents')}</h3>
          <DataTable
            lang={lang}
            columns={tableColumns({
              kind: ['integrations.entity', 'text'],
              number: ['record.number', 'text'],
              expiresOn: ['record.expires', 'date', { soon: 90 }],
              note: ['record.note', 'text'],
            })}
            rows={w.documents.map((d, i) => ({ ...d, id: String(i), kind: tr(lang, DOC_KIND[d.kind] ?? DOC_KIND.other!) }))}
            empty={msg(lang, 'record.noDocuments')}
          />
        </>
      )}

      <DispatchRecords ctx={ctx} w={w} state={state?.values.form === 'facts' ? undefined : state} act={act} />

      {/* The contract and the person's facts are the employer's (WorkerRecord.employer). */}
      {w.employer && (
        <>
          <h3>{msg(lang, 'record.employmentContract')}</h3>
          {w.jobs.length === 0 ? (
            <p className="hint">{msg(lang, 'record.noContractJob')}</p>
          ) : (
            <form method="get" action={PATH} className="inline-form" id="contract-pdf">
              <input type="hidden" name="id" value={w.id} />
              <label>
                {msg(lang, 'applicant.job')}{' '}
                <select name="contract">
                  {w.jobs.map((j) => (
                    <option key={j.id} value={j.id}>
                      {`${pickLang(lang, j.titleJa, j.titleEn)} · ${pickLang(lang, j.clientJa, j.clientEn)}`}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <label>
                {msg(lang, 'record.language')}{' '}
                <select name="language" defaultValue={lang}>
                  <option value="ja">日本語</option>
                  <option value="en">English</option>
                </select>
              </label>{' '}
              <label>
                {msg(lang, 'record.contractTemplate')}{' '}
                <select name="template">
                  <option value="">{msg(lang, 'docTemplate.usual')}</option>
                  {w.contractTemplates.map((o) => (
                    <option key={o.value} value={o.value}>
                      {tr(lang, o)}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <button type="submit" className="btn btn-small-solid">
                {msg(lang, 'record.makePdf')}
              </button>
            </form>
          )}
          <FactsForm ctx={ctx} w={w} state={state} act={act} />
        </>
      )}
      <p>
        <a href={PATH}>{msg(lang, 'supportChat.back')}</a>
      </p>
    </section>
  );
}

const FACTS = ['birthDate', 'nameKana', 'sex', 'address'] as const;

/** Staff complete what registration left optional: birth date (the age rules), katakana name, sex, address (the ledgers, the report, transfers). */
function FactsForm({ ctx, w, state, act }: { ctx: ScreenContext; w: Worker; state: FormState | undefined; act: ActionRefs<'editFacts'> }) {
  const { lang } = ctx;
  // A failed post of another form of the record (a complaint's) is not this form's.
  const ours = state?.values.form === 'facts' ? state : undefined;
  const posted = ours?.values ?? {};
  const v = (k: (typeof FACTS)[number]) => (typeof posted[k] === 'string' ? (posted[k] as string) : (w[k] ?? ''));
  const err = ours?.errors ?? {};
  return (
    <form method="post" action={`${PATH}?id=${w.id}`} className="resource-form" id="facts" aria-labelledby="facts-title">
      <input type="hidden" name="form" value="facts" />
      <h3 id="facts-title">{msg(lang, 'record.editFacts')}</h3>
      {queryText(ctx.req, 'facts') === 'saved' && !ours && (
        <p className="form-notice" role="status">
          {msg(lang, 'record.factsSaved')}
        </p>
      )}
      {err._ && (
        <p className="alert alert-error" role="alert">
          {err._}
        </p>
      )}
      <Field name="birthDate" type="date" label={msg(lang, 'candidate.birthDate')} value={v('birthDate')} error={err.birthDate} />
      <Field name="nameKana" label={msg(lang, 'candidate.nameKana')} hint={msg(lang, 'record.nameKanaHint')} value={v('nameKana')} error={err.nameKana} />
      <Field name="sex" label={msg(lang, 'candidate.sex')} value={v('sex')} error={err.sex}>
        <option value="">{msg(lang, 'record.choose')}</option>
        <option value="male">{msg(lang, 'candidate.male')}</option>
        <option value="female">{msg(lang, 'candidate.female')}</option>
      </Field>
      <Field name="address" label={msg(lang, 'candidate.address')} value={v('address')} error={err.address} />
      <div className="form-actions">
        <ActionButton action={act.editFacts} className="btn">
          {msg(lang, 'record.saveFacts')}
        </ActionButton>
      </div>
    </form>
  );
}

async function editFacts(ctx: ScreenContext, body: Record<string, unknown>) {
  const id = uuidParam(ctx, 'id');
  const v = formStrings(body, FACTS);
  if (!id) return failed({ ...v, form: 'facts' }, { _: ctx.msg('error.notFound') }, 404);
  await ctx.call(OWN.EditWorkerFacts, { id, input: { birthDate: v.birthDate || null, nameKana: v.nameKana ?? '', sex: v.sex || null, address: v.address ?? '' } });
  return redirect(`${withFlag(`${PATH}?id=${id}`, 'facts', 'saved')}#facts`);
}

/** The worker whose record a post is for (`?id=` of the page it came from). */
const postedFor = (ctx: ScreenContext) => uuidParam(ctx, 'id');
const backTo = (id: string, done: string) => `${withFlag(`${PATH}?id=${id}`, 'complaint', done)}#complaints`;

/** The panel of the workers screen (its `panels` below). */
const workerRecordPanel = {
  load,
  view,
  actions: {
    editFacts,
    // A complaint on a dispatched day of the ledger (recordDispatchComplaint; the API checks the company).
    complaint: async (ctx: ScreenContext, body: Record<string, unknown>) => {
      const v = formStrings(body, COMPLAINT_FIELDS);
      const id = postedFor(ctx);
      if (!id) return failed(v, { _: ctx.msg('error.notFound') }, 404);
      await ctx.call(OWN.RecordDispatchComplaint, { input: { applicationId: v.applicationId ?? '', receivedOn: v.receivedOn ?? '', complaint: v.complaint ?? '', handling: v.handling ?? '' } });
      return redirect(backTo(id, 'recorded'));
    },
    // How one complaint was handled: the button names the complaint.
    handling: withRefusal({ values: (body, arg) => ({ ...formStrings(body, ['handling']), complaintId: arg ?? '' }) }, async (ctx, body, arg) => {
      const v = formStrings(body, ['handling']);
      const id = postedFor(ctx);
      if (!id || !arg) return failed({ ...v, complaintId: arg ?? '' }, { _: ctx.msg('error.notFound') }, 404);
      await ctx.call(OWN.SetDispatchComplaintHandling, { id: arg, handling: v.handling ?? '' });
      return redirect(backTo(id, 'handled'));
    }),
  },
};

/** One worker's record and employment contract: `?id=<userId>`. */
export const panels = { '/admin/worker': panel(workerRecordPanel) };

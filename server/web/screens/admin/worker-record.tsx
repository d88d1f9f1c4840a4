/**
 * One worker on the workers screen (/admin/worker, 160001): the panel above the
 * list (server/resources/defs/workers.ts) that a name opens with `?id=<userId>` — the person's
 * profile with the card expiry warning and the card check, their shifts with attendance, pay to
 * date with links to the payslips (served by /admin/salary/monthly `?payslip=`), the documents on
 * file, and the employment contract of one of their jobs as a PDF in Japanese or English
 * (`?id=<userId>&contract=<jobId>&language=ja|en`).
 */
import { dateLong, minutesText, timeText, yen } from '../../../../shared/format.ts';
import { isLang, pickLang, tr, type Lang, type Text } from '../../../../shared/i18n.ts';
import { todayInJapan } from '../../../../shared/time.ts';
import { canEnter } from '../../../access/guard.ts';
import { DOCS, type ResultOf } from '../../../api/documents.ts';
import { Badge, DataTable, type Tone } from '../../../../views/ui/DataTable.tsx';
import { queryText } from '../../kit.ts';
import { csv, errorPage, file, type ScreenContext } from '../../screen.ts';
import { contractPdf } from '../../pdf.ts';
import { isUuid } from '../../../../shared/ids.ts';

const t = (ja: string, en: string): Text => ({ ja, en });
const PATH = '/admin/worker';
const CARD_CHECK = '/admin/worker/rcCheckCandidate';
const PAYSLIPS = '/admin/salary/monthly';

type Worker = NonNullable<ResultOf<typeof DOCS.WorkerRecord>['workerRecord']>;

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
    const { workerContract: c } = await ctx.call(DOCS.WorkerContract, { workerId: id, jobId: job, lang });
    if (!c) throw errorPage('recordNotFound');
    throw file(`contract-${lang}-${id.slice(0, 8)}-${job.slice(0, 8)}.pdf`, 'application/pdf', await contractPdf(c, lang));
  }
  const { workerRecord } = await ctx.call(DOCS.WorkerRecord, { id });
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
    [[r.name, r.nameKana, r.status, r.stayUntil ?? '', r.birthDate ?? '', r.sex ? (SEX_JA[r.sex] ?? '') : '', r.nationality, r.permission ? '有' : '無', r.cardNumber ?? '', r.hiredOn ?? '', r.leftOn ?? '']],
  );
}

/** The two records on the record page: the dispatch ledger's days and the Hello Work report's facts, each with its CSV. */
function DispatchRecords({ lang, w }: { lang: Lang; w: Worker }) {
  if (!w.dispatchLedger || !w.employmentReport) return null;
  const r = w.employmentReport;
  const missing = [!r.birthDate && t('生年月日', 'date of birth'), !r.sex && t('性別', 'sex'), !r.nameKana && t('カタカナ氏名', 'name in katakana')].filter((x): x is Text => !!x);
  return (
    <>
      <h3 id="dispatch-ledger">{tr(lang, t('派遣元管理台帳', 'Dispatch ledger (派遣元管理台帳)'))}</h3>
      <p className="hint">{tr(lang, t('派遣で就業した日ごとの記録です（労働者派遣法第37条、施行規則第31条。3年間保存）。', 'Each day worked through dispatch (労働者派遣法第37条, 施行規則第31条; kept for 3 years).'))}</p>
      {w.dispatchLedger.length === 0 ? (
        <p className="hint">{tr(lang, t('派遣での就業はまだありません。', 'No dispatched work yet.'))}</p>
      ) : (
        <DataTable
          lang={lang}
          columns={[
            { name: 'date', label: t('就業日', 'Day'), type: 'date' },
            { name: 'client', label: t('派遣先・就業場所', 'Client · work place'), type: 'text' },
            { name: 'work', label: t('業務の種類', 'Work'), type: 'text' },
            { name: 'time', label: t('始業・終業（休憩）', 'Start–end (break)'), type: 'text' },
            { name: 'hours', label: t('就業時間', 'Hours worked'), type: 'text' },
            { name: 'supervisor', label: t('派遣先責任者', 'Client’s supervisor'), type: 'text' },
            { name: 'complaints', label: t('苦情の処理状況', 'Complaints and handling'), type: 'text' },
          ]}
          rows={w.dispatchLedger.map((d, i) => ({
            id: String(i),
            date: d.date,
            client: `${d.client} · ${d.place}`,
            work: d.work,
            time: `${d.start}–${d.end} (${minutesText(d.breakMinutes)})${d.recorded ? '' : ` ${tr(lang, t('予定', 'scheduled'))}`}`,
            hours: minutesText(d.minutes),
            supervisor: d.supervisor || '—',
            complaints: d.complaints || tr(lang, t('なし', 'None')),
          }))}
          empty=""
        />
      )}
      <p>
        <a href={`${PATH}?id=${w.id}&ledger=dispatch`}>{tr(lang, t('派遣元管理台帳をCSVで出力', 'Dispatch ledger as CSV'))}</a>
      </p>
      <h3 id="employment-report">{tr(lang, t('外国人雇用状況の届出', 'Foreign employment report to Hello Work'))}</h3>
      <p className="hint">{tr(lang, t('雇入れと離職のときにハローワークへ届け出る事項です（労働施策総合推進法第28条、様式第3号）。', 'What is reported to Hello Work on hiring and on leaving (労働施策総合推進法第28条, form 3).'))}</p>
      <dl className="record-facts">
        <div>
          <dt>{tr(lang, t('氏名（ローマ字／カタカナ）', 'Name (Roman letters / katakana)'))}</dt>
          <dd>{`${r.name} / ${r.nameKana || '—'}`}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('在留資格・在留期間の満了日', 'Residence status · stay until'))}</dt>
          <dd>{`${r.status || '—'} · ${r.stayUntil ? dateLong(r.stayUntil, lang) : '—'}`}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('生年月日・性別・国籍', 'Date of birth · sex · nationality'))}</dt>
          <dd>{`${r.birthDate ? dateLong(r.birthDate, lang) : '—'} · ${r.sex ? tr(lang, r.sex === 'male' ? t('男', 'Male') : t('女', 'Female')) : '—'} · ${r.nationality}`}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('雇入れ年月日・離職年月日', 'Hired on · left on'))}</dt>
          <dd>{`${r.hiredOn ? dateLong(r.hiredOn, lang) : '—'} · ${r.leftOn ? dateLong(r.leftOn, lang) : '—'}`}</dd>
        </div>
      </dl>
      {missing.length > 0 && (
        <p className="hint">
          <Badge tone="warning">{tr(lang, t('届出に不足', 'Missing for the report'))}</Badge> {missing.map((m) => tr(lang, m)).join(', ')}
        </p>
      )}
      <p>
        <a href={`${PATH}?id=${w.id}&ledger=report`}>{tr(lang, t('届出事項をCSVで出力', 'Report facts as CSV'))}</a>
      </p>
    </>
  );
}

const ATTENDANCE = [
  { value: 'present', label: t('出勤', 'Present'), tone: 'success' as Tone },
  { value: 'late', label: t('遅刻', 'Late'), tone: 'warning' as Tone },
  { value: 'absent', label: t('欠勤', 'Absent'), tone: 'neutral' as Tone },
  { value: 'no_show', label: t('無断欠勤', 'No-show'), tone: 'danger' as Tone },
  { value: 'none', label: t('未記録', 'Not recorded'), tone: 'neutral' as Tone },
];
const CARD_STATE: Record<string, { label: Text; tone: Tone }> = {
  pending: { label: t('確認待ち', 'Waiting for a check'), tone: 'warning' },
  reupload: { label: t('再アップロード依頼', 'Re-upload asked'), tone: 'info' },
  rejected: { label: t('却下', 'Rejected'), tone: 'danger' },
  verified: { label: t('確認済み', 'Verified'), tone: 'success' },
};
const DOC_KIND: Record<string, Text> = {
  residence_card: t('在留カード', 'Residence card'),
  passport: t('パスポート', 'Passport'),
  certificate: t('証明書', 'Certificate'),
  other: t('その他', 'Other'),
};

/** Whole days from today in Japan to a day (negative once past). */
const daysUntil = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${todayInJapan()}T00:00:00Z`)) / 86_400_000);

function ExpiryWarning({ lang, expiry }: { lang: Lang; expiry: string | null }) {
  if (!expiry) return <Badge tone="warning">{tr(lang, t('在留期限の記録なし', 'No card expiry on record'))}</Badge>;
  const days = daysUntil(expiry);
  if (days < 0) return <Badge tone="danger">{tr(lang, t('期限切れ：シフトに入れません', 'Expired: no shifts possible'))}</Badge>;
  if (days <= 90) return <Badge tone={days <= 30 ? 'danger' : 'warning'}>{tr(lang, { ja: `期限まであと${days}日`, en: `${days} days to expiry` })}</Badge>;
  return null;
}

function view(ctx: ScreenContext, w: Worker | null) {
  const { lang } = ctx;
  if (!w) return <p className="hint">{tr(lang, t('氏名を押すと、そのワーカーのシフト・勤怠・給与・書類・雇用契約書を確認できます。', 'Press a name to see that worker’s shifts, attendance, pay, documents and employment contract.'))}</p>;
  const mayCheckCards = !!ctx.roleMaps && !!ctx.user && canEnter(ctx.roleMaps, ctx.user.role, 160004);
  const card = w.cardCheckStatus ? CARD_STATE[w.cardCheckStatus] : undefined;
  const shiftRows = (upcoming: boolean) =>
    w.shifts
      .filter((s) => s.upcoming === upcoming)
      .map((s) => ({
        id: s.applicationId,
        date: s.date,
        time: `${s.start}–${s.end}${s.breakMinutes ? ` (${tr(lang, t('休憩', 'break'))} ${minutesText(s.breakMinutes)})` : ''}`,
        job: `${pickLang(lang, s.jobJa, s.jobEn)} · ${pickLang(lang, s.clientJa, s.clientEn)}`,
        attendance: s.attendance ?? 'none',
        clock: s.clockIn ? `${timeText(s.clockIn, lang)}–${s.clockOut ? timeText(s.clockOut, lang) : ''}` : '',
      }));
  const shiftColumns = [
    { name: 'date', label: t('日付', 'Date'), type: 'date' as const },
    { name: 'time', label: t('時間', 'Time'), type: 'text' as const },
    { name: 'job', label: t('求人・就業先', 'Job · client'), type: 'text' as const },
    { name: 'attendance', label: t('勤怠', 'Attendance'), type: 'badge' as const, states: ATTENDANCE },
    { name: 'clock', label: t('打刻', 'Clock in–out'), type: 'text' as const },
  ];
  return (
    <section className="card worker-record" aria-labelledby="worker-record-title">
      <h2 id="worker-record-title">{w.name}</h2>
      <dl className="record-facts">
        <div>
          <dt>{tr(lang, t('連絡先', 'Contact'))}</dt>
          <dd>
            <a href={`mailto:${w.email}`}>{w.email}</a>
            {w.phone ? ` · ${w.phone}` : ''}
          </dd>
        </div>
        <div>
          <dt>{tr(lang, t('カタカナ氏名・生年月日', 'Name in katakana · date of birth'))}</dt>
          <dd>{`${w.nameKana || '—'} · ${w.birthDate ? dateLong(w.birthDate, lang) : '—'}`}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('住所', 'Address'))}</dt>
          <dd>{w.address || '—'}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('国籍', 'Nationality'))}</dt>
          <dd>{w.nationality || '—'}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('在留資格', 'Residence status'))}</dt>
          <dd>{(pickLang(lang, w.visaJa, w.visaEn) || '—') + (w.sswField ? ` · ${tr(lang, t('分野', 'field'))}: ${w.sswField}` : '')}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('在留期限', 'Card expiry'))}</dt>
          <dd data-testid="card-expiry">
            {w.visaExpiry ? dateLong(w.visaExpiry, lang) : '—'} <ExpiryWarning lang={lang} expiry={w.visaExpiry} />
          </dd>
        </div>
        <div>
          <dt>{tr(lang, t('在留カード確認', 'Card check'))}</dt>
          <dd>
            {w.cardVerified ? <Badge tone="success">{tr(lang, t('確認済み', 'Verified'))}</Badge> : <Badge tone="warning">{tr(lang, t('未確認', 'Not verified'))}</Badge>}
            {card && w.cardCheckStatus !== 'verified' && <> <Badge tone={card.tone}>{tr(lang, card.label)}</Badge></>}
            {w.cardCheckId && mayCheckCards && (
              <>
                {' '}
                <a href={`${CARD_CHECK}?card=${w.cardCheckId}`}>{tr(lang, t('カード確認を開く', 'Open the card check'))}</a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{tr(lang, t('資格外活動許可', 'Permission outside status'))}</dt>
          <dd>{tr(lang, w.permissionOutsideStatus ? t('あり', 'Yes') : t('なし', 'No'))}</dd>
        </div>
        <div>
          <dt>{tr(lang, t('言語', 'Languages'))}</dt>
          <dd>{w.languages.join(', ') || '—'}</dd>
        </div>
      </dl>

      <h3>{tr(lang, t('今後のシフト', 'Upcoming shifts'))}</h3>
      <DataTable lang={lang} columns={shiftColumns} rows={shiftRows(true)} empty={tr(lang, t('今後のシフトはありません。', 'No upcoming shifts.'))} />
      <h3>{tr(lang, t('過去のシフトと勤怠', 'Past shifts and attendance'))}</h3>
      <DataTable lang={lang} columns={shiftColumns} rows={shiftRows(false)} empty={tr(lang, t('過去のシフトはありません。', 'No past shifts.'))} />

      <h3>{tr(lang, t('給与（これまで）', 'Pay to date'))}</h3>
      {w.pay ? (
        <>
          <dl className="record-facts" data-testid="pay-to-date">
            <div>
              <dt>{tr(lang, t('今月の総支給額', 'Gross this month'))}</dt>
              <dd>{yen(w.pay.thisMonth)}</dd>
            </div>
            <div>
              <dt>{tr(lang, t('累計の総支給額', 'Gross overall'))}</dt>
              <dd>{yen(w.pay.total)}</dd>
            </div>
            <div>
              <dt>{tr(lang, t('給与計算した勤務', 'Shifts paid'))}</dt>
              <dd>
                {w.pay.lines} · {minutesText(w.pay.workedMinutes)}
              </dd>
            </div>
          </dl>
          <DataTable
            lang={lang}
            columns={[
              { name: 'periodEnd', label: t('締め日', 'Period ends'), type: 'date' },
              { name: 'payDate', label: t('支払日', 'Pay day'), type: 'date' },
              { name: 'gross', label: t('総支給額', 'Gross'), type: 'money' },
              { name: 'net', label: t('差引支給額', 'Net'), type: 'money' },
              { name: 'payslip', label: t('給与明細', 'Payslip'), type: 'text' },
            ]}
            rows={w.pay.runs.map((r) => ({ ...r, payslip: 'PDF' }))}
            href={(row, name) => (name === 'payslip' ? `${PAYSLIPS}?payslip=${encodeURIComponent(String(row.id))}` : null)}
            empty={tr(lang, t('月払いの給与明細はまだありません。', 'No monthly payslips yet.'))}
          />
        </>
      ) : (
        <p className="hint">{tr(lang, t('給与は派遣元の給与担当者だけが見られます。', 'Pay is shown only to the staffing company’s payroll staff.'))}</p>
      )}

      <h3>{tr(lang, t('書類', 'Documents'))}</h3>
      {w.documents.length > 0 ? (
        <DataTable
          lang={lang}
          columns={[
            { name: 'kind', label: t('種類', 'Kind'), type: 'text' },
            { name: 'number', label: t('番号', 'Number'), type: 'text' },
            { name: 'expiresOn', label: t('有効期限', 'Expires'), type: 'date', soon: 90 },
            { name: 'note', label: t('メモ', 'Note'), type: 'text' },
          ]}
          rows={w.documents.map((d, i) => ({ ...d, id: String(i), kind: tr(lang, DOC_KIND[d.kind] ?? DOC_KIND.other!) }))}
          empty=""
        />
      ) : (
        <p className="hint">{tr(lang, t('スタッフ台帳に書類はありません（同じメールアドレスの台帳がないか、書類が未登録です）。在留カードは上の「在留カード確認」を見てください。', 'No documents in the staff registry (no registry entry with this e-mail, or none recorded). For the residence card, see "Card check" above.'))}</p>
      )}

      <DispatchRecords lang={lang} w={w} />

      <h3>{tr(lang, t('雇用契約書（労働条件通知書）', 'Employment contract'))}</h3>
      {w.jobs.length === 0 ? (
        <p className="hint">{tr(lang, t('契約書を作れる求人がありません。', 'No job to make a contract for.'))}</p>
      ) : (
        <form method="get" action={PATH} className="inline-form">
          <input type="hidden" name="id" value={w.id} />
          <label>
            {tr(lang, t('求人', 'Job'))}{' '}
            <select name="contract">
              {w.jobs.map((j) => (
                <option key={j.id} value={j.id}>
                  {`${pickLang(lang, j.titleJa, j.titleEn)} · ${pickLang(lang, j.clientJa, j.clientEn)}`}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            {tr(lang, t('言語', 'Language'))}{' '}
            <select name="language" defaultValue={lang}>
              <option value="ja">日本語</option>
              <option value="en">English</option>
            </select>
          </label>{' '}
          <button type="submit" className="btn btn-small-solid">
            {tr(lang, t('PDFを作成', 'Make the PDF'))}
          </button>
        </form>
      )}
      <p>
        <a href={PATH}>{tr(lang, t('一覧に戻る', 'Back to the list'))}</a>
      </p>
    </section>
  );
}

/** The panel of the workers screen (server/web/screens/panels.tsx lists it by path). */
export const workerRecordPanel = { load, view };

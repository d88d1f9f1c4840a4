import type { JSX } from 'react';
import { Facts } from '../../ui/Facts.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { pickLang, type Lang } from '../../../shared/i18n.ts';
import { countryName } from '../../../shared/countries.ts';
import { dateTimeText, dateYearText, hoursMinutesText } from '../../../shared/format.ts';
import { msg } from '../../../shared/texts/index.ts';
import { Badge, Notice, StateBadge, TableSection, tableColumns } from '../../ui/DataTable.tsx';
import { INTERVIEW_STATES } from '../../../shared/states.ts';
import { Field } from '../../ui/Field.tsx';
import { ActionButton, type ActionRefs } from '../../ui/Action.tsx';
import { recordedShiftText } from '../../ui/recorded-shift.ts';

type Ref = { value: string; ja: string; en: string };

export interface ApplicantRecordView {
  id: string;
  candidateName: string;
  candidateEmail: string;
  phone: string | null;
  nationality: string | null;
  visaType: string | null;
  visaExpiry: string | null;
  visaDaysLeft: number | null;
  /** The languages by name, in the reader's language. */
  languageNames: string[];
  jobTitle: string;
  clientName: string;
  shiftDate: string | null;
  shiftStart: string | null;
  shiftEnd: string | null;
  status: Ref;
  statusPath: Ref[];
  /** With what is asked before each, when something is (a close: the candidate is told). */
  moves: (Ref & { confirm: string | null })[];
  conversationId: string | null;
  messages: { seq: number; senderRole: string; senderName: string | null; content: string; messageType: number; createdAt: string }[];
  attendance: { status: string; clockIn: string | null; clockOut: string | null; breakMinutes: number; recordedBy: string } | null;
  history: { at: string; actor: string; from: string | null; to: string | null; note: string | null }[];
  interviews: { id: string; startsAt: string; minutes: number; place: string; onlineUrl: string; interviewers: string; status: string }[];
  /** Their scheduled interviews that overlap one of their shifts (times in Japan). */
  interviewClashes: { interviewId: string; startsAt: string; minutes: number; shiftDate: string; shiftStart: string; shiftEnd: string; jobTitle: string }[];
  /** The list of the status (candidate, kakunin, shukkin…). */
  list: string;
  /** Placed by dispatch (true) or employed directly by the client (false). */
  dispatch: boolean;
  /** The viewer may record the other answer now. */
  dispatchEditable: boolean;
  createdAt: string;
}

/** A document as the record lists it: its kind already in the page's language, a link to the registry entry when the viewer may open it. */
export interface RecordDocumentView {
  kind: string;
  number: string | null;
  expiresOn: string | null;
  note: string | null;
  href: string | null;
}

/** The schedule form: shown to whoever works the interviews page, with what was typed and its errors after a failed post. */
export interface InterviewFormView {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** Residence cards expiring within this many days are flagged. */
export const VISA_WARNING_DAYS = 90;

/** A residence card's expiry, flagged when it is within VISA_WARNING_DAYS or past (the record and the applicant sheet). */
export function VisaExpiry({ lang, expiry, daysLeft }: { lang: Lang; expiry: string; daysLeft: number | null }) {
  return (
    <>
      {dateYearText(expiry, lang)}{' '}
      {daysLeft !== null && daysLeft <= VISA_WARNING_DAYS && (
        <Badge tone="danger">{daysLeft < 0 ? msg(lang, 'applicant.visaExpired') : msg(lang, 'applicant.visaExpiresIn', { days: daysLeft })}</Badge>
      )}
    </>
  );
}

/**
 * An application's record: who, for what, where it stands with the moves the viewer may make as
 * buttons, the conversation's latest messages, the day's attendance and the history.
 */
export function ApplicantRecord({
  act,
  lang,
  a,
  jobHref,
  chatHref,
  notice,
  error,
  interviewForm,
  interviewResults,
  documents,
}: {
  act: ActionRefs<'move' | 'interview' | 'dispatch' | 'result'>;
  lang: Lang;
  a: ApplicantRecordView;
  jobHref: string | null;
  /** The conversation in the inbox, where it is answered; null when the viewer may not open the inbox. */
  chatHref: string | null;
  notice: string | null;
  error: string | null;
  interviewForm: InterviewFormView | null;
  /** By interview id: the results (and the cancel) the viewer may record on it now, with what is asked first. */
  interviewResults: Record<string, { value: string; label: string; confirm: string | null }[]>;
  documents: RecordDocumentView[];
}): JSX.Element {
  const name = (r: Ref) => pickLang(lang, r.ja, r.en);
  const clashes = a.interviewClashes.map((c) =>
    msg(lang, 'applicant.interviewClash', {
      when: dateTimeText(c.startsAt, lang),
      minutes: c.minutes,
      shift: `${dateYearText(c.shiftDate, lang)} ${c.shiftStart}–${c.shiftEnd}`,
      job: c.jobTitle,
    }),
  );
  return (
    <div className="applicant-record">
      <div className="record-head">
        <h1>{a.candidateName}</h1>
        <p className="muted">
          {a.jobTitle} · {a.clientName}
        </p>
      </div>
      <Notice text={notice} />
      <Notice text={error} error />
      {clashes.length > 0 && (
        <div className="record-warning" role="alert">
          {clashes.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </div>
      )}
      <TitledSection className="card" id="applicant-status" title={msg(lang, 'applicant.status')}>
        <p className="status-path">
          {a.statusPath.map((s, i) => (
            <span key={s.value}>
              {i > 0 && <span aria-hidden="true"> › </span>}
              {s.value === a.status.value ? <Badge tone="info">{name(s)}</Badge> : name(s)}
            </span>
          ))}
        </p>
        {a.moves.length > 0 ? (
          <form method="post" className="record-moves">
            <span>{msg(lang, 'applicant.moveTo')}</span>{' '}
            {a.moves.map((m) => (
              <ActionButton key={m.value} action={act.move} arg={m.value} className="btn btn-small" confirm={m.confirm}>
                {name(m)}
              </ActionButton>
            ))}
          </form>
        ) : (
          <p className="muted">{msg(lang, 'applicant.noMoves')}</p>
        )}
      </TitledSection>
      <div className="record-columns">
        <TitledSection className="card" id="applicant-person" title={msg(lang, 'applicant.person')}>
          <Facts
            className="record-facts"
            rows={[
              [msg(lang, 'applicant.name'), a.candidateName],
              [msg(lang, 'applicant.email'), <a href={`mailto:${a.candidateEmail}`}>{a.candidateEmail}</a>],
              [msg(lang, 'applicant.phone'), a.phone],
              [msg(lang, 'applicant.nationality'), countryName(a.nationality, lang)],
              [msg(lang, 'applicant.visa'), a.visaType],
              [msg(lang, 'applicant.visaExpiry'), a.visaExpiry ? <VisaExpiry lang={lang} expiry={a.visaExpiry} daysLeft={a.visaDaysLeft} /> : null],
              [msg(lang, 'applicant.languages'), a.languageNames.join(msg(lang, 'list.separator'))],
            ]}
          />
          <h3 className="record-subhead">{msg(lang, 'applicant.documents')}</h3>
          {documents.length === 0 ? (
            <p className="empty">{msg(lang, 'applicant.noDocuments')}</p>
          ) : (
            <ul className="record-documents">
              {documents.map((d, i) => (
                <li key={i}>
                  {d.href ? <a href={d.href}>{d.kind}</a> : d.kind}
                  {d.number && ` · ${d.number}`}
                  {d.expiresOn && ` · ${msg(lang, 'applicant.documentExpires', { date: dateYearText(d.expiresOn, lang) })}`}
                  {d.note && ` · ${d.note}`}
                </li>
              ))}
            </ul>
          )}
        </TitledSection>
        <TitledSection className="card" id="applicant-job" title={msg(lang, 'applicant.job')}>
          <Facts
            className="record-facts"
            rows={[
              [msg(lang, 'applicant.jobTitle'), jobHref ? <a href={jobHref}>{a.jobTitle}</a> : a.jobTitle],
              [msg(lang, 'applicant.client'), a.clientName],
              [msg(lang, 'applicant.shift'), a.shiftDate ? `${dateYearText(a.shiftDate, lang)} ${a.shiftStart ?? ''}–${a.shiftEnd ?? ''}` : null],
              [msg(lang, 'applicant.appliedAt'), dateTimeText(a.createdAt, lang)],
              [msg(lang, 'placement.how'), <span data-testid="placement-how">{msg(lang, a.dispatch ? 'placement.byDispatch' : 'placement.direct')}</span>],
              [
                msg(lang, 'applicant.attendance'),
                a.attendance ? `${recordedShiftText(lang, a.attendance, a.shiftDate)} · ${msg(lang, 'applicant.recordedBy', { name: a.attendance.recordedBy })}` : null,
              ],
            ]}
          />
          {a.dispatchEditable ? (
            <form method="post" className="record-moves" id="placement">
              <ActionButton
                action={act.dispatch}
                arg={a.dispatch ? 'direct' : 'dispatch'}
                className="btn btn-small"
                confirm={msg(lang, a.dispatch ? 'placement.confirmDirect' : 'placement.confirmDispatch')}
              >
                {msg(lang, a.dispatch ? 'placement.toDirect' : 'placement.toDispatch')}
              </ActionButton>
            </form>
          ) : (
            (a.list === 'kakunin' || a.list === 'shukkin') && <p className="hint">{msg(lang, 'placement.lockedHint')}</p>
          )}
        </TitledSection>
      </div>
      <TitledSection className="card" anchor="interviews" id="applicant-interviews" title={msg(lang, 'interview.title')}>
        {a.interviews.length === 0 ? (
          <p className="empty">{msg(lang, 'interview.none')}</p>
        ) : (
          <ul className="record-interviews">
            {a.interviews.map((i) => (
              <li key={i.id}>
                <time dateTime={i.startsAt}>{dateTimeText(i.startsAt, lang)}</time> ({hoursMinutesText(i.minutes, lang)}) {i.onlineUrl ? <a href={i.onlineUrl}>{i.onlineUrl}</a> : i.place}{' '}
                {i.interviewers && `· ${i.interviewers}`} <StateBadge lang={lang} states={INTERVIEW_STATES} value={i.status} />
                {(interviewResults[i.id] ?? []).length > 0 && (
                  <form method="post" className="record-moves">
                    {interviewResults[i.id]!.map((r) => (
                      <ActionButton key={r.value} action={act.result} arg={`${r.value}:${i.id}`} className="btn btn-small" confirm={r.confirm}>
                        {r.label}
                      </ActionButton>
                    ))}
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
        {interviewForm && (
          <form method="post" className="inline-form interview-form" noValidate>
            <Field name="date" type="date" label={msg(lang, 'interview.date')} value={interviewForm.values.date ?? ''} error={interviewForm.errors.date} required />
            <Field name="time" type="time" label={msg(lang, 'interview.time')} value={interviewForm.values.time ?? ''} error={interviewForm.errors.time} required />
            <Field name="minutes" type="number" label={msg(lang, 'interview.minutes')} value={interviewForm.values.minutes ?? '30'} error={interviewForm.errors.minutes} required />
            <Field name="place" label={msg(lang, 'interview.place')} value={interviewForm.values.place ?? ''} error={interviewForm.errors.place} />
            <Field name="onlineUrl" type="url" label={msg(lang, 'interview.onlineUrl')} value={interviewForm.values.onlineUrl ?? ''} error={interviewForm.errors.onlineUrl} />
            <Field name="interviewers" label={msg(lang, 'interview.interviewers')} value={interviewForm.values.interviewers ?? ''} error={interviewForm.errors.interviewers} />
            <ActionButton action={act.interview} className="btn btn-primary">
              {msg(lang, 'interview.schedule')}
            </ActionButton>
          </form>
        )}
      </TitledSection>
      <TitledSection className="card" id="applicant-chat" title={msg(lang, 'applicant.conversation')}>
        {a.messages.length === 0 ? (
          <p className="empty">{msg(lang, 'applicant.noMessages')}</p>
        ) : (
          <ol className="record-messages">
            {a.messages.map((m) => (
              <li key={m.seq} className={`from-${m.senderRole}`}>
                <span className="who">{m.senderRole === 'bot' ? msg(lang, 'applicant.bot') : (m.senderName ?? '')}</span> <time dateTime={m.createdAt}>{dateTimeText(m.createdAt, lang)}</time>
                <p>{m.messageType === 1 ? m.content : msg(lang, 'applicant.image')}</p>
              </li>
            ))}
          </ol>
        )}
        {chatHref && (
          <p>
            <a href={chatHref}>{msg(lang, 'applicant.replyInInbox')}</a>
          </p>
        )}
      </TitledSection>
      <TableSection
        className="card"
        id="applicant-history"
        title={msg(lang, 'applicant.history')}
        lang={lang}
        columns={tableColumns({
          at: ['applicant.when', 'datetime'],
          actor: ['applicant.who', 'text'],
          what: ['applicant.what', 'text'],
        })}
        rows={a.history.map((h, i) => ({ id: String(i), at: h.at, actor: h.actor, what: [h.from && h.to ? `${h.from} → ${h.to}` : '', h.note ?? ''].filter(Boolean).join(' · ') }))}
        empty={msg(lang, 'applicant.noHistory')}
      />
    </div>
  );
}

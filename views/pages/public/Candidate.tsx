import type { JSX, ReactNode } from 'react';
import { Facts } from '../../ui/Facts.tsx';
import { KeyedLinkList, type KeyedLinks } from '../../ui/LinkList.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { countryOptions } from '../../../shared/countries.ts';
import { Field } from '../../ui/Field.tsx';
import { Island } from '../../ui/Island.tsx';
import type { Choice } from './JobSearch.tsx';
import { CardNeeded } from './JobDetail.tsx';
import { msg } from '../../../shared/messages.ts';
import { ActionButton, ActionForm, type ActionRefs } from '../../ui/Action.tsx';
import { FormAlerts, FormLinks, FormPage, NewPasswordField, SubmitButton } from './form-page.tsx';
import { AlertBox, AlertLine } from '../../ui/Alert.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** The candidate side of the public site: log in, register, my applications, chat. */

export function CandidateLoginPage(p: { act: ActionRefs<'login'>; lang: Lang; email?: string; error?: string; next: string; notice?: string }): JSX.Element {
  return (
    <FormPage page="page-auth" id="cl-title" title={msg(p.lang, 'candidate.loginTitle')}>
      <FormAlerts notice={p.notice} error={p.error} />
      <form method="post" action="/staff/login">
        <input type="hidden" name="next" value={p.next} />
        <Field name="email" type="email" label={msg(p.lang, 'common.email')} value={p.email} required autoComplete="username" />
        <Field name="password" type="password" label={msg(p.lang, 'common.password')} required autoComplete="current-password" />
        <SubmitButton action={p.act.login}>{msg(p.lang, 'common.login')}</SubmitButton>
      </form>
      <FormLinks
        links={[
          { lead: msg(p.lang, 'candidate.newHere'), href: `/staff/register?next=${encodeURIComponent(p.next)}`, label: msg(p.lang, 'candidate.registerForFree') },
          { href: '/forget-password?from=staff', label: msg(p.lang, 'common.forgotPassword') },
        ]}
      />
    </FormPage>
  );
}

export function CandidateRegisterPage(p: {
  act: ActionRefs<'register'>;
  lang: Lang;
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  next: string;
  /** The referral code of the friend who sent the link (/staff/register?ref=…), kept through the form. */
  referral?: string;
  visaTypes: Choice[];
  languages: Choice[];
}): JSX.Element {
  const v = (k: string) => (typeof p.values[k] === 'string' ? (p.values[k] as string) : '');
  const langs = Array.isArray(p.values.languages) ? p.values.languages : typeof p.values.languages === 'string' ? [p.values.languages] : [];
  return (
    <FormPage page="page-auth" id="cr-title" title={msg(p.lang, 'candidate.registerTitle')}>
      <p className="form-intro">{msg(p.lang, 'candidate.registerIntro')}</p>
      <CardNeeded lang={p.lang} />
      {p.errors._ && (
        <AlertBox tone="error">
          <p>{p.errors._}</p>
        </AlertBox>
      )}
      <form method="post" action="/staff/register" noValidate>
        <input type="hidden" name="next" value={p.next} />
        {p.referral && <input type="hidden" name="ref" value={p.referral} />}
        <Field name="name" label={msg(p.lang, 'candidate.name')} value={v('name')} error={p.errors.name} required autoComplete="name" />
        <Field name="name_kana" label={msg(p.lang, 'candidate.nameKana')} hint={msg(p.lang, 'candidate.nameKanaHint')} value={v('name_kana')} error={p.errors.name_kana} />
        <Field
          name="birth_date"
          type="date"
          label={msg(p.lang, 'candidate.birthDate')}
          hint={msg(p.lang, 'candidate.birthDateHint')}
          value={v('birth_date')}
          error={p.errors.birth_date}
          autoComplete="bday"
        />
        <Field name="sex" label={msg(p.lang, 'candidate.sex')} hint={msg(p.lang, 'candidate.sexHint')} value={v('sex')} error={p.errors.sex}>
          <option value="">{msg(p.lang, 'record.choose')}</option>
          <option value="male">{msg(p.lang, 'candidate.male')}</option>
          <option value="female">{msg(p.lang, 'candidate.female')}</option>
        </Field>
        <Field name="email" type="email" label={msg(p.lang, 'common.email')} value={v('email')} error={p.errors.email} required autoComplete="email" />
        <NewPasswordField name="password" label={msg(p.lang, 'common.password')} hint={msg(p.lang, 'candidate.passwordHint')} error={p.errors.password} />
        <Field name="phone" type="tel" label={msg(p.lang, 'candidate.phone')} value={v('phone')} error={p.errors.phone} autoComplete="tel" />
        <Field name="address" label={msg(p.lang, 'candidate.address')} value={v('address')} error={p.errors.address} autoComplete="street-address" />
        <Field name="nationality" label={msg(p.lang, 'candidate.nationality')} value={v('nationality')} error={p.errors.nationality} required>
          <option value="">{msg(p.lang, 'record.choose')}</option>
          {countryOptions(p.lang).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Field>
        <Field name="visa_type_id" label={msg(p.lang, 'search.visa')} value={v('visa_type_id')} error={p.errors.visa_type_id} required>
          <option value="">{msg(p.lang, 'record.choose')}</option>
          {p.visaTypes.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Field>
        <Field name="visa_expiry" type="date" label={msg(p.lang, 'candidate.visaExpiry')} value={v('visa_expiry')} error={p.errors.visa_expiry} required />
        <fieldset className="field">
          <legend>{msg(p.lang, 'candidate.languages')}</legend>
          <div className="checkbox-grid">
            {p.languages.map((c) => (
              <label key={c.value}>
                <input type="checkbox" name="languages" value={c.value} defaultChecked={langs.includes(c.value)} /> {c.label}
              </label>
            ))}
          </div>
          {p.errors.languages && <p className="field-error">{p.errors.languages}</p>}
        </fieldset>
        <SubmitButton action={p.act.register}>{msg(p.lang, 'candidate.register')}</SubmitButton>
      </form>
      <FormLinks links={[{ lead: msg(p.lang, 'candidate.alreadyRegistered'), href: `/staff/login?next=${encodeURIComponent(p.next)}`, label: msg(p.lang, 'common.login') }]} />
    </FormPage>
  );
}

export interface MyApplication {
  id: string;
  title: string;
  href: string;
  date: string | null;
  time: string | null;
  status: string;
  /** Waiting for the candidate to confirm the shift (kakunin): a confirm button is shown. */
  confirmable: boolean;
  /** Today's shift on the attendance list: the button to record arriving or leaving. */
  clock: 'clockIn' | 'clockOut' | null;
  /** What is recorded for the shift (state, clock-in, clock-out, break; Japan time), null before anything is: what the pay is made from. */
  recorded: string | null;
  appliedAt: string;
  /** The next interview the company scheduled: when (Japan time, the reader's format), how long, where. */
  interview: { when: string; minutes: number; place: string; onlineUrl: string } | null;
  /** The application's conversation with the company on the chat page, when it has one. */
  chatHref: string | null;
  /** A shift the candidate is placed on that has not passed: its calendar file. */
  calendarHref: string | null;
}

export function MyApplicationsPage(p: { act: ActionRefs<'confirm' | 'clock'>; lang: Lang; name: string; applications: MyApplication[]; notice?: string | null; error?: string | null }): JSX.Element {
  return (
    <CandidatePage lang={p.lang} name={p.name} current="/staff/applications" notice={p.notice} error={p.error}>
      {p.applications.length === 0 ? (
        <EmptyState text={msg(p.lang, 'candidate.noApplications')} links={[{ href: '/daily', label: msg(p.lang, 'candidate.findWork') }]} />
      ) : (
        <ul className="job-list">
          {p.applications.map((a) => (
            <li key={a.id}>
              <article className="job-card">
                <h2>
                  <a href={a.href}>{a.title}</a>
                </h2>
                <Facts
                  className="job-facts"
                  rows={[
                    [
                      msg(p.lang, 'candidate.date'),
                      a.date && (
                        <>
                          {a.date} {a.time}
                        </>
                      ),
                    ],
                    [msg(p.lang, 'candidate.status'), a.status],
                    [msg(p.lang, 'candidate.recorded'), a.recorded],
                    [
                      msg(p.lang, 'candidate.interview'),
                      a.interview && (
                        <>
                          {msg(p.lang, 'candidate.interviewLength', { when: a.interview.when, minutes: a.interview.minutes })}
                          {a.interview.place && <> · {a.interview.place}</>}
                          {a.interview.onlineUrl && (
                            <>
                              {' · '}
                              <a href={a.interview.onlineUrl} rel="noopener noreferrer" target="_blank">
                                {msg(p.lang, 'candidate.interviewOnline')}
                              </a>
                            </>
                          )}
                        </>
                      ),
                    ],
                    [msg(p.lang, 'candidate.applied'), a.appliedAt],
                  ]}
                />
                {a.confirmable && (
                  <ActionForm post="/staff/applications" className="application-confirm" action={p.act.confirm} button="button button-primary button-small" label={msg(p.lang, 'candidate.confirm')}>
                    <p>{msg(p.lang, 'candidate.confirmPrompt')}</p>
                    <input type="hidden" name="application" value={a.id} />
                  </ActionForm>
                )}
                {a.clock && (
                  <ActionForm
                    post="/staff/applications"
                    className="application-confirm"
                    action={p.act.clock}
                    button="button button-primary button-small"
                    label={msg(p.lang, a.clock === 'clockIn' ? 'candidate.clockIn' : 'candidate.clockOut')}
                    // Clocking out ends the shift as recorded, and its pay: asked first.
                    {...(a.clock === 'clockOut' ? { confirm: msg(p.lang, 'candidate.clockOutConfirm') } : {})}
                  >
                    <p>{msg(p.lang, 'candidate.clockPrompt')}</p>
                    <input type="hidden" name="application" value={a.id} />
                    <input type="hidden" name="event" value={a.clock} />
                  </ActionForm>
                )}
                {(a.chatHref || a.calendarHref) && (
                  <p className="application-chat">
                    {a.chatHref && (
                      <a className="button button-secondary button-small" href={a.chatHref}>
                        {msg(p.lang, 'candidate.chat')}
                      </a>
                    )}{' '}
                    {a.calendarHref && (
                      <a className="button button-secondary button-small" href={a.calendarHref} download>
                        {msg(p.lang, 'candidate.addToCalendar')}
                      </a>
                    )}
                  </p>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </CandidatePage>
  );
}

/** The candidate's own links (applications, chat) and the log-out button, under a page title. */
const CANDIDATE_LINKS = {
  '/staff/applications': 'candidate.myApplications',
  '/staff/shifts': 'openShifts.title',
  '/staff/pay': 'pay.title',
  '/staff/points': 'points.title',
  '/staff/scout': 'scout.title',
  '/staff/card': 'card.title',
  '/staff/chat': 'common.chat',
} satisfies KeyedLinks;
type CandidatePath = keyof typeof CANDIDATE_LINKS;

/** The header of a signed-in candidate's pages: the page's name, the candidate's, their links and log out. */
export function CandidateHeader(p: { lang: Lang; name: string; current: CandidatePath; compact?: boolean }): JSX.Element {
  return (
    <header className={p.compact ? 'page-header page-header-compact' : 'page-header'}>
      <div className="container">
        <h1>{msg(p.lang, CANDIDATE_LINKS[p.current])}</h1>
        <p className="lead">{p.name}</p>
        <CandidateNav lang={p.lang} current={p.current} />
      </div>
    </header>
  );
}

/** A page of the candidate's own area: its header, then the notice or the error of the last post, then the page. */
export function CandidatePage(p: {
  lang: Lang;
  name: string;
  current: CandidatePath;
  className?: string;
  notice?: string | null | undefined;
  error?: string | null | undefined;
  children: ReactNode;
}): JSX.Element {
  return (
    <div className="page">
      <CandidateHeader lang={p.lang} name={p.name} current={p.current} />
      <div className={p.className ? `container section ${p.className}` : 'container section'}>
        {p.notice && <AlertLine tone="success">{p.notice}</AlertLine>}
        {p.error && <AlertLine tone="error">{p.error}</AlertLine>}
        {p.children}
      </div>
    </div>
  );
}

function CandidateNav(p: { lang: Lang; current: CandidatePath }): JSX.Element {
  return (
    <div className="candidate-nav">
      <nav aria-label={msg(p.lang, 'candidate.myPage')}>
        <KeyedLinkList lang={p.lang} links={CANDIDATE_LINKS} current={(href) => (href === p.current ? 'page' : undefined)} />
      </nav>
      <form method="post" action="/staff/logout" data-clears="candidate">
        <button type="submit" className="button button-secondary button-small">
          {msg(p.lang, 'common.logout')}
        </button>
      </form>
    </div>
  );
}

/**
 * The candidate's chat with the companies they applied to: the CandidateChat island
 * (conversation list and thread), which needs JavaScript; without it the page says so.
 */
export function CandidateChatPage(p: { act: ActionRefs<'mail'>; lang: Lang; name: string; initial: string | null; chatMail: boolean; saved?: boolean }): JSX.Element {
  return (
    <div className="page page-candidate-chat">
      <CandidateHeader lang={p.lang} name={p.name} current="/staff/chat" compact />
      <div className="section">
        <div className="container">
          <noscript>
            <AlertBox tone="error">
              <p>{msg(p.lang, 'candidate.chatNoscript')}</p>
            </AlertBox>
          </noscript>
          <Island name="CandidateChat" props={{ lang: p.lang, initial: p.initial }} />
          <form method="post" action="/staff/chat" className="chat-mail-setting" data-testid="chat-mail-setting">
            {/* The conversation to come back to (the chat island keeps it up to date). */}
            <input type="hidden" name="c" value={p.initial ?? ''} />
            <label>
              <input type="checkbox" name="enabled" value="1" defaultChecked={p.chatMail} /> {msg(p.lang, 'candidate.mailSetting')}
            </label>{' '}
            <ActionButton action={p.act.mail} className="button button-small button-secondary">
              {msg(p.lang, 'candidate.save')}
            </ActionButton>
            {p.saved && (
              <span className="chat-mail-saved" role="status">
                {' '}
                {msg(p.lang, 'notice.saved')}
              </span>
            )}
          </form>
        </div>
      </div>
    </div>
  );
}

import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { Island } from '../../ui/Island.tsx';
import type { Choice } from './JobSearch.tsx';

/** The candidate side of the public site: log in, register, my applications (issue 5), chat (issue 6). */

const t = (lang: Lang, text: Text) => tr(lang, text);

export function CandidateLoginPage(p: { lang: Lang; email?: string; error?: string; next: string; notice?: string }): JSX.Element {
  return (
    <div className="page page-auth">
      <div className="container auth-container">
        <section className="form-panel" aria-labelledby="cl-title">
          <h1 id="cl-title">{t(p.lang, { ja: 'お仕事を探す方のログイン', en: 'Log in to apply for jobs' })}</h1>
          {p.notice && (
            <div className="alert alert-success" role="status">
              <p>{p.notice}</p>
            </div>
          )}
          {p.error && (
            <div className="alert alert-error" role="alert">
              <p>{p.error}</p>
            </div>
          )}
          <form method="post" action="/staff/login">
            <input type="hidden" name="next" value={p.next} />
            <Field name="email" type="email" label={t(p.lang, { ja: 'メールアドレス', en: 'Email address' })} value={p.email} required autoComplete="username" />
            <Field name="password" type="password" label={t(p.lang, { ja: 'パスワード', en: 'Password' })} required autoComplete="current-password" />
            <button className="button button-primary button-block" type="submit">
              {t(p.lang, { ja: 'ログイン', en: 'Log in' })}
            </button>
          </form>
          <ul className="form-links">
            <li>
              {t(p.lang, { ja: 'はじめての方は', en: 'New here?' })} <a href={`/staff/register?next=${encodeURIComponent(p.next)}`}>{t(p.lang, { ja: '無料で登録', en: 'Register for free' })}</a>
            </li>
            <li>
              <a href="/forget-password">{t(p.lang, { ja: 'パスワードをお忘れの方', en: 'Forgot your password?' })}</a>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}

export function CandidateRegisterPage(p: {
  lang: Lang;
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  next: string;
  visaTypes: Choice[];
  languages: Choice[];
}): JSX.Element {
  const v = (k: string) => (typeof p.values[k] === 'string' ? (p.values[k] as string) : '');
  const langs = Array.isArray(p.values.languages) ? p.values.languages : typeof p.values.languages === 'string' ? [p.values.languages] : [];
  return (
    <div className="page page-auth">
      <div className="container auth-container">
        <section className="form-panel" aria-labelledby="cr-title">
          <h1 id="cr-title">{t(p.lang, { ja: '求職者の新規登録', en: 'Register to find work' })}</h1>
          <p className="form-intro">
            {t(p.lang, {
              ja: '登録は無料です。在留資格と在留期限は、応募できる仕事を確認するために使います。',
              en: 'Registration is free. Your residence status and its expiry let us show you jobs you may take.',
            })}
          </p>
          {p.errors._ && (
            <div className="alert alert-error" role="alert">
              <p>{p.errors._}</p>
            </div>
          )}
          <form method="post" action="/staff/register" noValidate>
            <input type="hidden" name="next" value={p.next} />
            <Field name="name" label={t(p.lang, { ja: 'お名前（パスポートと同じ表記）', en: 'Name (as in your passport)' })} value={v('name')} error={p.errors.name} required autoComplete="name" />
            <Field name="email" type="email" label={t(p.lang, { ja: 'メールアドレス', en: 'Email address' })} value={v('email')} error={p.errors.email} required autoComplete="email" />
            <Field name="password" type="password" label={t(p.lang, { ja: 'パスワード', en: 'Password' })} hint={t(p.lang, { ja: '8文字以上', en: 'At least 8 characters' })} error={p.errors.password} required autoComplete="new-password" minLength={8} />
            <Field name="phone" type="tel" label={t(p.lang, { ja: '電話番号', en: 'Phone' })} value={v('phone')} error={p.errors.phone} autoComplete="tel" />
            <Field name="nationality" label={t(p.lang, { ja: '国籍', en: 'Nationality' })} value={v('nationality')} error={p.errors.nationality} required />
            <Field name="visa_type_id" label={t(p.lang, { ja: '在留資格', en: 'Residence status' })} value={v('visa_type_id')} error={p.errors.visa_type_id} required>
              <option value="">{t(p.lang, { ja: '選択してください', en: 'Choose…' })}</option>
              {p.visaTypes.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Field>
            <Field name="visa_expiry" type="date" label={t(p.lang, { ja: '在留期限', en: 'Residence permit expiry' })} value={v('visa_expiry')} error={p.errors.visa_expiry} required />
            <fieldset className="field">
              <legend>{t(p.lang, { ja: '話せる言語', en: 'Languages you speak' })}</legend>
              <div className="checkbox-grid">
                {p.languages.map((c) => (
                  <label key={c.value}>
                    <input type="checkbox" name="languages" value={c.value} defaultChecked={langs.includes(c.value)} /> {c.label}
                  </label>
                ))}
              </div>
              {p.errors.languages && <p className="field-error">{p.errors.languages}</p>}
            </fieldset>
            <button className="button button-primary button-block" type="submit">
              {t(p.lang, { ja: '登録する', en: 'Register' })}
            </button>
          </form>
          <ul className="form-links">
            <li>
              {t(p.lang, { ja: '登録済みの方は', en: 'Already registered?' })} <a href={`/staff/login?next=${encodeURIComponent(p.next)}`}>{t(p.lang, { ja: 'ログイン', en: 'Log in' })}</a>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}

export interface MyApplication {
  id: string;
  title: string;
  href: string;
  date: string | null;
  time: string | null;
  status: string;
  appliedAt: string;
  /** The application's conversation with the company on the chat page, when it has one. */
  chatHref: string | null;
}

export function MyApplicationsPage(p: { lang: Lang; name: string; applications: MyApplication[] }): JSX.Element {
  return (
    <div className="page">
      <CandidateHeader lang={p.lang} name={p.name} current="/staff/applications" />
      <div className="container section">
        {p.applications.length === 0 ? (
          <div className="empty-state">
            <p>{t(p.lang, { ja: 'まだ応募はありません。', en: 'You have not applied to any job yet.' })}</p>
            <a className="button button-primary" href="/daily">
              {t(p.lang, { ja: '仕事を探す', en: 'Find work' })}
            </a>
          </div>
        ) : (
          <ul className="job-list">
            {p.applications.map((a) => (
              <li key={a.id}>
                <article className="job-card">
                  <h2>
                    <a href={a.href}>{a.title}</a>
                  </h2>
                  <dl className="job-facts">
                    {a.date && (
                      <div>
                        <dt>{t(p.lang, { ja: '勤務日', en: 'Date' })}</dt>
                        <dd>
                          {a.date} {a.time}
                        </dd>
                      </div>
                    )}
                    <div>
                      <dt>{t(p.lang, { ja: '状況', en: 'Status' })}</dt>
                      <dd>{a.status}</dd>
                    </div>
                    <div>
                      <dt>{t(p.lang, { ja: '応募日', en: 'Applied' })}</dt>
                      <dd>{a.appliedAt}</dd>
                    </div>
                  </dl>
                  {a.chatHref && (
                    <p className="application-chat">
                      <a className="button button-secondary button-small" href={a.chatHref}>
                        {t(p.lang, { ja: 'チャットする', en: 'Chat' })}
                      </a>
                    </p>
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The candidate's own links (applications, chat) and the log-out button, under a page title. */
type CandidatePath = '/staff/applications' | '/staff/chat';
const CANDIDATE_LINKS: { href: CandidatePath; label: Text }[] = [
  { href: '/staff/applications', label: { ja: '応募した仕事', en: 'My applications' } },
  { href: '/staff/chat', label: { ja: 'チャット', en: 'Chat' } },
];

/** The header of a signed-in candidate's pages: the page's name, the candidate's, their links and log out. */
function CandidateHeader(p: { lang: Lang; name: string; current: CandidatePath; compact?: boolean }): JSX.Element {
  return (
    <header className={p.compact ? 'page-header page-header-compact' : 'page-header'}>
      <div className="container">
        <h1>{t(p.lang, CANDIDATE_LINKS.find((l) => l.href === p.current)!.label)}</h1>
        <p className="lead">{p.name}</p>
        <CandidateNav lang={p.lang} current={p.current} />
      </div>
    </header>
  );
}

function CandidateNav(p: { lang: Lang; current: CandidatePath }): JSX.Element {
  const links = CANDIDATE_LINKS;
  return (
    <div className="candidate-nav">
      <nav aria-label={t(p.lang, { ja: 'マイページ', en: 'My page' })}>
        <ul>
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} aria-current={l.href === p.current ? 'page' : undefined}>
                {t(p.lang, l.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="post" action="/staff/logout" data-clears="candidate">
        <button type="submit" className="button button-secondary button-small">
          {t(p.lang, { ja: 'ログアウト', en: 'Log out' })}
        </button>
      </form>
    </div>
  );
}

/**
 * The candidate's chat with the companies they applied to (issue 6): the CandidateChat island
 * (conversation list and thread), which needs JavaScript; without it the page says so.
 */
export function CandidateChatPage(p: { lang: Lang; name: string; initial: string | null; chatMail: boolean; saved?: boolean }): JSX.Element {
  return (
    <div className="page page-candidate-chat">
      <CandidateHeader lang={p.lang} name={p.name} current="/staff/chat" compact />
      <div className="section">
        <div className="container">
          <noscript>
            <div className="alert alert-error" role="alert">
              <p>
                {t(p.lang, {
                  ja: 'チャットを使うにはJavaScriptを有効にしてください。',
                  en: 'The chat needs JavaScript. Please turn it on in your browser.',
                })}
              </p>
            </div>
          </noscript>
          <Island name="CandidateChat" props={{ lang: p.lang, initial: p.initial }} />
          <form method="post" action="/staff/chat" className="chat-mail-setting" data-testid="chat-mail-setting">
            <input type="hidden" name="_action" value="mail" />
            {/* The conversation to come back to (the chat island keeps it up to date). */}
            <input type="hidden" name="c" value={p.initial ?? ''} />
            <label>
              <input type="checkbox" name="enabled" value="1" defaultChecked={p.chatMail} />{' '}
              {t(p.lang, {
                ja: '会社からの返信を読んでいないとき、メールで知らせる',
                en: 'Email me when a company answer is waiting unread',
              })}
            </label>{' '}
            <button type="submit" className="button button-small button-secondary">
              {t(p.lang, { ja: '保存', en: 'Save' })}
            </button>
            {p.saved && (
              <span className="chat-mail-saved" role="status">
                {' '}
                {t(p.lang, { ja: '保存しました。', en: 'Saved.' })}
              </span>
            )}
          </form>
        </div>
      </div>
    </div>
  );
}

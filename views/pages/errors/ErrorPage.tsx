import type { Lang } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';

export type ErrorKind = 'error401' | 'error404' | '_error' | 'notAvailable' | 'unavailable' | 'recordNotFound' | 'badRequest';

/** Each error page: its HTTP status and its title and text in the catalogue. */
export const ERROR_TEXT: Record<ErrorKind, { status: number; title: MessageKey; body: MessageKey }> = {
  error401: { status: 401, title: 'errorPage.unauthorized', body: 'errorPage.unauthorizedBody' },
  error404: { status: 404, title: 'errorPage.notFound', body: 'errorPage.notFoundBody' },
  badRequest: { status: 400, title: 'errorPage.badRequest', body: 'errorPage.badRequestBody' },
  recordNotFound: { status: 404, title: 'errorPage.recordNotFound', body: 'errorPage.recordNotFoundBody' },
  _error: { status: 500, title: 'errorPage.internal', body: 'error.internal' },
  unavailable: { status: 503, title: 'errorPage.unavailable', body: 'errorPage.unavailableBody' },
  notAvailable: { status: 501, title: 'errorPage.notAvailable', body: 'errorPage.notAvailableBody' },
};

export function ErrorPage({ lang, kind, loggedIn, next }: { lang: Lang; kind: ErrorKind; loggedIn: boolean; next?: string | undefined }) {
  const t = ERROR_TEXT[kind];
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-status">{t.status}</p>
      <h1 id="error-title">{msg(lang, t.title)}</h1>
      <p>{msg(lang, t.body)}</p>
      <p className="error-actions">
        {kind === 'error401' || !loggedIn ? (
          <a className="btn" href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>
            {msg(lang, 'common.login')}
          </a>
        ) : null}
        <a className="btn btn-secondary" href={loggedIn ? '/admin' : '/'}>
          {msg(lang, 'errorPage.backToStart')}
        </a>
      </p>
    </section>
  );
}

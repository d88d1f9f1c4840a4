import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { ERROR_TEXT } from '../errors/ErrorPage.tsx';

/** An admin page whose screen is not built yet: honest, with HTTP 501. */
export function NotAvailablePage({ lang, title }: { lang: Lang; title: Text }) {
  return (
    <section className="not-available">
      <h1>{tr(lang, title)}</h1>
      <div className="notice" role="status">
        <strong>{msg(lang, ERROR_TEXT.notAvailable.title)}</strong>
        <p>{msg(lang, ERROR_TEXT.notAvailable.body)}</p>
      </div>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { msg } from '../../shared/messages.ts';
import { timeText } from '../../shared/format.ts';

export interface SessionWarningProps {
  lang: 'ja' | 'en';
  /** When the session's token expires (ms since the epoch), as the server knew it when drawing the page. */
  endsAt: number;
  /** Where to sign in again: the back office's /login or the candidate's /staff/login. */
  loginPath: string;
}

/** How long before the end the warning shows. */
const WARN_MS = 5 * 60_000;

/**
 * The session's end, said before it comes (docs/access.md "Sessions that end kindly"): five minutes
 * before, a notice with a button that renews the session (POST /session/renew); at the hard limit
 * the button cannot help, so the notice says so; once over, a link to sign in again that comes back
 * to this page. Draws nothing until the warning is due (nothing on the server's render).
 */
export default function SessionWarning({ lang, endsAt: initial, loginPath }: SessionWarningProps) {
  const [endsAt, setEndsAt] = useState(initial);
  const [now, setNow] = useState<number | null>(null);
  const [hard, setHard] = useState(false);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const due = endsAt - WARN_MS - Date.now();
    // One wake-up when the warning is due, then every 15 s for the countdown and the end.
    let timer: ReturnType<typeof setTimeout> | ReturnType<typeof setInterval>;
    if (due > 0) {
      timer = setTimeout(
        () => {
          tick();
          timer = setInterval(tick, 15_000);
        },
        Math.min(due, 2_147_000_000),
      );
    } else {
      timer = setInterval(tick, 15_000);
    }
    return () => {
      clearTimeout(timer as ReturnType<typeof setTimeout>);
      clearInterval(timer as ReturnType<typeof setInterval>);
    };
  }, [endsAt]);

  if (now === null || !endsAt || now < endsAt - WARN_MS) return null;
  const back = `${loginPath}?next=${encodeURIComponent(location.pathname + location.search)}`;
  if (now >= endsAt) {
    return (
      <div className="session-warning" role="alert" data-testid="session-warning">
        <p>{msg(lang, 'session.ended')}</p>
        <a className="btn btn-small" href={back}>
          {msg(lang, 'session.signInAgain')}
        </a>
      </div>
    );
  }

  async function stay() {
    const r = await fetch('/session/renew', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(() => null);
    if (!r?.ok) return setNow(Date.now());
    const body = (await r.json()) as { endsAt: number };
    if (body.endsAt <= endsAt + 1000) setHard(true);
    else setEndsAt(body.endsAt);
  }

  const time = timeText(new Date(endsAt), lang);
  return (
    <div className="session-warning" role="status" data-testid="session-warning">
      <p>{msg(lang, 'session.endsSoon', { time })}</p>
      {hard ? (
        <p>{msg(lang, 'session.hardLimit')}</p>
      ) : (
        <button type="button" className="btn btn-small" onClick={() => void stay()}>
          {msg(lang, 'session.stay')}
        </button>
      )}
    </div>
  );
}

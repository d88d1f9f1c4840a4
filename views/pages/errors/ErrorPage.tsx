import { tr, type Lang } from '../../../shared/i18n.ts';

export type ErrorKind = 'error401' | 'error404' | '_error' | 'notAvailable' | 'unavailable' | 'recordNotFound' | 'badRequest';

export const ERROR_TEXT: Record<ErrorKind, { status: number; title: { ja: string; en: string }; body: { ja: string; en: string } }> = {
  error401: {
    status: 401,
    title: { ja: 'ログインが必要です', en: 'Please log in again' },
    body: {
      ja: 'セッションの有効期限が切れたか、無効になりました。もう一度ログインしてください。',
      en: 'Your session has expired or is no longer valid. Please log in again.',
    },
  },
  error404: {
    status: 404,
    title: { ja: 'ページが見つかりません', en: 'Page not found' },
    body: {
      ja: 'お探しのページは存在しないか、表示する権限がありません。',
      en: 'The page you are looking for does not exist or you do not have access to it.',
    },
  },
  badRequest: {
    status: 400,
    title: { ja: 'アドレスを読み取れません', en: 'We could not read that address' },
    body: {
      ja: 'アドレスに読み取れない値や範囲外の値が含まれています。リンク元のページからもう一度お試しください。',
      en: 'The address holds a value we cannot read or one out of range. Please go back and follow the link again.',
    },
  },
  recordNotFound: {
    status: 404,
    title: { ja: 'データが見つかりません', en: 'Record not found' },
    body: {
      ja: 'このデータは存在しないか、削除されたか、表示する権限がありません。',
      en: 'This record does not exist, was deleted, or is outside what you can see.',
    },
  },
  _error: {
    status: 500,
    title: { ja: 'エラーが発生しました', en: 'Something went wrong' },
    body: {
      ja: '申し訳ありません。問題が発生しました。しばらくしてからもう一度お試しください。',
      en: 'Sorry, something went wrong on our side. Please try again in a moment.',
    },
  },
  unavailable: {
    status: 503,
    title: { ja: 'ただいま利用できません', en: 'Temporarily unavailable' },
    body: {
      ja: 'サービスに接続できませんでした。しばらくしてからもう一度お試しください。',
      en: 'We could not reach the service. Please try again in a moment.',
    },
  },
  notAvailable: {
    status: 501,
    title: { ja: 'この画面は準備中です', en: 'Not available yet' },
    body: {
      ja: 'この画面はまだ利用できません。今後のリリースで提供されます。',
      en: 'This screen is not available yet. It will arrive in a coming release.',
    },
  },
};

export function ErrorPage({ lang, kind, loggedIn }: { lang: Lang; kind: ErrorKind; loggedIn: boolean }) {
  const t = ERROR_TEXT[kind];
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-status">{t.status}</p>
      <h1 id="error-title">{tr(lang, t.title)}</h1>
      <p>{tr(lang, t.body)}</p>
      <p className="error-actions">
        {kind === 'error401' || !loggedIn ? (
          <a className="btn" href="/login">
            {tr(lang, { ja: 'ログイン', en: 'Log in' })}
          </a>
        ) : null}
        <a className="btn btn-secondary" href={loggedIn ? '/admin' : '/'}>
          {tr(lang, { ja: 'トップへ戻る', en: 'Back to the start' })}
        </a>
      </p>
    </section>
  );
}

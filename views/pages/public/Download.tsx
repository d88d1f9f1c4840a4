import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { CardGrid, CtaBand, PageHeader, Section, type Item } from './sections.tsx';

const FEATURES: readonly Item[] = [
  {
    title: { ja: 'チャット', en: 'Chat' },
    body: {
      ja: '会社の担当者とメッセージでやりとりできます。新しいメッセージは通知でお知らせします。',
      en: 'Message the person in charge at your company, with a notification when a new message arrives.',
    },
  },
  {
    title: { ja: 'シフト', en: 'Shifts' },
    body: {
      ja: '予定されているシフトの日時と勤務地を確認できます。変更があればすぐにわかります。',
      en: 'See the date, time and place of your upcoming shifts, and notice changes straight away.',
    },
  },
  {
    title: { ja: '給与', en: 'Pay' },
    body: {
      ja: '日払い・月払いの給与明細を確認できます。会社が対応していれば、クイックペイの申請もできます。',
      en: 'Check your daily and monthly pay statements and, if your company offers it, request quick pay.',
    },
  },
  {
    title: { ja: 'お知らせ', en: 'Notices' },
    body: {
      ja: '会社からのお知らせや、提出が必要な書類の案内を受け取れます。',
      en: 'Receive announcements from your company and reminders about documents to hand in.',
    },
  },
];

/** /download: the worker app — what it does and how to get it (through the employing company). */
export function DownloadPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);

  return (
    <div className="page page-download">
      <PageHeader
        lang={lang}
        title={{ ja: 'スタッフ向けアプリ', en: 'The app for workers' }}
        lead={{
          ja: '働き始めたら、チャット・シフト・給与をスマートフォンでまとめて確認できます。',
          en: 'Once you start working, you can keep your chat, shifts and pay together on your phone.',
        }}
      />

      <Section lang={lang} id="features-title" title={{ ja: 'アプリでできること', en: 'What the app does' }}>
        <CardGrid lang={lang} items={FEATURES} />
      </Section>

      <Section lang={lang} id="get-title" tinted prose title={{ ja: 'アプリの入手方法', en: 'How to get the app' }}>
        <p>
          {t({
            ja: 'アプリは、あなたを雇用している会社を通じて配布しています。採用が決まると、会社からインストール方法とログイン情報の案内が届きます。',
            en: 'The app is distributed through the company that employs you. When you are hired, the company sends you instructions for installing it together with your login details.',
          })}
        </p>
        <p>
          {t({
            ja: 'まだ案内が届いていない場合は、担当者にチャットまたは電話でお問い合わせください。',
            en: 'If you have not received these instructions yet, ask the person in charge at your company by chat or phone.',
          })}
        </p>
      </Section>

      <CtaBand
        lang={lang}
        id="web-title"
        title={{ ja: 'ウェブでも使えます', en: 'Use it on the web' }}
        body={{
          ja: 'アプリがなくても、会社から案内されたアカウントでこのサイトにログインすれば、ブラウザからご利用いただけます。',
          en: 'No app yet? Log in on this site with the account your company gave you and use it from your browser.',
        }}
      >
        <div className="cta-group">
          <a className="button button-primary" href="/staff/login">
            {t({ ja: 'ログイン', en: 'Log in' })}
          </a>
          <a className="button button-secondary" href="/staff/contact">
            {t({ ja: 'お問い合わせ', en: 'Contact us' })}
          </a>
        </div>
      </CtaBand>
    </div>
  );
}

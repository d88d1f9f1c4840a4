import type { JSX } from 'react';
import { otherLang, tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { CardGrid, Section, Steps, type Item } from './sections.tsx';

const STEPS: readonly Item[] = [
  {
    title: { ja: '仕事を探す', en: 'Find a job' },
    body: {
      ja: '日払い・スポットの仕事やアルバイトを、勤務地・時給・日付で見比べられます。求人には必要な日本語レベルや対象の在留資格も書かれています。',
      en: 'Compare daily and part-time jobs by location, pay and date. Each listing shows the Japanese level it needs and the residence statuses it is open to.',
    },
  },
  {
    title: { ja: '応募して、会社とやりとり', en: 'Apply and talk with the company' },
    body: {
      ja: '気になる仕事に応募すると、採用担当の会社とチャットで直接やりとりできます。面接の日程調整や在留カードの確認もオンラインで進みます。',
      en: 'Apply to the jobs you like and chat directly with the hiring company. Interview scheduling and the residence card check happen online too.',
    },
  },
  {
    title: { ja: '働いて、給与を受け取る', en: 'Work and get paid' },
    body: {
      ja: 'シフトを確認して出勤。働いた分の給与は明細で確認でき、会社が対応していれば給料日前に受け取れるクイックペイも使えます。',
      en: 'Check your shifts and go to work. See every payment on your pay statement and, where your company offers it, receive earned wages early with quick pay.',
    },
  },
];

const FOR_STAFF: readonly Item[] = [
  {
    title: { ja: '日本語と英語に対応', en: 'Japanese and English' },
    body: {
      ja: 'サイトもアプリも日本語と英語で使えます。求人の条件や手続きを、わかる言葉で確認できます。',
      en: 'The site and the app work in Japanese and English, so you can read job conditions and procedures in a language you understand.',
    },
  },
  {
    title: { ja: '在留資格に合った仕事', en: 'Jobs that fit your visa' },
    body: {
      ja: '在留資格と資格外活動許可の条件に合わせて仕事を紹介します。留学生の週28時間の上限も考えてシフトを組めます。',
      en: 'Jobs are matched to your residence status and work permission. For students, shifts are planned with the 28-hours-a-week limit in mind.',
    },
  },
  {
    title: { ja: '日払い・クイックペイ', en: 'Daily pay and quick pay' },
    body: {
      ja: '日払いの仕事なら働いた分をすぐに。月払いの仕事でも、会社が対応していれば働いた分の一部を給料日前に受け取れます。',
      en: 'Daily jobs pay for the day you worked. On monthly-paid jobs, if your company offers it, you can receive part of what you have earned before payday.',
    },
  },
  {
    title: { ja: '会社と直接チャット', en: 'Chat with the company' },
    body: {
      ja: '勤務地への行き方、持ち物、急な遅刻や欠勤の連絡まで、担当者とチャットで気軽にやりとりできます。',
      en: 'Ask about directions, what to bring, or let them know you are running late: message the person in charge directly.',
    },
  },
];

const FOR_COMPANIES: readonly Item[] = [
  {
    title: { ja: '応募者パイプライン', en: 'Candidate pipelines' },
    body: {
      ja: '応募・確認・出勤の3つのリストで、候補者の状況がリアルタイムに更新されます。対応漏れを防ぎ、チームで同じ画面を見て動けます。',
      en: 'Three live lists (candidates, confirmation and attendance) update in real time, so nobody is missed and the whole team works from the same view.',
    },
  },
  {
    title: { ja: 'シフト管理', en: 'Shifts' },
    body: {
      ja: '日ごとのシフトを作成して人を割り当て、出勤状況を確認できます。在留資格の就労時間の上限にも配慮できます。',
      en: 'Create daily shifts, assign people and follow attendance, with the working-hour limits of each residence status in view.',
    },
  },
  {
    title: { ja: 'チャット', en: 'Chat' },
    body: {
      ja: '候補者やスタッフとのチャットは、求人やシフトに紐づいて残ります。未読の通知で返信漏れを防ぎます。',
      en: 'Conversations with candidates and workers stay linked to the job and the shift, and unread badges make sure every message gets an answer.',
    },
  },
  {
    title: { ja: '給与・請求', en: 'Payroll and billing' },
    body: {
      ja: '日払い・月払い・クイックペイの給与計算から、取引先への請求書の作成まで、ひとつの管理画面で行えます。',
      en: 'Daily, monthly and quick-pay salaries and invoices to your clients, all handled in the same back office.',
    },
  },
];

/** The home page (/): hero, calls to action, how it works, features for workers and companies. */
export function HomePage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);
  const other = otherLang(lang);
  const tagline: Text = {
    ja: '外国人スタッフと、日本の仕事をつなぐ。',
    en: 'We connect foreign staff with employment opportunities.',
  };

  return (
    <div className="page page-home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <p className="hero-eyebrow">
            Tsunagu <span lang="ja">つなぐ</span>
          </p>
          <h1 id="hero-title">{t(tagline)}</h1>
          <p className="hero-alt" lang={other}>
            {tr(other, tagline)}
          </p>
          <p className="hero-lead">
            {t({
              ja: '日払い・スポットの仕事からアルバイトまで。在留資格に合った仕事を見つけて、会社と直接チャットし、働いた分の給与をすばやく受け取れます。',
              en: 'From one-day spot work to regular part-time jobs: find work that fits your residence status, chat directly with the company and get paid quickly for the work you do.',
            })}
          </p>
          <div className="cta-group">
            <a className="button button-primary button-large" href="/daily">
              {t({ ja: '日払いの仕事を探す', en: 'Find daily work' })}
            </a>
            <a className="button button-secondary button-large" href="/part-time">
              {t({ ja: 'アルバイトを探す', en: 'Find part-time jobs' })}
            </a>
          </div>
          <p className="hero-company">
            {t({ ja: '人材会社・企業の方は', en: 'Staffing company or employer?' })} <a href="/v3/trial">{t({ ja: '無料トライアルのお申し込みへ', en: 'Start a free trial' })}</a>
          </p>
        </div>
      </section>

      <Section lang={lang} id="how-title" title={{ ja: 'ご利用の流れ', en: 'How it works' }}>
        <Steps lang={lang} steps={STEPS} />
      </Section>

      <Section
        lang={lang}
        id="staff-title"
        tinted
        title={{ ja: '働きたい外国人スタッフの方へ', en: 'For foreign staff' }}
        lead={{
          ja: '登録も利用も無料です。日本で安心して働けるよう、仕事探しから給与の受け取りまでサポートします。',
          en: 'Free to join and free to use. We support you from finding a job to receiving your pay, so you can work in Japan with confidence.',
        }}
      >
        <CardGrid lang={lang} items={FOR_STAFF} />
        <p className="section-more">
          <a href="/staff">{t({ ja: '登録・応募の方法と在留資格について', en: 'How to register, apply, and which visas qualify' })}</a>
        </p>
      </Section>

      <Section
        lang={lang}
        id="company-title"
        title={{ ja: '人材会社・企業の方へ', en: 'For staffing companies' }}
        lead={{
          ja: '求人の掲載から採用、シフト、給与、請求まで。外国人スタッフの採用と管理に必要な業務を、ひとつのプラットフォームにまとめました。',
          en: 'Publishing jobs, hiring, shifts, payroll and billing: everything you need to recruit and manage foreign staff, on one platform.',
        }}
      >
        <CardGrid lang={lang} items={FOR_COMPANIES} />
        <div className="cta-band">
          <p>
            {t({
              ja: 'まずは無料トライアルで、実際の管理画面をお試しください。',
              en: 'See the back office for yourself with a free trial.',
            })}
          </p>
          <a className="button button-primary" href="/v3/trial">
            {t({ ja: '企業の方はこちら', en: 'For companies' })}
          </a>
        </div>
      </Section>
    </div>
  );
}

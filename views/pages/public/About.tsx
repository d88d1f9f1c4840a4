import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { CardGrid, PageHeader, Section, type Item } from './sections.tsx';

const WHAT: readonly Item[] = [
  {
    title: { ja: '仕事を探す人に', en: 'For people looking for work' },
    body: {
      ja: '日払い・スポットの仕事とアルバイトを掲載し、在留資格に合った仕事への応募、会社とのチャット、シフトと給与の確認までを日本語と英語で提供します。',
      en: 'We list daily spot work and part-time jobs, and let you apply to jobs that fit your residence status, chat with the company and follow your shifts and pay, in Japanese and English.',
    },
  },
  {
    title: { ja: '人材会社に', en: 'For staffing companies' },
    body: {
      ja: '求人の掲載、応募者の選考、在留カードの確認、シフト、給与計算、取引先への請求まで、外国人スタッフの採用と管理に必要な業務をひとつにまとめます。',
      en: 'Publishing jobs, screening applicants, checking residence cards, shifts, payroll and invoicing clients: everything needed to hire and manage foreign staff, in one place.',
    },
  },
  {
    title: { ja: '受け入れ先の企業に', en: 'For client businesses' },
    body: {
      ja: '人材会社から受け入れるスタッフのシフトや出勤状況を確認し、必要な人数をすばやく確保できます。',
      en: 'Businesses that take on staff through a staffing company can follow shifts and attendance and quickly find the people they need.',
    },
  },
];

const VALUES: readonly Item[] = [
  {
    title: { ja: 'わかる言葉で', en: 'In a language you understand' },
    body: {
      ja: '労働条件や手続きは、理解できる言葉で確認できるべきだと考えています。',
      en: 'Everyone should be able to read their working conditions and procedures in a language they understand.',
    },
  },
  {
    title: { ja: 'ルールを守って', en: 'Within the rules' },
    body: {
      ja: '在留資格ごとに認められた範囲で働けるよう、仕事の紹介とシフトの両方で確認します。',
      en: 'We check both job matching and shifts so that everyone works within what their residence status allows.',
    },
  },
  {
    title: { ja: 'すばやく、確実に', en: 'Quick and reliable' },
    body: {
      ja: '働いた分の給与が、約束どおり、わかりやすく支払われる仕組みをつくります。',
      en: 'Wages for work done should be paid as agreed, clearly and on time.',
    },
  },
];

/** /about: mission, what the platform does, service information and how to reach us. */
export function AboutPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);

  return (
    <div className="page page-about">
      <PageHeader
        lang={lang}
        title={{ ja: 'つなぐについて', en: 'About Tsunagu' }}
        lead={{
          ja: '「つなぐ」は、日本で働きたい外国人スタッフと、人手を必要とする仕事をつなぐ求人・人材マッチングのプラットフォームです。',
          en: 'Tsunagu (つなぐ, “to connect”) is a job-matching and staffing platform that connects foreign staff who want to work in Japan with the jobs that need them.',
        }}
      />

      <Section lang={lang} id="mission-title" prose title={{ ja: 'ミッション', en: 'Our mission' }}>
        <p className="mission">
          {t({
            ja: '日本で働くすべての人が、国籍や言葉の壁に左右されず、安心して力を発揮できる社会をつくる。',
            en: 'To build a society where everyone working in Japan can use their abilities with confidence, whatever their nationality or language.',
          })}
        </p>
        <p>
          {t({
            ja: '日本では多くの職場が人手不足に悩む一方で、働く意欲のある外国人の方が、言葉や手続きの壁のために仕事にたどり着けないことがあります。つなぐは、仕事探しから採用、日々の勤務、給与の受け取りまでをひとつの流れにすることで、その間にある壁を低くします。',
            en: 'Many workplaces in Japan are short of staff, while many people from abroad who want to work never reach those jobs because of language and paperwork. Tsunagu turns job search, hiring, daily work and getting paid into one continuous flow, lowering the barriers in between.',
          })}
        </p>
      </Section>

      <Section lang={lang} id="what-title" tinted title={{ ja: 'つなぐがしていること', en: 'What the platform does' }}>
        <CardGrid lang={lang} items={WHAT} />
      </Section>

      <Section lang={lang} id="values-title" title={{ ja: '大切にしていること', en: 'What we care about' }}>
        <CardGrid lang={lang} items={VALUES} />
      </Section>

      <Section lang={lang} id="info-title" tinted title={{ ja: 'サービス概要', en: 'Service information' }}>
        <dl className="info-table">
          <div>
            <dt>{t({ ja: 'サービス名', en: 'Service name' })}</dt>
            <dd>
              Tsunagu（<span lang="ja">つなぐ</span>）
            </dd>
          </div>
          <div>
            <dt>{t({ ja: '内容', en: 'What it is' })}</dt>
            <dd>
              {t({
                ja: '外国人スタッフ向け求人・人材マッチング、人材会社向け業務管理（採用・シフト・チャット・給与・請求）',
                en: 'Job matching for foreign staff; back office for staffing companies (hiring, shifts, chat, payroll, billing)',
              })}
            </dd>
          </div>
          <div>
            <dt>{t({ ja: '対象', en: 'Who it is for' })}</dt>
            <dd>
              {t({
                ja: '日本で働きたい外国人の方、人材会社、受け入れ先の企業',
                en: 'People from abroad who want to work in Japan, staffing companies and the businesses they serve',
              })}
            </dd>
          </div>
          <div>
            <dt>{t({ ja: '対応言語', en: 'Languages' })}</dt>
            <dd>{t({ ja: '日本語、英語', en: 'Japanese, English' })}</dd>
          </div>
          <div>
            <dt>{t({ ja: '利用料金', en: 'Fees' })}</dt>
            <dd>
              {t({
                ja: '働く方は無料。企業の方は無料トライアルをご用意しています。',
                en: 'Free for workers. Companies can start with a free trial.',
              })}
            </dd>
          </div>
          <div>
            <dt>{t({ ja: 'お問い合わせ', en: 'Contact' })}</dt>
            <dd>
              <a href="/staff/contact">{t({ ja: 'お問い合わせフォーム', en: 'Contact form' })}</a>
            </dd>
          </div>
        </dl>
        <p className="section-more">
          {t({
            ja: '取材・提携などのご相談も、お問い合わせフォームからご連絡ください。',
            en: 'For press or partnership enquiries, please also use the contact form.',
          })}{' '}
          <a href="/staff/contact">{t({ ja: 'お問い合わせ', en: 'Contact us' })}</a>
        </p>
      </Section>
    </div>
  );
}

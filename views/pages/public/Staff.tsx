import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { CardGrid, ContactButton, CtaBand, PageHeader, Section, Steps, type Item } from './sections.tsx';

type Visa = { name: string; en: string; rule: Text; permission: boolean };

const STEPS: readonly Item[] = [
  {
    title: { ja: '仕事を探す', en: 'Find a job' },
    body: {
      ja: '「日払い・スポット」または「アルバイト」のページで求人を探します。勤務地、時給、日付、必要な日本語レベル、対象の在留資格を確認してください。',
      en: 'Browse the Daily jobs or Part-time jobs pages. Check the location, pay, date, required Japanese level and the residence statuses each job accepts.',
    },
  },
  {
    title: { ja: '応募する', en: 'Apply' },
    body: {
      ja: '求人ページから応募し、名前・連絡先・在留資格を入力します。その求人を担当する会社に応募内容が届きます。',
      en: 'Apply from the job page with your name, contact details and residence status. Your application goes to the company in charge of that job.',
    },
  },
  {
    title: { ja: '会社とやりとりして登録', en: 'Talk with the company and register' },
    body: {
      ja: '会社からチャットや電話で連絡があります。面接や在留カードの確認を経て採用が決まると、会社があなたのアカウントを登録し、ログイン方法を案内します。',
      en: 'The company contacts you by chat or phone. After an interview and a residence card check, the company registers your account and tells you how to log in.',
    },
  },
  {
    title: { ja: '働く', en: 'Start working' },
    body: {
      ja: 'ログインするとシフト、会社とのチャット、給与明細を確認できます。わからないことがあれば、いつでも担当者に聞いてください。',
      en: 'Once logged in you can see your shifts, chat with the company and check your pay statements. If anything is unclear, ask the person in charge at any time.',
    },
  },
];

const VISAS: readonly Visa[] = [
  {
    name: '特定技能',
    en: 'Specified Skilled Worker',
    permission: false,
    rule: {
      ja: '指定された分野の仕事に就けます。分野外の仕事はできないため、あなたの分野に合った求人だけを紹介します。',
      en: 'You may work in the industry field you were designated for. Work outside that field is not allowed, so we only match jobs in your field.',
    },
  },
  {
    name: '技術・人文知識・国際業務',
    en: 'Engineer / Specialist in Humanities / International Services',
    permission: false,
    rule: {
      ja: '専門知識や学歴・職歴に関係する仕事に就けます。単純作業が中心の仕事は原則として対象外です。',
      en: 'You may do work related to your expertise, studies or career. Jobs made up mainly of simple manual tasks are generally not allowed.',
    },
  },
  {
    name: '留学',
    en: 'Student',
    permission: true,
    rule: {
      ja: '資格外活動許可があれば、すべてのアルバイトを合わせて週28時間まで働けます。学校の長期休業期間中は1日8時間まで働けます。風俗営業などの仕事はできません。',
      en: 'With permission to engage in activities outside your status, you may work up to 28 hours a week in total across all jobs, and up to 8 hours a day during your school’s long vacations. Work at adult entertainment businesses is never allowed.',
    },
  },
  {
    name: '家族滞在',
    en: 'Dependent',
    permission: true,
    rule: {
      ja: '資格外活動許可があれば、週28時間まで働けます。',
      en: 'With permission to engage in activities outside your status, you may work up to 28 hours a week.',
    },
  },
  {
    name: '永住者',
    en: 'Permanent Resident',
    permission: false,
    rule: { ja: '仕事の種類や時間に制限はありません。', en: 'No restrictions on the type of work or working hours.' },
  },
  {
    name: '定住者',
    en: 'Long-Term Resident',
    permission: false,
    rule: { ja: '仕事の種類や時間に制限はありません。', en: 'No restrictions on the type of work or working hours.' },
  },
  {
    name: '日本人の配偶者等',
    en: 'Spouse or Child of Japanese National',
    permission: false,
    rule: { ja: '仕事の種類や時間に制限はありません。', en: 'No restrictions on the type of work or working hours.' },
  },
];

const DOCUMENTS: readonly Item[] = [
  {
    title: { ja: '在留カード（必須）', en: 'Residence card (在留カード, required)' },
    body: {
      ja: '表面と裏面の両方を確認します。有効期限が切れていないか確認してください。',
      en: 'Both the front and the back are checked. Make sure it has not expired.',
    },
  },
  {
    title: { ja: '資格外活動許可（留学・家族滞在の方）', en: 'Work permission (Student and Dependent statuses)' },
    body: {
      ja: '在留カード裏面の「資格外活動許可欄」の記載、または資格外活動許可書が必要です。',
      en: 'The permission is shown in the field on the back of your residence card, or on a separate permission certificate.',
    },
  },
  {
    title: { ja: '給与の振込先口座', en: 'Bank account for your pay' },
    body: {
      ja: '給与は日本の銀行口座に振り込まれます。口座名義はご本人のものに限ります。',
      en: 'Wages are paid into a bank account in Japan, held in your own name.',
    },
  },
  {
    title: { ja: 'マイナンバー（求められた場合）', en: 'My Number (if requested)' },
    body: {
      ja: '税金や社会保険の手続きのため、雇用する会社から提出を求められることがあります。',
      en: 'Your employer may ask for it for tax and social insurance procedures.',
    },
  },
];

/** /staff: the page for foreign staff — how to register and apply, visa statuses, documents. */
export function StaffPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);

  return (
    <div className="page page-staff">
      <PageHeader
        lang={lang}
        title={{ ja: '働きたい外国人スタッフの方へ', en: 'For foreign staff' }}
        lead={{
          ja: 'つなぐは、日本で働きたい外国人の方と仕事をつなぐサービスです。登録も利用も無料です。応募の方法、働ける在留資格、必要な書類をまとめました。',
          en: 'Tsunagu connects people from abroad with jobs in Japan. It is free to join and free to use. Here is how to apply, which residence statuses allow you to work, and which documents you need.',
        }}
      />

      <Section lang={lang} id="apply-title" title={{ ja: '登録と応募の流れ', en: 'How to register and apply' }}>
        <Steps lang={lang} steps={STEPS} />
        <div className="cta-group">
          <a className="button button-primary" href="/daily">
            {t({ ja: '日払いの仕事を見る', en: 'See daily jobs' })}
          </a>
          <a className="button button-secondary" href="/part-time">
            {t({ ja: 'アルバイトを見る', en: 'See part-time jobs' })}
          </a>
        </div>
      </Section>

      <Section
        lang={lang}
        id="visa-title"
        tinted
        title={{ ja: '働ける在留資格', en: 'Residence statuses that allow work' }}
        lead={{
          ja: '働ける仕事の種類と時間は、在留資格によって決まっています。求人はあなたの在留資格に合わせて紹介します。',
          en: 'Your residence status decides which work you may do and for how long. We match jobs to your status.',
        }}
      >
        <ul className="visa-list">
          {VISAS.map((visa) => (
            <li className="card visa-card" key={visa.en}>
              <h3>
                <span lang="ja">{visa.name}</span>
                {/* The status's legal name is Japanese; English pages add its English name. */}
                {lang === 'en' && <span className="visa-en"> ({visa.en})</span>}
              </h3>
              {visa.permission ? <p className="badge badge-warning">{t({ ja: '資格外活動許可が必要', en: 'Work permission (資格外活動許可) required' })}</p> : null}
              <p>{t(visa.rule)}</p>
            </li>
          ))}
        </ul>
        <div className="note" role="note">
          <p>
            {t({
              ja: '週28時間の上限は、掛け持ちしているすべての仕事の合計です。上限を超えて働くと、在留資格の更新ができなくなるなど重大な影響があります。わからない場合は、応募の前にご相談ください。',
              en: 'The 28-hour weekly limit counts all of your jobs together. Working beyond it can have serious consequences, such as not being able to renew your residence status. If you are unsure, ask us before you apply.',
            })}
          </p>
        </div>
      </Section>

      <Section lang={lang} id="docs-title" title={{ ja: '必要な書類', en: 'Documents you need' }}>
        <CardGrid lang={lang} items={DOCUMENTS} />
      </Section>

      <CtaBand
        lang={lang}
        id="help-title"
        tinted
        title={{ ja: '困ったときは', en: 'Need help?' }}
        body={{
          ja: '仕事探し、在留資格、給与のことなど、日本語または英語でお気軽にお問い合わせください。',
          en: 'Questions about finding work, your residence status or your pay? Write to us in Japanese or English.',
        }}
      >
        <ContactButton lang={lang} />
      </CtaBand>
    </div>
  );
}

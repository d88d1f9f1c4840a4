import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { ContactButton, CtaBand, PageHeader, Section } from './sections.tsx';

type Question = { id: string; q: Text; a: Text[]; link?: { href: string; label: Text } };
type Group = { id: string; title: Text; questions: Question[] };

const GROUPS: readonly Group[] = [
  {
    id: 'workers',
    title: { ja: '働く方へ', en: 'For workers' },
    questions: [
      {
        id: 'work-permission',
        q: { ja: '自分の在留資格で働けますか？', en: 'Can I work with my residence status?' },
        a: [
          {
            ja: '永住者・定住者・日本人の配偶者等の方は、仕事の種類や時間に制限なく働けます。特定技能や技術・人文知識・国際業務の方は、認められた分野・内容の仕事に限られます。',
            en: 'Permanent residents, long-term residents and spouses or children of Japanese nationals can work without limits on the type of work or hours. Specified Skilled Workers and Engineer / Specialist in Humanities / International Services holders may only do work within their permitted field.',
          },
          {
            ja: '留学・家族滞在の方は、資格外活動許可を受けていれば週28時間まで働けます（留学の方は、学校の長期休業期間中は1日8時間まで）。この時間は掛け持ちしているすべての仕事の合計です。',
            en: 'Students and dependents may work up to 28 hours a week once they have permission to engage in activities outside their status (students: up to 8 hours a day during their school’s long vacations). The limit covers all of your jobs together.',
          },
        ],
        link: { href: '/staff', label: { ja: '在留資格について詳しく', en: 'More about residence statuses' } },
      },
      {
        id: 'fees',
        q: { ja: '利用料金はかかりますか？', en: 'Do I have to pay to use Tsunagu?' },
        a: [
          {
            ja: '働く方の登録・応募・アプリの利用はすべて無料です。仕事の紹介を理由にお金を請求されることはありません。もし請求された場合は、支払わずにお問い合わせください。',
            en: 'No. Registering, applying and using the app are all free for workers. Nobody will ask you for money in exchange for a job. If someone does, do not pay and contact us.',
          },
        ],
      },
      {
        id: 'pay',
        q: { ja: '給与はどのように支払われますか？', en: 'How am I paid?' },
        a: [
          {
            ja: '給与は、あなたを雇用する会社から、求人に書かれた条件（日払い・週払い・月払いなど）に従って、ご本人名義の日本の銀行口座に振り込まれます。支払われた金額や控除は、給与明細で確認できます。',
            en: 'Your employer pays your wages into a Japanese bank account in your own name, on the schedule stated in the job listing (daily, weekly, monthly and so on). You can check every amount and deduction on your pay statement.',
          },
        ],
      },
      {
        id: 'quick-pay',
        q: { ja: 'クイックペイとは何ですか？', en: 'What is quick pay?' },
        a: [
          {
            ja: 'すでに働いた分の給与の一部を、給料日より前に受け取れる仕組みです。利用できるかどうか、申請できる金額や条件は雇用する会社によって異なり、申請前にアプリ上で確認できます。',
            en: 'Quick pay lets you receive part of the wages you have already earned before the regular payday. Whether it is available, how much you can request and under what conditions depend on your employer, and are shown in the app before you confirm.',
          },
        ],
      },
      {
        id: 'languages',
        q: { ja: 'どの言語で使えますか？', en: 'Which languages can I use?' },
        a: [
          {
            ja: 'サイトとアプリは日本語と英語に対応しています。画面上部の「English」からいつでも切り替えられます。求人の内容は、掲載した会社が書いた言語で表示されます。',
            en: 'The site and the app are available in Japanese and English; switch at any time with the “日本語” link at the top of the page. Job descriptions are shown in the language the company wrote them in.',
          },
        ],
      },
      {
        id: 'documents',
        q: { ja: '応募に必要な書類は何ですか？', en: 'Which documents do I need?' },
        a: [
          {
            ja: '在留カードが必要です。留学・家族滞在の方は、資格外活動許可も確認します。採用後は、給与の振込先口座などの提出を会社から求められます。',
            en: 'You need your residence card. For Student and Dependent statuses, your work permission is checked too. Once hired, your employer will ask for details such as the bank account for your pay.',
          },
        ],
      },
      {
        id: 'contact',
        q: { ja: '困ったときはどこに連絡すればいいですか？', en: 'Who do I contact if I have a problem?' },
        a: [
          {
            ja: '勤務やシフトのことは、まず会社の担当者にチャットでご相談ください。それ以外のことや、会社に相談しにくいことは、お問い合わせフォームから日本語または英語でご連絡ください。',
            en: 'For questions about your work or shifts, first message the person in charge at your company. For anything else, or anything you would rather not raise with your company, write to us through the contact form in Japanese or English.',
          },
        ],
        link: { href: '/staff/contact', label: { ja: 'お問い合わせフォーム', en: 'Contact form' } },
      },
      {
        id: 'password',
        q: { ja: 'パスワードを忘れました。', en: 'I forgot my password.' },
        a: [
          {
            ja: 'パスワード再設定のページでメールアドレスを入力すると、再設定用のリンクをお送りします。リンクの有効期限は1時間です。',
            en: 'Enter your email address on the password reset page and we will send you a link to set a new one. The link is valid for 1 hour.',
          },
        ],
        link: { href: '/forget-password', label: { ja: 'パスワードを再設定する', en: 'Reset your password' } },
      },
      {
        id: 'delete-account',
        q: { ja: 'アカウントを削除できますか？', en: 'Can I delete my account?' },
        a: [
          {
            ja: 'はい。お問い合わせフォームで「その他」を選び、アカウントの削除をご希望の旨をお知らせください。ご本人確認のうえ、アカウントと個人情報を削除します。ただし、給与や雇用の記録など、法律で保存が義務付けられている情報は、定められた期間保存されます。',
            en: 'Yes. Choose “Other” on the contact form and tell us you want your account deleted. After confirming your identity we delete your account and personal data, except records the law requires us or your employer to keep for a set period, such as payroll and employment records.',
          },
        ],
        link: { href: '/policy', label: { ja: 'プライバシーポリシー', en: 'Privacy policy' } },
      },
    ],
  },
  {
    id: 'companies',
    title: { ja: '企業の方へ', en: 'For companies' },
    questions: [
      {
        id: 'trial',
        q: { ja: '無料トライアルはありますか？', en: 'Is there a free trial?' },
        a: [
          {
            ja: 'はい。無料トライアルのページからお申し込みいただくと、担当者からご連絡し、トライアル用の管理画面をご用意します。求人の掲載からシフト、チャット、給与、請求まで、実際の機能をお試しいただけます。',
            en: 'Yes. Apply on the free trial page and we will get in touch and set up a trial back office for you, so you can try the real features: publishing jobs, shifts, chat, payroll and billing.',
          },
        ],
        link: { href: '/v3/trial', label: { ja: '無料トライアルに申し込む', en: 'Apply for a free trial' } },
      },
      {
        id: 'clients',
        q: { ja: '取引先の企業も使えますか？', en: 'Can our client businesses use it too?' },
        a: [
          {
            ja: 'はい。取引先ごとにアカウントを発行し、見せる画面を権限で細かく設定できます。取引先は自社に関係するシフトや出勤状況だけを確認できます。',
            en: 'Yes. You can create accounts for each client and control in detail which screens they see. Clients only see the shifts and attendance that concern them.',
          },
        ],
      },
    ],
  },
];

/** /faq: frequently asked questions, as `<details>` disclosures grouped for workers and companies. */
export function FaqPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);

  return (
    <div className="page page-faq">
      <PageHeader
        lang={lang}
        title={{ ja: 'よくある質問', en: 'Frequently asked questions' }}
        lead={{
          ja: '質問を選ぶと答えが表示されます。ここにない質問は、お問い合わせフォームからお気軽にどうぞ。',
          en: 'Select a question to see the answer. If your question is not here, just ask us through the contact form.',
        }}
      />

      {GROUPS.map((group) => (
        <Section lang={lang} id={`faq-${group.id}`} prose title={group.title} key={group.id}>
          <div className="faq-list">
            {group.questions.map((question) => (
              <details className="faq-item" id={question.id} key={question.id}>
                <summary>{t(question.q)}</summary>
                <div className="faq-answer">
                  {question.a.map((paragraph) => (
                    <p key={paragraph.en}>{t(paragraph)}</p>
                  ))}
                  {question.link ? (
                    <p>
                      <a href={question.link.href}>{t(question.link.label)}</a>
                    </p>
                  ) : null}
                </div>
              </details>
            ))}
          </div>
        </Section>
      ))}

      <CtaBand
        lang={lang}
        id="faq-more"
        tinted
        title={{ ja: '解決しませんでしたか？', en: 'Still have a question?' }}
        body={{ ja: '日本語または英語でお問い合わせいただけます。', en: 'Write to us in Japanese or English.' }}
      >
        <ContactButton lang={lang} />
      </CtaBand>
    </div>
  );
}

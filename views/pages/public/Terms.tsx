import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../server/i18n.ts';

/** One article: a title, paragraphs, and optionally a list after the first paragraph. */
type Article = { title: Text; paragraphs: Text[]; items?: Text[] };

const ARTICLES: readonly Article[] = [
  {
    title: { ja: '適用', en: 'Scope' },
    paragraphs: [
      {
        ja: '本規約は、「Tsunagu（つなぐ）」（以下「本サービス」といいます）の運営者（以下「運営者」といいます）が提供する本サービスの利用条件を定めるものです。本サービスを利用するすべての方は、本規約に同意したうえで本サービスを利用するものとします。',
        en: 'These Terms set out the conditions for using Tsunagu (つなぐ) (the “Service”), provided by its operator (the “Operator”). Everyone who uses the Service does so on the basis of agreeing to these Terms.',
      },
    ],
  },
  {
    title: { ja: '定義', en: 'Definitions' },
    paragraphs: [{ ja: '本規約において、次の用語は以下の意味で使用します。', en: 'In these Terms the following words have the meanings below.' }],
    items: [
      { ja: '「利用者」：本サービスを利用するすべての方', en: '“User”: anyone who uses the Service' },
      { ja: '「スタッフ」：本サービスを通じて仕事を探し、または就業する方', en: '“Worker”: a User who looks for work or works through the Service' },
      {
        ja: '「企業」：本サービスを通じて求人を掲載し、スタッフを採用・管理する人材会社および受け入れ先企業ならびにその担当者',
        en: '“Company”: a staffing company or client business that publishes jobs and hires or manages Workers through the Service, and its staff',
      },
      { ja: '「アカウント」：本サービスを利用するために登録された利用者の識別情報', en: '“Account”: the identifying information registered for a User to use the Service' },
    ],
  },
  {
    title: { ja: 'アカウント', en: 'Accounts' },
    paragraphs: [
      {
        ja: '利用者は、真実かつ正確な情報を登録し、変更があった場合は速やかに更新するものとします。',
        en: 'Users must register true and accurate information and update it promptly when it changes.',
      },
      {
        ja: '利用者は、自己の責任でメールアドレスおよびパスワードを管理し、第三者に利用させてはなりません。アカウントが不正に利用されたおそれがある場合は、直ちにパスワードを変更し、運営者に連絡するものとします。',
        en: 'Users are responsible for keeping their email address and password safe and must not let anyone else use them. If an Account may have been used without permission, the User must change the password at once and inform the Operator.',
      },
    ],
  },
  {
    title: { ja: '料金', en: 'Fees' },
    paragraphs: [
      {
        ja: 'スタッフによる本サービスの利用は無料です。運営者および企業は、仕事の紹介を理由としてスタッフから料金を受け取りません。',
        en: 'Workers use the Service free of charge. Neither the Operator nor any Company may charge a Worker for introducing a job.',
      },
      {
        ja: '企業の利用料金および支払条件は、運営者と企業との間で別途締結する契約に定めるところによります。',
        en: 'Fees and payment terms for Companies are set out in a separate contract between the Operator and the Company.',
      },
    ],
  },
  {
    title: { ja: '求人および雇用契約', en: 'Jobs and employment contracts' },
    paragraphs: [
      {
        ja: '求人の内容は、掲載した企業が自己の責任で作成するものとし、企業は労働条件を正確かつ明確に示すものとします。',
        en: 'Companies write their job listings under their own responsibility and must state working conditions accurately and clearly.',
      },
      {
        ja: '雇用契約は、スタッフと雇用する企業との間で締結されます。運営者は雇用契約の当事者ではなく、賃金の支払義務は雇用する企業が負います。',
        en: 'Employment contracts are made between the Worker and the employing Company. The Operator is not a party to them, and the employing Company is responsible for paying wages.',
      },
    ],
  },
  {
    title: { ja: '在留資格の遵守', en: 'Residence status compliance' },
    paragraphs: [
      {
        ja: 'スタッフは、自己の在留資格および資格外活動許可の範囲内でのみ就労するものとし、在留資格に関して虚偽の申告をしてはなりません。',
        en: 'Workers may only work within what their residence status and any work permission allow, and must not give false information about their status.',
      },
      {
        ja: '企業は、出入国管理及び難民認定法その他の法令に従い、在留カードにより就労の可否を確認し、認められた範囲を超えて就労させてはなりません。',
        en: 'Companies must, in line with the Immigration Control and Refugee Recognition Act and other laws, check each Worker’s right to work using their residence card, and must not have anyone work beyond what is permitted.',
      },
    ],
  },
  {
    title: { ja: '禁止事項', en: 'Prohibited conduct' },
    paragraphs: [{ ja: '利用者は、次の行為をしてはなりません。', en: 'Users must not:' }],
    items: [
      { ja: '法令または公序良俗に違反する行為', en: 'break the law or act against public order and morals' },
      { ja: '虚偽の情報を登録し、または掲載する行為', en: 'register or publish false information' },
      { ja: '他の利用者に対する嫌がらせ、差別、脅迫その他の迷惑行為', en: 'harass, discriminate against, threaten or otherwise trouble other Users' },
      { ja: '他の利用者の個人情報を、本サービスの目的以外に利用する行為', en: 'use other Users’ personal information for purposes other than the Service' },
      { ja: '本サービスのサーバーやネットワークに過度の負荷をかけ、またはその運営を妨げる行為', en: 'overload the Service’s servers or network or otherwise interfere with its operation' },
      { ja: '不正アクセス、または他人のアカウントを利用する行為', en: 'gain unauthorised access or use another person’s Account' },
    ],
  },
  {
    title: { ja: 'サービスの変更・停止', en: 'Changes to and suspension of the Service' },
    paragraphs: [
      {
        ja: '運営者は、保守、障害対応その他やむを得ない事由がある場合、事前の通知なく本サービスの全部または一部を変更し、または一時的に停止することがあります。',
        en: 'The Operator may change or temporarily suspend all or part of the Service without prior notice for maintenance, to deal with failures or for other unavoidable reasons.',
      },
    ],
  },
  {
    title: { ja: '利用停止およびアカウントの削除', en: 'Suspension and deletion of Accounts' },
    paragraphs: [
      {
        ja: '運営者は、利用者が本規約に違反した場合、事前の通知なくアカウントの利用を停止し、または削除することができます。',
        en: 'If a User breaches these Terms, the Operator may suspend or delete their Account without prior notice.',
      },
      {
        ja: '利用者は、お問い合わせフォームから申し出ることにより、いつでもアカウントの削除を求めることができます。',
        en: 'Users may ask for their Account to be deleted at any time through the contact form.',
      },
    ],
  },
  {
    title: { ja: '免責', en: 'Disclaimer' },
    paragraphs: [
      {
        ja: '運営者は、求人の内容、採用の成否および利用者間の取引について保証しません。ただし、運営者の故意または重大な過失による損害については、この限りではありません。',
        en: 'The Operator does not guarantee the content of job listings, the outcome of any application or dealings between Users, except for damage caused by the Operator’s wilful misconduct or gross negligence.',
      },
      {
        ja: '前項の規定は、消費者契約法その他の法令により運営者の責任が認められる場合には、その法令の定める範囲で適用されません。',
        en: 'The previous paragraph does not apply to the extent that the Consumer Contract Act or other laws make the Operator liable.',
      },
    ],
  },
  {
    title: { ja: '個人情報の取扱い', en: 'Personal information' },
    paragraphs: [
      {
        ja: '運営者は、利用者の個人情報を、別に定めるプライバシーポリシーに従って取り扱います。',
        en: 'The Operator handles Users’ personal information in accordance with its separate Privacy Policy.',
      },
    ],
  },
  {
    title: { ja: '規約の変更', en: 'Changes to these Terms' },
    paragraphs: [
      {
        ja: '運営者は、民法の定めに従い本規約を変更することがあります。変更する場合は、変更後の内容と効力発生日を、効力発生日の相当期間前までに本サービス上でお知らせします。',
        en: 'The Operator may change these Terms as permitted by the Civil Code. It will announce the revised Terms and the date they take effect on the Service a reasonable time before that date.',
      },
    ],
  },
  {
    title: { ja: '準拠法および管轄裁判所', en: 'Governing law and jurisdiction' },
    paragraphs: [
      {
        ja: '本規約は日本法に準拠します。本サービスに関して紛争が生じた場合は、運営者の所在地を管轄する地方裁判所を第一審の専属的合意管轄裁判所とします。',
        en: 'These Terms are governed by the laws of Japan. Any dispute concerning the Service is subject to the exclusive jurisdiction, in the first instance, of the district court with jurisdiction over the Operator’s place of business.',
      },
      {
        ja: '本規約は日本語版と英語版があります。両者の内容に相違がある場合は、日本語版が優先します。',
        en: 'These Terms are provided in Japanese and English. If the two versions differ, the Japanese version prevails.',
      },
    ],
  },
];

const TERMS_DATE = '2026-11-01';

/** /terms: the terms of use, in numbered articles with a table of contents. */
export function TermsPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);
  const heading = (index: number, title: Text) =>
    lang === 'ja' ? `第${index + 1}条（${title.ja}）` : `Article ${index + 1} (${title.en})`;

  return (
    <div className="page page-legal">
      <div className="container prose legal">
        <header className="page-header-plain">
          <h1>{t({ ja: '利用規約', en: 'Terms of use' })}</h1>
          <p className="legal-date">
            {t({ ja: '制定日：', en: 'Effective: ' })}
            <time dateTime={TERMS_DATE}>{t({ ja: '2026年11月1日', en: 'November 1, 2026' })}</time>
          </p>
        </header>

        <nav className="toc" aria-label={t({ ja: '目次', en: 'Contents' })}>
          <ol>
            {ARTICLES.map((article, index) => (
              <li key={article.title.en}>
                <a href={`#article-${index + 1}`}>{heading(index, article.title)}</a>
              </li>
            ))}
          </ol>
        </nav>

        {ARTICLES.map((article, index) => (
          <section className="legal-article" id={`article-${index + 1}`} key={article.title.en} aria-labelledby={`article-${index + 1}-title`}>
            <h2 id={`article-${index + 1}-title`}>{heading(index, article.title)}</h2>
            {article.paragraphs.map((paragraph, p) => (
              <div key={paragraph.en}>
                <p>
                  {article.paragraphs.length > 1 ? <span className="clause-number">{p + 1}. </span> : null}
                  {t(paragraph)}
                </p>
                {p === 0 && article.items ? (
                  <ol className="legal-items">
                    {article.items.map((item) => (
                      <li key={item.en}>{t(item)}</li>
                    ))}
                  </ol>
                ) : null}
              </div>
            ))}
          </section>
        ))}

        <p className="legal-contact">
          {t({ ja: '関連：', en: 'See also: ' })}
          <a href="/policy">{t({ ja: 'プライバシーポリシー', en: 'Privacy policy' })}</a>
          {' · '}
          <a href="/staff/contact">{t({ ja: 'お問い合わせ', en: 'Contact us' })}</a>
        </p>
      </div>
    </div>
  );
}

/** The articles as data, for the published version the seed writes (modules/templates/defaults.ts). */
export { ARTICLES as TERMS_ARTICLES, type Article as LegalArticle };

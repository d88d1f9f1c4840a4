import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../server/i18n.ts';

/** One article: a title, paragraphs, and optionally a list after the first paragraph. */
type Article = { title: Text; paragraphs: Text[]; items?: Text[] };

const ARTICLES: readonly Article[] = [
  {
    title: { ja: '総則', en: 'General' },
    paragraphs: [
      {
        ja: '本サービス「Tsunagu（つなぐ）」の運営者（以下「運営者」といいます）は、個人情報の保護に関する法律（以下「個人情報保護法」といいます）その他の関係法令を遵守し、本サービスの利用者（求職者・就業者、人材会社、受け入れ先企業およびそれらの担当者をいいます。以下「利用者」といいます）の個人情報を、本ポリシーに従って適切に取り扱います。',
        en: 'The operator of the Tsunagu (つなぐ) service (the “Operator”) complies with the Act on the Protection of Personal Information (the “APPI”) and other applicable laws, and handles the personal information of the service’s users (job seekers and workers, staffing companies, client businesses and their staff; “Users”) in accordance with this Policy.',
      },
    ],
  },
  {
    title: { ja: '取得する情報', en: 'Information we collect' },
    paragraphs: [{ ja: '運営者は、次の情報を取得します。', en: 'The Operator collects the following information.' }],
    items: [
      { ja: '氏名、生年月日、性別、国籍、連絡先（メールアドレス、電話番号、住所）', en: 'Name, date of birth, gender, nationality and contact details (email address, phone number, address)' },
      {
        ja: '在留資格、在留期間、在留カード番号および在留カードの画像、資格外活動許可の有無',
        en: 'Residence status, period of stay, residence card number and images of the residence card, and whether you hold permission to engage in activities outside your status',
      },
      { ja: '職歴、学歴、日本語その他の語学力、保有資格、希望条件', en: 'Work history, education, Japanese and other language skills, qualifications and job preferences' },
      { ja: '応募、面接、シフト、勤怠、給与および請求に関する情報', en: 'Information on applications, interviews, shifts, attendance, wages and invoices' },
      { ja: '給与の振込先口座情報', en: 'Bank account details for the payment of wages' },
      { ja: 'チャットのメッセージその他本サービスを通じて送信された内容', en: 'Chat messages and other content sent through the service' },
      {
        ja: 'アクセス日時、IPアドレス、ブラウザの種類、Cookieに保存された情報などの利用記録',
        en: 'Usage records such as access times, IP addresses, browser type and information stored in cookies',
      },
    ],
  },
  {
    title: { ja: '利用目的', en: 'Purposes of use' },
    paragraphs: [
      { ja: '運営者は、取得した個人情報を次の目的で利用します。', en: 'The Operator uses personal information for the following purposes.' },
    ],
    items: [
      { ja: '本サービスの提供、本人確認およびアカウントの管理', en: 'Providing the service, verifying identity and managing accounts' },
      {
        ja: '求人の紹介、応募の取次ぎ、在留資格に応じた就労可否の確認',
        en: 'Introducing jobs, forwarding applications and checking whether work is permitted under the User’s residence status',
      },
      { ja: 'シフト、勤怠、給与、クイックペイおよび請求に関する処理', en: 'Processing shifts, attendance, wages, quick pay and invoices' },
      { ja: '利用者間のチャット、通知およびお問い合わせへの対応', en: 'Chat between Users, notifications and answering enquiries' },
      {
        ja: '不正利用の防止、安全の確保および利用規約違反への対応',
        en: 'Preventing misuse, keeping the service secure and responding to breaches of the Terms of Use',
      },
      {
        ja: '本サービスの改善および新機能の開発（個人を特定できない統計情報として利用します）',
        en: 'Improving the service and developing new features (using statistics that do not identify individuals)',
      },
    ],
  },
  {
    title: { ja: '第三者への提供', en: 'Provision to third parties' },
    paragraphs: [
      {
        ja: '運営者は、利用者が求人に応募した場合、その求人を取り扱う人材会社および受け入れ先企業に対し、選考と雇用に必要な範囲で個人情報を提供します。利用者は、応募の際にこれに同意するものとします。',
        en: 'When a User applies for a job, the Operator provides their personal information to the staffing company and client business handling that job, to the extent needed for selection and employment. By applying, the User consents to this.',
      },
      {
        ja: '前項のほか、運営者は、本人の同意がある場合または法令に基づく場合を除き、個人情報を第三者に提供しません。',
        en: 'Other than as described above, the Operator does not provide personal information to third parties without the person’s consent, except where required or permitted by law.',
      },
    ],
  },
  {
    title: { ja: '業務の委託', en: 'Outsourcing' },
    paragraphs: [
      {
        ja: '運営者は、サーバーの運用、メールの送信などの業務の全部または一部を外部に委託することがあります。この場合、委託先を適切に選定し、必要かつ適切な監督を行います。',
        en: 'The Operator may outsource all or part of its operations, such as server hosting and sending email. In that case it selects contractors carefully and supervises them as necessary and appropriate.',
      },
    ],
  },
  {
    title: { ja: '安全管理措置', en: 'Security measures' },
    paragraphs: [
      {
        ja: '運営者は、個人情報の漏えい、滅失または毀損を防ぐため、通信の暗号化、アクセス権限の管理、パスワードの暗号化保存その他の必要かつ適切な安全管理措置を講じます。人材会社・受け入れ先企業の担当者は、自社に関係する情報にのみアクセスできます。',
        en: 'To prevent the leakage, loss or damage of personal information, the Operator takes necessary and appropriate security measures, including encrypted connections, access control and storing passwords only in hashed form. Staff of staffing companies and client businesses can only access information that concerns their own organisation.',
      },
    ],
  },
  {
    title: { ja: 'Cookieの利用', en: 'Cookies' },
    paragraphs: [
      {
        ja: '本サービスは、ログイン状態の維持と、表示言語の記憶のためにCookieを使用します。広告を目的としたCookieは使用しません。ブラウザの設定でCookieを無効にした場合、ログインが必要な機能は利用できません。',
        en: 'The service uses cookies to keep you logged in and to remember your display language. It does not use advertising cookies. If you disable cookies in your browser, features that require logging in will not work.',
      },
    ],
  },
  {
    title: { ja: '開示・訂正・利用停止等の請求', en: 'Requests for disclosure, correction and deletion' },
    paragraphs: [
      {
        ja: '利用者は、個人情報保護法の定めに従い、自己の個人情報の開示、訂正、追加、削除、利用停止または第三者提供の停止を請求できます。請求はお問い合わせフォームから行ってください。運営者は、本人であることを確認したうえで、遅滞なく対応します。',
        en: 'Users may, as provided by the APPI, request the disclosure, correction, addition, deletion, suspension of use or suspension of third-party provision of their personal information. Please send requests through the contact form. The Operator responds without delay after confirming the requester’s identity.',
      },
    ],
  },
  {
    title: { ja: '保存期間', en: 'Retention' },
    paragraphs: [
      {
        ja: '運営者は、利用目的の達成に必要な期間、個人情報を保存します。アカウントの削除後は、法令により保存が義務付けられている情報（賃金台帳などの雇用に関する記録を含みます）を除き、速やかに削除します。',
        en: 'The Operator keeps personal information for as long as needed for the purposes of use. After an account is deleted, its information is promptly erased, except for information the law requires to be kept (including employment records such as wage ledgers).',
      },
    ],
  },
  {
    title: { ja: '本ポリシーの変更', en: 'Changes to this Policy' },
    paragraphs: [
      {
        ja: '運営者は、必要に応じて本ポリシーを変更することがあります。重要な変更を行う場合は、本サービス上でお知らせします。変更後のポリシーは、本ページに掲載した時点から効力を生じます。',
        en: 'The Operator may change this Policy when necessary and will announce important changes on the service. The revised Policy takes effect when it is published on this page.',
      },
    ],
  },
  {
    title: { ja: 'お問い合わせ窓口', en: 'Contact' },
    paragraphs: [
      {
        ja: '本ポリシーおよび個人情報の取扱いに関するお問い合わせは、お問い合わせフォームからご連絡ください。',
        en: 'For questions about this Policy or how your personal information is handled, please contact us through the contact form.',
      },
    ],
  },
];

const POLICY_DATE = '2026-11-01';

/** /policy: the privacy policy, in numbered articles with a table of contents. */
export function PolicyPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const t = (text: Text) => tr(lang, text);
  const heading = (index: number, title: Text) =>
    lang === 'ja' ? `第${index + 1}条（${title.ja}）` : `Article ${index + 1} (${title.en})`;

  return (
    <div className="page page-legal">
      <div className="container prose legal">
        <header className="page-header-plain">
          <h1>{t({ ja: 'プライバシーポリシー', en: 'Privacy policy' })}</h1>
          <p className="legal-date">
            {t({ ja: '制定日：', en: 'Effective: ' })}
            <time dateTime={POLICY_DATE}>{t({ ja: '2026年11月1日', en: 'November 1, 2026' })}</time>
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
          <a href="/staff/contact">{t({ ja: 'お問い合わせフォームへ', en: 'Go to the contact form' })}</a>
        </p>
      </div>
    </div>
  );
}

/** The articles as data, for the published version the seed writes (modules/templates/defaults.ts). */
export { ARTICLES as POLICY_ARTICLES, type Article as LegalArticle };

/**
 * The built-in privacy policy and terms of use, as bilingual data: the static /policy and /terms
 * pages render them when nothing is published, and the seed writes them as the first published
 * version of the legal templates (server/modules/templates/defaults.ts).
 */
import type { Text } from '../i18n.ts';

/** One article: a title, paragraphs, and optionally a list after the first paragraph. */
export type LegalArticle = { title: Text; paragraphs: Text[]; items?: Text[] };

export const POLICY_ARTICLES: readonly LegalArticle[] = [
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
    paragraphs: [{ ja: '運営者は、取得した個人情報を次の目的で利用します。', en: 'The Operator uses personal information for the following purposes.' }],
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

export const TERMS_ARTICLES: readonly LegalArticle[] = [
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

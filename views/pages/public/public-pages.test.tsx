// @vitest-environment jsdom
// The pages are rendered exactly as the server renders them (react-dom/server renderToString);
// jsdom only parses the resulting HTML so the tests can query it like a browser would.
import type { JSX } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../../shared/i18n.ts';
import { matchRoute } from '../../../server/access/routes.ts';
import { PublicLayout } from '../../layouts/PublicLayout.tsx';
import { Field } from '../../ui/Field.tsx';
import { AboutPage } from './About.tsx';
import { ContactPage } from './Contact.tsx';
import { DailyPage } from './Daily.tsx';
import { DownloadPage } from './Download.tsx';
import { FaqPage } from './Faq.tsx';
import { ForgetPasswordPage } from './ForgetPassword.tsx';
import { HomePage } from './Home.tsx';
import { LoginPage } from './Login.tsx';
import { PartTimePage } from './PartTime.tsx';
import { PolicyPage } from './Policy.tsx';
import { ResetPasswordPage } from './ResetPassword.tsx';
import { StaffPage } from './Staff.tsx';
import { MyShiftsPage } from './MyShifts.tsx';
import { TermsPage } from './Terms.tsx';
import { TrialPage } from './Trial.tsx';
import { declaredActions } from '../../ui/Action.tsx';

/** A declared action, as the screen kit hands the views. */
const TEST_ACTION = declaredActions(['test']).test;

/** Parses server-rendered HTML into a document, as a browser receiving the page would. */
function render(element: JSX.Element): Document {
  const html = renderToString(element);
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
}

function text(doc: Document): string {
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ');
}

function h1(doc: Document): string {
  return doc.querySelector('h1')?.textContent?.trim() ?? '';
}

const jobs = [
  { id: 'j-101', title: '倉庫内での仕分け作業', location: '東京都江東区', wage: '時給 1,300円', date: '2026-11-20' },
  { id: 'j-102', title: 'ホテルの客室清掃', location: '大阪府大阪市', wage: '時給 1,150円' },
];

type Case = { name: string; page: (lang: Lang) => JSX.Element; heading: Record<Lang, string> };

const CASES: Case[] = [
  { name: 'home', page: (lang) => <HomePage lang={lang} />, heading: { ja: '外国人スタッフと、日本の仕事をつなぐ。', en: 'We connect foreign staff with employment opportunities.' } },
  { name: 'staff', page: (lang) => <StaffPage lang={lang} />, heading: { ja: '働きたい外国人スタッフの方へ', en: 'For foreign staff' } },
  { name: 'download', page: (lang) => <DownloadPage lang={lang} />, heading: { ja: 'スタッフ向けアプリ', en: 'The app for workers' } },
  { name: 'about', page: (lang) => <AboutPage lang={lang} />, heading: { ja: 'つなぐについて', en: 'About Tsunagu' } },
  { name: 'faq', page: (lang) => <FaqPage lang={lang} />, heading: { ja: 'よくある質問', en: 'Frequently asked questions' } },
  { name: 'policy', page: (lang) => <PolicyPage lang={lang} />, heading: { ja: 'プライバシーポリシー', en: 'Privacy policy' } },
  { name: 'terms', page: (lang) => <TermsPage lang={lang} />, heading: { ja: '利用規約', en: 'Terms of use' } },
  { name: 'daily', page: (lang) => <DailyPage lang={lang} jobs={jobs} />, heading: { ja: '日払い・スポットの仕事', en: 'Daily and spot jobs' } },
  { name: 'part-time', page: (lang) => <PartTimePage lang={lang} jobs={[]} />, heading: { ja: 'アルバイト', en: 'Part-time jobs' } },
  {
    name: 'trial',
    page: (lang) => <TrialPage action={TEST_ACTION} lang={lang} values={{}} errors={{}} sent={false} />,
    heading: { ja: '人材会社・企業の方へ 無料トライアル', en: 'Free trial for staffing companies' },
  },
  { name: 'login', page: (lang) => <LoginPage action={TEST_ACTION} lang={lang} />, heading: { ja: 'ログイン', en: 'Log in' } },
  { name: 'contact', page: (lang) => <ContactPage action={TEST_ACTION} lang={lang} values={{}} errors={{}} sent={false} />, heading: { ja: 'お問い合わせ', en: 'Contact us' } },
  { name: 'forget-password', page: (lang) => <ForgetPasswordPage action={TEST_ACTION} lang={lang} errors={{}} sent={false} />, heading: { ja: 'パスワードの再設定', en: 'Reset your password' } },
  {
    name: 'reset-password',
    page: (lang) => <ResetPasswordPage action={TEST_ACTION} lang={lang} token="tok" errors={{}} invalid={false} />,
    heading: { ja: '新しいパスワードの設定', en: 'Choose a new password' },
  },
];

describe('every public page, in both languages', () => {
  for (const c of CASES) {
    it(`${c.name}: one h1 with the page heading, and the two languages differ`, () => {
      const ja = render(c.page('ja'));
      const en = render(c.page('en'));
      expect(ja.querySelectorAll('h1')).toHaveLength(1);
      expect(en.querySelectorAll('h1')).toHaveLength(1);
      expect(h1(ja)).toBe(c.heading.ja);
      expect(h1(en)).toBe(c.heading.en);
      expect(text(ja)).not.toBe(text(en));
      // Japanese pages are written in Japanese: kana or kanji in the body text.
      expect(text(ja)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    });

    it(`${c.name}: the English render has no untranslated Japanese sentences`, () => {
      const en = render(c.page('en'));
      // Japanese may only appear where marked lang="ja" (names, the brand, visa names) or as a
      // parenthesised original term next to its English translation.
      // Job titles, places and wages are data from the companies, not interface text.
      for (const el of Array.from(en.querySelectorAll('[lang="ja"], .job-link, .job-facts dd'))) el.remove();
      const stripped = text(en).replace(/[(\uff08][^)\uff09]*[)\uff09]/g, '');
      expect(stripped).not.toMatch(/[\u3040-\u309f]/); // no hiragana left
    });
  }

  it('the page for staff tells how applying works here: a candidate registers themself, then applies, and is not told to wait for a company to register them', () => {
    for (const lang of LANGS) {
      const doc = render(<StaffPage lang={lang} />);
      expect(doc.querySelector('a[href="/staff/register"]'), lang).not.toBeNull();
    }
    const en = text(render(<StaffPage lang="en" />));
    expect(en).toContain('Register for free and apply');
    expect(en).not.toContain('the company registers your account');
  });

  it('a day of /staff/shifts with nothing to take says so of that day and points at the other days, not that there is nothing at all', () => {
    const days = ['Sun 29 Nov', 'Mon 30 Nov'].map((label, i) => ({ href: `/staff/shifts?date=2026-11-${29 + i}`, label, current: i === 0 }));
    const page = render(<MyShiftsPage act={declaredActions(['claim'])} lang="en" name="Jose Reyes" notice={null} error={null} days={days} shifts={[]} />);
    expect(text(page)).toContain('No open shift you can take on this day. Choose another day above, or see the daily jobs board.');
    expect(page.querySelector('a[href="/staff/shifts?date=2026-11-30"]')).not.toBeNull();
  });

  it('every internal link of every page points to a public route of the route table or an in-page anchor', () => {
    for (const c of CASES) {
      for (const lang of LANGS) {
        for (const a of Array.from(render(c.page(lang)).querySelectorAll('a[href]'))) {
          const href = a.getAttribute('href') ?? '';
          if (href.startsWith('#')) continue;
          expect(matchRoute(new URL(href, 'http://tsunagu.test').pathname)?.route.kind, `${c.name} (${lang}) links to ${href}`).toBe('public');
        }
      }
    }
  });
});

describe('PublicLayout', () => {
  /** The layout at `path`, around a paragraph that none of these tests reads. */
  const layoutAt = (lang: Lang, path: string) =>
    render(
      <PublicLayout lang={lang} path={path}>
        <p>content</p>
      </PublicLayout>,
    );

  it('marks the current navigation link and no other', () => {
    const doc = layoutAt('ja', '/faq');
    const current = Array.from(doc.querySelectorAll('a[aria-current="page"]'));
    expect(current.length).toBeGreaterThan(0);
    for (const a of current) expect(a.getAttribute('href')).toBe('/faq');
    expect(doc.querySelector('a[href="/daily"]')?.hasAttribute('aria-current')).toBe(false);
  });

  it('marks the section of a job detail page without calling it the current page', () => {
    const doc = layoutAt('en', '/daily/j-101?ref=home');
    expect(doc.querySelector('a[aria-current="page"]')).toBeNull();
    expect(doc.querySelector('.nav-desktop a[href="/daily"]')?.getAttribute('aria-current')).toBe('true');
  });

  it('switches to the other language and comes back to the same page', () => {
    const ja = layoutAt('ja', '/daily?page=2');
    const toEn = ja.querySelector('a.lang-switch');
    expect(toEn?.textContent).toBe('English');
    expect(toEn?.getAttribute('href')).toBe('/lang/en?back=' + encodeURIComponent('/daily?page=2'));
    expect(toEn?.getAttribute('href')).toBe('/lang/en?back=%2Fdaily%3Fpage%3D2');
    expect(toEn?.getAttribute('hreflang')).toBe('en');
    expect(toEn?.getAttribute('lang')).toBe('en');

    const en = layoutAt('en', '/staff/contact');
    const toJa = en.querySelector('a.lang-switch');
    expect(toJa?.textContent).toBe('日本語');
    expect(toJa?.getAttribute('href')).toBe('/lang/ja?back=%2Fstaff%2Fcontact');
    expect(toJa?.getAttribute('hreflang')).toBe('ja');
  });

  it('offers candidates their login and back-office users a door of their own', () => {
    const en = layoutAt('en', '/daily');
    expect(en.querySelector('a.header-login')?.getAttribute('href')).toBe('/staff/login');
    expect(en.querySelector('a.header-login')?.textContent).toBe('Log in');
    expect(en.querySelector('a.header-companies')?.getAttribute('href')).toBe('/login');
    expect(en.querySelector('a.header-companies')?.textContent).toBe('For companies');
  });

  it('has a skip link to the main content, the children inside main, and the site links', () => {
    const doc = render(
      <PublicLayout lang="en" path="/">
        <p id="child">Hello</p>
      </PublicLayout>,
    );
    const skip = doc.querySelector('a.skip-link');
    expect(skip?.getAttribute('href')).toBe('#main');
    expect(skip?.textContent).toBe('Skip to content');
    expect(doc.querySelector('main#main #child')?.textContent).toBe('Hello');
    expect(doc.querySelector('.site > header')).not.toBeNull();
    for (const href of ['/daily', '/part-time', '/staff', '/about', '/faq', '/download']) {
      expect(doc.querySelector(`header nav a[href="${href}"]`), href).not.toBeNull();
    }
    expect(doc.querySelector('header a[href="/staff/login"]')?.textContent).toBe('Log in');
    const footerLinks = Array.from(doc.querySelectorAll('footer a')).map((a) => a.getAttribute('href'));
    expect(footerLinks).toEqual(['/terms', '/policy', '/staff/contact', '/v3/trial']);
    expect(doc.querySelector('footer')?.textContent).toMatch(/© \d{4} Tsunagu/);
    // The narrow-screen menu works without JavaScript.
    expect(doc.querySelector('details.nav-mobile > summary')?.textContent).toBe('Menu');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('is in Japanese when the language is Japanese', () => {
    const doc = layoutAt('ja', '/');
    expect(doc.querySelector('a.skip-link')?.textContent).toBe('本文へスキップ');
    expect(doc.querySelector('header a[href="/staff/login"]')?.textContent).toBe('ログイン');
    expect(doc.querySelector('header a[href="/login"]')?.textContent).toBe('企業の方');
    expect(doc.querySelector('footer a[href="/policy"]')?.textContent).toBe('プライバシーポリシー');
  });
});

describe('LoginPage', () => {
  it('posts email and password to /login with the right autocomplete hints', () => {
    const doc = render(<LoginPage action={TEST_ACTION} lang="en" email="ana@example.com" />);
    const form = doc.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/login');
    const email = form?.querySelector('input[name="email"]');
    expect(email?.getAttribute('type')).toBe('email');
    expect(email?.getAttribute('autocomplete')).toBe('username');
    expect(email?.getAttribute('value')).toBe('ana@example.com');
    expect(email?.hasAttribute('required')).toBe(true);
    expect(doc.querySelector(`label[for="${email?.id}"]`)?.textContent).toContain('Email address');
    const password = form?.querySelector('input[name="password"]');
    expect(password?.getAttribute('type')).toBe('password');
    expect(password?.getAttribute('autocomplete')).toBe('current-password');
    expect(password?.hasAttribute('value')).toBe(false);
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Log in');
    expect(doc.querySelector('a[href="/forget-password"]')).not.toBeNull();
    expect(doc.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows the error in an alert above the form and a notice as a status', () => {
    const doc = render(<LoginPage action={TEST_ACTION} lang="ja" email="a@b.jp" error="メールアドレスまたはパスワードが違います。" notice="パスワードを変更しました。" />);
    const alert = doc.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('メールアドレスまたはパスワードが違います。');
    const form = doc.querySelector('form');
    expect(alert && form && alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(doc.querySelector('[role="status"]')?.textContent).toBe('パスワードを変更しました。');
  });
});

describe('ContactPage', () => {
  const values = { name: 'Nguyen Van An', email: 'an@example', phone: '090-1234-5678', topic: 'visa', message: '<週28時間> について' };

  it('keeps what the visitor typed and shows each error beside its field', () => {
    const doc = render(<ContactPage action={TEST_ACTION} lang="en" values={values} errors={{ email: 'Enter a valid email address.' }} sent={false} />);
    const form = doc.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/staff/contact');
    expect(form?.querySelector<HTMLInputElement>('input[name="name"]')?.getAttribute('value')).toBe('Nguyen Van An');
    expect(form?.querySelector('input[name="phone"]')?.getAttribute('value')).toBe('090-1234-5678');
    expect(form?.querySelector('textarea[name="message"]')?.textContent).toBe('<週28時間> について');
    const selected = form?.querySelector('select[name="topic"] option[selected]');
    expect(selected?.getAttribute('value')).toBe('visa');
    expect(selected?.textContent).toBe('Residence status and work permission');

    const email = form?.querySelector('input[name="email"]');
    expect(email?.getAttribute('value')).toBe('an@example');
    expect(email?.getAttribute('aria-invalid')).toBe('true');
    const errorId = email?.getAttribute('aria-describedby') ?? '';
    const error = doc.getElementById(errorId);
    expect(error?.className).toBe('field-error');
    expect(error?.textContent).toBe('Enter a valid email address.');
    // The error sits in the same field wrapper as its input.
    expect(error?.closest('.field')).toBe(email?.closest('.field'));
    // Fields without errors are not marked invalid.
    expect(form?.querySelector('input[name="name"]')?.hasAttribute('aria-invalid')).toBe(false);
    // The summary links to the field.
    expect(doc.querySelector('[role="alert"] a[href="#email"]')?.textContent).toContain('Enter a valid email address.');
  });

  it('offers every topic in both languages, marks required fields and leaves the phone optional', () => {
    for (const lang of LANGS) {
      const doc = render(<ContactPage action={TEST_ACTION} lang={lang} values={{}} errors={{}} sent={false} />);
      const options = Array.from(doc.querySelectorAll('select[name="topic"] option')).map((o) => o.getAttribute('value'));
      expect(options).toEqual(['', 'work', 'visa', 'pay', 'company', 'other']);
      for (const name of ['name', 'email', 'topic', 'message']) {
        expect(doc.querySelector(`[name="${name}"]`)?.hasAttribute('required'), name).toBe(true);
      }
      expect(doc.querySelector('[name="phone"]')?.hasAttribute('required')).toBe(false);
      expect(doc.querySelector('[role="alert"]')).toBeNull();
    }
  });

  it('shows a thank-you panel instead of the form once sent', () => {
    const doc = render(<ContactPage action={TEST_ACTION} lang="en" values={values} errors={{}} sent />);
    expect(doc.querySelector('form')).toBeNull();
    expect(doc.querySelector('[role="status"]')?.textContent).toContain('Thank you for your message.');
  });
});

describe('TrialPage', () => {
  it('posts the company fields to /v3/trial, keeps values and shows errors', () => {
    const doc = render(
      <TrialPage action={TEST_ACTION} lang="ja" values={{ company_name: '株式会社サンプル人材', email: 'x' }} errors={{ email: 'メールアドレスの形式が正しくありません。' }} sent={false} />,
    );
    const form = doc.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/v3/trial');
    for (const name of ['company_name', 'contact_name', 'email', 'phone']) {
      expect(form?.querySelector(`input[name="${name}"]`)?.hasAttribute('required'), name).toBe(true);
    }
    expect(form?.querySelector('textarea[name="message"]')?.hasAttribute('required')).toBe(false);
    expect(form?.querySelector('input[name="company_name"]')?.getAttribute('value')).toBe('株式会社サンプル人材');
    expect(form?.querySelector('input[name="email"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(doc.getElementById('email-error')?.textContent).toBe('メールアドレスの形式が正しくありません。');
  });

  it('shows a success panel instead of the form once sent', () => {
    const doc = render(<TrialPage action={TEST_ACTION} lang="en" values={{}} errors={{}} sent />);
    expect(doc.querySelector('form')).toBeNull();
    expect(doc.querySelector('[role="status"]')?.textContent).toContain('Thank you for applying');
  });
});

describe('password pages', () => {
  it('forget-password posts the email and, once sent, never says whether the account exists', () => {
    const form = render(<ForgetPasswordPage action={TEST_ACTION} lang="en" email="a@b.c" errors={{ email: 'Enter your email address.' }} sent={false} />);
    expect(form.querySelector('form')?.getAttribute('action')).toBe('/forget-password');
    expect(form.querySelector('input[name="email"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(form.getElementById('email-error')?.textContent).toBe('Enter your email address.');

    const sent = render(<ForgetPasswordPage action={TEST_ACTION} lang="en" email="a@b.c" errors={{}} sent />);
    expect(sent.querySelector('form')).toBeNull();
    const status = sent.querySelector('[role="status"]')?.textContent ?? '';
    expect(status).toContain('If an account exists for that address');
    expect(status).toContain('1 hour');
    expect(text(render(<ForgetPasswordPage action={TEST_ACTION} lang="ja" errors={{}} sent />))).toContain('1時間');
  });

  it('reset-password posts the token and the new password twice', () => {
    const doc = render(<ResetPasswordPage action={TEST_ACTION} lang="en" token="abc.def" errors={{ password_confirm: 'The passwords do not match.' }} invalid={false} />);
    const form = doc.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/reset-password');
    const token = form?.querySelector('input[name="token"]');
    expect(token?.getAttribute('type')).toBe('hidden');
    expect(token?.getAttribute('value')).toBe('abc.def');
    for (const name of ['password', 'password_confirm']) {
      const input = form?.querySelector(`input[name="${name}"]`);
      expect(input?.getAttribute('type')).toBe('password');
      expect(input?.getAttribute('autocomplete')).toBe('new-password');
      expect(input?.getAttribute('minlength')).toBe('8');
    }
    expect(doc.getElementById('password-hint')?.textContent).toBe('At least 8 characters.');
    expect(form?.querySelector('input[name="password_confirm"]')?.getAttribute('aria-describedby')).toBe('password_confirm-error');
    expect(doc.getElementById('password_confirm-error')?.textContent).toBe('The passwords do not match.');
  });

  it('reset-password shows the invalid-link message and a way to start again when invalid', () => {
    for (const [lang, message] of [
      ['en', 'This link is invalid or has expired.'],
      ['ja', 'このリンクは無効か、有効期限が切れています。'],
    ] as const) {
      const doc = render(<ResetPasswordPage action={TEST_ACTION} lang={lang} token="" errors={{}} invalid />);
      expect(doc.querySelector('form')).toBeNull();
      expect(doc.querySelector('[role="alert"]')?.textContent).toContain(message);
      expect(doc.querySelector('a[href="/forget-password"]')).not.toBeNull();
    }
  });
});

describe('job boards', () => {
  it('daily links each job to its detail page and shows its facts', () => {
    const doc = render(<DailyPage lang="en" jobs={jobs} />);
    const cards = Array.from(doc.querySelectorAll('.job-card'));
    expect(cards).toHaveLength(2);
    expect(cards[0]?.querySelector('a')?.getAttribute('href')).toBe('/daily/j-101');
    expect(cards[0]?.querySelector('a')?.textContent).toBe('倉庫内での仕分け作業');
    expect(cards[0]?.textContent).toContain('東京都江東区');
    expect(cards[0]?.textContent).toContain('時給 1,300円');
    expect(cards[0]?.textContent).toContain('2026-11-20');
    expect(cards[1]?.querySelector('a')?.getAttribute('href')).toBe('/daily/j-102');
    expect(cards[1]?.textContent).not.toContain('Date');
    expect(text(doc)).toContain('2 jobs');
    expect(doc.querySelector('.empty-state')).toBeNull();
  });

  it('part-time links each job to its detail page', () => {
    const doc = render(<PartTimePage lang="ja" jobs={jobs} />);
    const links = Array.from(doc.querySelectorAll('.job-card a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/part-time/j-101', '/part-time/j-102']);
    expect(text(doc)).toContain('2件の求人');
  });

  it('shows a friendly empty state with a way to get in touch when there are no jobs', () => {
    for (const [Page, ja, en] of [
      [DailyPage, '現在、募集中の日払いの仕事はありません。', 'There are no daily jobs open right now.'],
      [PartTimePage, '現在、募集中のアルバイトはありません。', 'There are no part-time jobs open right now.'],
    ] as const) {
      const jaDoc = render(<Page lang="ja" jobs={[]} />);
      const enDoc = render(<Page lang="en" jobs={[]} />);
      expect(jaDoc.querySelector('.job-card')).toBeNull();
      expect(jaDoc.querySelector('.empty-state')?.textContent).toContain(ja);
      expect(enDoc.querySelector('.empty-state')?.textContent).toContain(en);
      expect(enDoc.querySelector('.empty-state a[href="/staff/contact"]')).not.toBeNull();
    }
  });
});

describe('content pages', () => {
  it('the FAQ has at least 8 questions as details/summary', () => {
    for (const lang of LANGS) {
      const doc = render(<FaqPage lang={lang} />);
      const items = doc.querySelectorAll('details > summary');
      expect(items.length).toBeGreaterThanOrEqual(8);
    }
    const en = text(render(<FaqPage lang="en" />));
    for (const topic of ['28 hours', 'free', 'quick pay', 'Japanese and English', 'contact form', 'free trial', 'deleted']) {
      expect(en, topic).toContain(topic);
    }
  });

  it('the staff page lists the residence statuses with the student work limit', () => {
    const ja = text(render(<StaffPage lang="ja" />));
    for (const visa of ['特定技能', '技術・人文知識・国際業務', '留学', '家族滞在', '永住者', '定住者', '日本人の配偶者等', '資格外活動許可', '週28時間', '在留カード']) {
      expect(ja, visa).toContain(visa);
    }
    const en = render(<StaffPage lang="en" />);
    expect(text(en)).toContain('28 hours a week');
    expect(en.querySelector('a[href="/staff/contact"]')).not.toBeNull();
  });

  it('the download page is honest about how to get the app and offers the web, logging workers in on their own login', () => {
    const doc = render(<DownloadPage lang="en" />);
    expect(text(doc)).toContain('distributed through the company that employs you');
    expect(doc.querySelector('a[href="/staff/login"]')?.textContent).toBe('Log in');
    expect(doc.querySelector('a[href="/login"]')).toBeNull();
    expect(doc.querySelector('a[href="#"]')).toBeNull();
  });

  it('the legal pages are numbered articles dated 2026-11-01', () => {
    for (const Page of [PolicyPage, TermsPage]) {
      const ja = render(<Page lang="ja" />);
      const en = render(<Page lang="en" />);
      expect(ja.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-01');
      expect(ja.querySelector('section h2')?.textContent).toMatch(/^第1条\uff08/);
      expect(en.querySelector('section h2')?.textContent).toMatch(/^Article 1 \(/);
      expect(en.querySelectorAll('section h2').length).toBeGreaterThanOrEqual(8);
      // Dates read as everywhere else in the product (shared/format.ts): day, month, year.
      expect(text(en)).toContain('Effective: 1 November 2026');
      expect(text(ja)).toContain('制定日：2026年11月1日');
    }
  });

  it('the home page calls visitors to the job boards and companies to the trial', () => {
    const doc = render(<HomePage lang="ja" />);
    for (const href of ['/daily', '/part-time', '/v3/trial']) expect(doc.querySelector(`a[href="${href}"]`), href).not.toBeNull();
    expect(doc.querySelectorAll('ol.steps > li')).toHaveLength(3);
    // The tagline is also given in the other language.
    expect(doc.querySelector('[lang="en"]')?.textContent).toBe('We connect foreign staff with employment opportunities.');
  });

  it('the about page has no made-up address or phone number and points to the contact form', () => {
    const doc = render(<AboutPage lang="en" />);
    expect(text(doc)).not.toMatch(/\d{2,4}-\d{2,4}-\d{3,4}/);
    expect(doc.querySelector('a[href="/staff/contact"]')).not.toBeNull();
  });
});

describe('Field', () => {
  it('renders a labelled input with hint and error wired through aria-describedby', () => {
    const doc = render(<Field name="email" label="Email" type="email" value="x" error="Bad" hint="We reply here" required autoComplete="email" />);
    const input = doc.querySelector('input#email');
    expect(doc.querySelector('label[for="email"]')?.textContent).toContain('Email');
    expect(input?.getAttribute('aria-describedby')).toBe('email-hint email-error');
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    expect(input?.hasAttribute('required')).toBe(true);
    expect(doc.querySelector('.required-mark')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('never writes a password value back into the page', () => {
    const doc = render(<Field name="password" label="Password" type="password" value="secret" />);
    expect(doc.body.innerHTML).not.toContain('secret');
  });
});

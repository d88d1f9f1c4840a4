import type { JSX, ReactNode } from 'react';
import { Island } from '../ui/Island.tsx';
import { KeyedLinkList, type KeyedLinks } from '../ui/LinkList.tsx';
import { SkipLink } from '../ui/SkipLink.tsx';
import { LANG_NAMES, otherLang, type Lang } from '../../shared/i18n.ts';
import { msg } from '../../shared/messages.ts';
import { todayInJapan } from '../../shared/time.ts';

const NAV: KeyedLinks = { '/daily': 'site.navDaily', '/part-time': 'board.partTimeTitle', '/staff': 'site.navStaff', '/about': 'site.navAbout', '/faq': 'common.faq', '/download': 'site.navApp' };

const FOOTER: KeyedLinks = { '/terms': 'common.termsOfUse', '/policy': 'common.privacyPolicy', '/staff/contact': 'common.contactUs', '/v3/trial': 'site.navTrial' };

/** The path without query, hash or trailing slash ("/" stays "/"). */
function normalize(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare || '/';
}

/**
 * `page` for the link of the page being shown, `true` for the section it belongs to
 * (e.g. /daily while viewing /daily/123), else nothing.
 */
function current(path: string, href: string): 'page' | 'true' | undefined {
  const here = normalize(path);
  if (here === href) return 'page';
  if (href !== '/' && here.startsWith(href + '/')) return 'true';
  return undefined;
}

function NavList(props: { lang: Lang; path: string; links: KeyedLinks; className: string }): JSX.Element {
  return <KeyedLinkList lang={props.lang} className={props.className} links={props.links} current={(href) => current(props.path, href)} />;
}

/**
 * The frame of every public page: skip link, header (brand, navigation, login, language switch),
 * `<main id="main">` and footer. On narrow screens the navigation is a `<details>` menu, so the
 * header works without JavaScript; from the tablet breakpoint up the inline navigation is shown.
 */
/** `candidate`: the signed-in candidate (their own session on the public site), if any. */
export function PublicLayout(props: { lang: Lang; path: string; candidate?: { name: string } | null; sessionEndsAt?: number | undefined; children: ReactNode }): JSX.Element {
  const { lang, path } = props;
  const other = otherLang(lang);
  const switchHref = '/lang/' + other + '?back=' + encodeURIComponent(path);
  const navLabel = msg(lang, 'site.mainMenu');
  const loginCurrent = current(path, '/staff/login');

  return (
    <div className="site">
      <SkipLink label={msg(lang, 'site.skipToContent')} />
      <header className="site-header">
        <div className="container header-inner">
          <a className="brand" href="/" aria-current={current(path, '/')}>
            <span className="brand-mark" aria-hidden="true">
              つ
            </span>
            <span className="brand-text">
              <span className="brand-name">Tsunagu</span>
              <span className="brand-kana" lang="ja">
                つなぐ
              </span>
            </span>
          </a>

          <nav className="nav-desktop" aria-label={navLabel}>
            <NavList lang={lang} path={path} links={NAV} className="nav-list" />
          </nav>

          <div className="header-actions">
            <a className="lang-switch" href={switchHref} hrefLang={other} lang={other}>
              {LANG_NAMES[other]}
            </a>
            {props.candidate ? (
              <>
                <a className="header-candidate" href="/staff/applications" aria-current={current(path, '/staff/applications')}>
                  {props.candidate.name}
                </a>
                <Island name="NotificationBell" props={{ lang }} />
                <a className="button button-primary button-small header-login" href="/staff/chat" aria-current={current(path, '/staff/chat')}>
                  {msg(lang, 'common.chat')}
                </a>
              </>
            ) : (
              <>
                {/* Back-office users (companies and their clients) have their own door. */}
                <a className="header-companies" href="/login" aria-current={current(path, '/login')}>
                  {msg(lang, 'site.forCompanies')}
                </a>
                <a className="button button-primary button-small header-login" href="/staff/login" aria-current={loginCurrent}>
                  {msg(lang, 'common.login')}
                </a>
              </>
            )}
          </div>

          <details className="nav-mobile">
            <summary>
              <span className="menu-icon" aria-hidden="true"></span>
              <span className="menu-label">{msg(lang, 'site.menu')}</span>
            </summary>
            <nav aria-label={navLabel}>
              <NavList lang={lang} path={path} links={NAV} className="nav-mobile-list" />
            </nav>
          </details>
        </div>
      </header>

      <main id="main" tabIndex={-1}>
        {props.candidate && props.sessionEndsAt ? <Island name="SessionWarning" props={{ lang, endsAt: props.sessionEndsAt, loginPath: '/staff/login' }} /> : null}
        {props.children}
      </main>

      <footer className="site-footer">
        <div className="container footer-inner">
          <div className="footer-brand">
            <p className="footer-name">
              Tsunagu <span lang="ja">つなぐ</span>
            </p>
            <p className="footer-tagline">{msg(lang, 'site.tagline')}</p>
          </div>
          <nav aria-label={msg(lang, 'site.footerMenu')}>
            <NavList lang={lang} path={path} links={FOOTER} className="footer-list" />
          </nav>
          <p className="copyright">
            <small>© {todayInJapan().slice(0, 4)} Tsunagu</small>
          </p>
        </div>
      </footer>
    </div>
  );
}

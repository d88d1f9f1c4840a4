import type { CustomizerState } from '../../client/stores/customizer.ts';
import { LANG_NAMES, otherLang, type Lang } from '../../shared/i18n.ts';
import { Island } from '../ui/Island.tsx';
import { LinkList } from '../ui/LinkList.tsx';
import { SkipLink } from '../ui/SkipLink.tsx';
import { msg } from '../../shared/messages.ts';

export interface NavGroup {
  key: string;
  title: string;
  links: { href: string; title: string; current: boolean }[];
}

export interface AdminLayoutProps {
  lang: Lang;
  path: string;
  user: { name: string; email: string; role: string; roleTitle: string };
  nav: NavGroup[];
  /** The record's pages as tabs (server/web/render.tsx subpagesFor), when the page is one of them. */
  subpages?: NavGroup['links'];
  customizer: CustomizerState;
  /** Which kinds of conversation the person's role opens (server/access/codes.ts CHAT_CODES). */
  chat?: { jobs: boolean; support: boolean };
  /** When the session ends unless renewed (ms since the epoch): the warning island counts down to it. */
  sessionEndsAt?: number | undefined;
  children: React.ReactNode;
}

/** The back office frame: header with the user and logout, the sidebar of allowed pages, the customizer. */
export function AdminLayout({ lang, path, user, nav, subpages = [], customizer, chat, sessionEndsAt, children }: AdminLayoutProps) {
  const other = otherLang(lang);
  return (
    <div className="admin">
      <SkipLink label={msg(lang, 'admin.skipToContent')} />
      <header className="admin-header">
        {/* On a phone the menu is closed until asked for (#menu, no script needed). */}
        <a className="menu-toggle" href="#menu" aria-controls="menu">
          <span aria-hidden="true">☰</span> {msg(lang, 'site.menu')}
        </a>
        <a className="brand" href="/admin">
          <span className="brand-name">Tsunagu</span> <span className="brand-sub">つなぐ</span>
        </a>
        {/* The chat dock and the customizer open from the header: nothing floats over the page. */}
        <div className="admin-header-right">
          {chat?.jobs && <Island name="ChatDock" props={{ lang }} />}
          <Island name="Customizer" props={{ initial: customizer, lang }} />
          <a className="lang-switch" href={`/lang/${other}?back=${encodeURIComponent(path)}`} hrefLang={other} lang={other}>
            {LANG_NAMES[other]}
          </a>
          {chat && (chat.jobs || chat.support) && <Island name="BadgeBell" props={{ lang, support: chat.support }} />}
          <Island name="NotificationBell" props={{ lang }} />
          <span className="user" data-testid="current-user">
            <span className="user-name">{user.name}</span>
            <span className="user-role">{user.roleTitle}</span>
          </span>
          <form method="post" action="/logout" className="logout-form" data-clears="admin">
            <button type="submit" className="btn btn-small">
              {msg(lang, 'common.logout')}
            </button>
          </form>
        </div>
      </header>
      <div className="admin-body">
        <nav className="sidebar" id="menu" aria-label={msg(lang, 'site.menu')}>
          <a className="menu-close" href="#main">
            {msg(lang, 'admin.closeMenu')}
          </a>
          {nav.map((group) => (
            <section key={group.key} className="nav-group">
              <h2>{group.title}</h2>
              <LinkList links={group.links.map((l) => ({ href: l.href, label: l.title, current: l.current ? 'page' : undefined }))} />
            </section>
          ))}
        </nav>
        <main id="main" className="admin-main">
          {sessionEndsAt ? <Island name="SessionWarning" props={{ lang, endsAt: sessionEndsAt, loginPath: '/login' }} /> : null}
          {subpages.length > 0 && (
            <nav className="subpages" aria-label={msg(lang, 'admin.recordPages')}>
              <LinkList links={subpages.map((l) => ({ href: l.href, label: l.title, current: l.current ? 'page' : undefined }))} />
            </nav>
          )}
          {children}
        </main>
      </div>
      {chat?.jobs && <Island name="ChatWindowsV3" props={{ lang }} />}
    </div>
  );
}

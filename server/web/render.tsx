import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CUSTOMIZER_COOKIE, parseCustomizer } from '../../client/stores/customizer.ts';
import { ROLE_TITLES } from '../auth/role-titles.ts';
import { type Lang, tr, type Text } from '../../shared/i18n.ts';
import { msgText } from '../../shared/messages.ts';
import { Document } from '../../views/Document.tsx';
import { AdminLayout, type NavGroup } from '../../views/layouts/AdminLayout.tsx';
import { PublicLayout } from '../../views/layouts/PublicLayout.tsx';
import { IslandCollector } from '../../views/ui/Island.tsx';
import { ErrorPage, ERROR_TEXT, type ErrorKind } from '../../views/pages/errors/ErrorPage.tsx';
import type { SessionUser } from '../modules/auth/service.ts';
import type { RoleMaps } from '../auth/default-roles.ts';
import { CHAT_CODES } from '../access/codes.ts';
import { canEnter } from '../access/guard.ts';
import { ALL_ROUTES, AREAS, hrefFor, matchRoute, type RouteDef } from '../access/routes.ts';
import { PROJECT_ROOT } from '../root.ts';
import { localPath } from './kit.ts';

export type Layout = 'public' | 'admin' | 'bare';

/** public/build/preload.json (scripts/build-client.ts): each island's script files; '*hydrate' the hydration code's. */
const PRELOAD_FILE = path.join(PROJECT_ROOT, 'public/build/preload.json');
let preloads: Record<string, string[]> | undefined;
/**
 * The script files a page loads at once, read once per process (none when the bundles were never
 * built): the chunks boot.js imports, and with islands the hydration code and their chunks.
 */
export function preloadsFor(islands: ReadonlySet<string>): string[] {
  if (!preloads) {
    try {
      preloads = JSON.parse(readFileSync(PRELOAD_FILE, 'utf8')) as Record<string, string[]>;
    } catch {
      preloads = {};
    }
  }
  const files = new Set<string>(preloads['*boot'] ?? []);
  if (!islands.size) return [...files];
  for (const f of preloads['*hydrate'] ?? []) files.add(f);
  for (const name of islands) for (const f of preloads[name] ?? []) files.add(f);
  return [...files];
}

export interface PageOptions {
  title: Text | string;
  content: ReactElement;
  status?: number;
  /** Default: admin when a back-office user is signed in, else public. */
  layout?: Layout;
  /** The page's own summary for link previews (og:description); the site description stays in meta description. */
  description?: string;
}

/**
 * The sidebar: every sidebar route the user may enter and that has a screen (a link never leads
 * to the "not available yet" page), grouped by area in the table's order.
 */
export function sidebarFor(maps: RoleMaps, role: string, lang: Lang, currentPath: string, built: ReadonlySet<string>): NavGroup[] {
  const current = matchRoute(currentPath)?.route.path;
  return AREAS.map((area) => ({
    key: area.key,
    title: tr(lang, area.title),
    links: ALL_ROUTES.filter((r) => r.kind === 'admin' && r.sidebar && r.area === area.key && built.has(r.path) && canEnter(maps, role, r.code)).map((r) => ({
      href: r.path,
      title: tr(lang, r.title),
      current: r.path === current,
    })),
  })).filter((g) => g.links.length > 0);
}

/**
 * A record's pages as tabs: on a page whose route has params (a record, `/admin/candidate/[id]`)
 * and child routes below its path (`/admin/candidate/[id]/sheet`), or on one of those children,
 * the record's page and each child the user may enter and that has a screen, its params filled
 * from the address. A new sub-page of a record is then its route row and its screen, no link to
 * add. Nothing (an empty list) for any other page.
 */
/** Each record route with sub-pages (a route with params whose child rows lie below its path), for it and for each sub-page: the record and its sub-pages, in the table's order. Read once from the route table. */
const RECORD_PAGES: ReadonlyMap<RouteDef, readonly RouteDef[]> = new Map(
  ALL_ROUTES.filter((r) => r.path.includes('[')).flatMap((record) => {
    const below = (record.children ?? []).filter((c) => c.path.startsWith(`${record.path}/`));
    const pages = [record, ...below];
    return below.length ? pages.map((p) => [p, pages] as const) : [];
  }),
);

export function subpagesFor(maps: RoleMaps, role: string, lang: Lang, currentPath: string, built: ReadonlySet<string>): NavGroup['links'] {
  const match = matchRoute(currentPath);
  // Only a record (a route with params) has tabs: a list's child rows (its add form, a record) are not its sub-pages.
  const family = match && RECORD_PAGES.get(match.route);
  if (!family) return [];
  const pages = family.filter((r) => built.has(r.path) && canEnter(maps, role, r.code));
  return pages.length < 2 ? [] : pages.map((r) => ({ href: hrefFor(r.path, match.params), title: tr(lang, r.title), current: r === match.route }));
}

export function renderHtml(element: ReactElement): { html: string; islands: Set<string> } {
  const islands = new Set<string>();
  const html = renderToString(<IslandCollector.Provider value={islands}>{element}</IslandCollector.Provider>);
  return { html, islands };
}

/** Renders a page inside its layout and the document, and sends it. */
export function sendPage(req: Request, res: Response, opts: PageOptions): void {
  const lang: Lang = res.locals.lang;
  const user: SessionUser | undefined = res.locals.user;
  const maps: RoleMaps | undefined = res.locals.roleMaps;
  const layout: Layout = opts.layout ?? (user && maps ? 'admin' : 'public');
  const title = typeof opts.title === 'string' ? opts.title : tr(lang, opts.title);
  const customizer = parseCustomizer(req.cookies?.[CUSTOMIZER_COOKIE]);
  const path = req.path;

  let page: ReactElement;
  if (layout === 'admin' && user && maps) {
    page = (
      <AdminLayout
        lang={lang}
        path={path}
        user={{ name: user.name, email: user.email, role: user.role, roleTitle: tr(lang, ROLE_TITLES[user.role] ?? { ja: user.role, en: user.role }) }}
        nav={sidebarFor(maps, user.role, lang, path, res.locals.screenPaths ?? new Set())}
        subpages={subpagesFor(maps, user.role, lang, path, res.locals.screenPaths ?? new Set())}
        customizer={customizer}
        chat={{
          jobs: canEnter(maps, user.role, CHAT_CODES.daily) || canEnter(maps, user.role, CHAT_CODES.other),
          support: canEnter(maps, user.role, CHAT_CODES.support),
        }}
        sessionEndsAt={res.locals.sessionEndsAt as number | undefined}
      >
        {opts.content}
      </AdminLayout>
    );
  } else if (layout === 'public') {
    page = (
      <PublicLayout lang={lang} path={path} candidate={res.locals.candidate ? { name: res.locals.candidate.name } : null} sessionEndsAt={res.locals.candidateSessionEndsAt as number | undefined}>
        {opts.content}
      </PublicLayout>
    );
  } else {
    page = (
      <main id="main" className="bare">
        {opts.content}
      </main>
    );
  }
  const { html, islands } = renderHtml(page);
  const doc = renderToString(
    <Document
      lang={lang}
      title={title}
      body={html}
      path={path}
      styles={layout === 'admin' ? ['/css/admin.css'] : ['/css/site.css']}
      customizer={layout === 'admin' ? customizer : undefined}
      noindex={layout !== 'public'}
      description={opts.description}
      adminId={user?.id}
      candidateId={(res.locals.candidate as SessionUser | undefined)?.id}
      preload={preloadsFor(islands)}
    />,
  );
  res.status(opts.status ?? 200).type('html');
  const whole = `<!DOCTYPE html>${doc}`;
  // A page drawn for someone signed in (staff, or a candidate: their name is in the header) is
  // never stored by any cache, so never revalidated either: it is sent without the ETag Express
  // would hash it for (a SHA-1 of 40 KB per page view). An anonymous page keeps it for its 304s.
  if (user || res.locals.candidate) res.set('Cache-Control', 'private, no-store').end(whole);
  else res.set('Cache-Control', 'no-cache').send(whole);
}

/** Sends one of the error pages with its status (SPEC §2 "Error pages", §8). */
export function sendError(req: Request, res: Response, kind: ErrorKind): void {
  const loggedIn = !!res.locals.user;
  sendPage(req, res, {
    title: msgText(ERROR_TEXT[kind].title),
    status: ERROR_TEXT[kind].status,
    // A 401 offers to sign in again and come back to the page the person was on (a same-site path only).
    content: <ErrorPage lang={res.locals.lang} kind={kind} loggedIn={loggedIn} next={kind === 'error401' ? localPath(req.query.next, '') || undefined : undefined} />,
    layout: loggedIn && res.locals.roleMaps ? 'admin' : 'public',
  });
}

/**
 * The route table: the single source of truth for every route of SPEC §2 (DESIGN §3).
 * Path, permission code, fallback, child rules, title and sidebar entry live here and nowhere
 * else; the guard, the router, the sidebar and the tests all read this file.
 */
import type { Text } from '../../shared/i18n.ts';

export type RouteKind = 'public' | 'admin' | 'error';

/** Sidebar groups of the back office, in the order of {@link AREAS}. */
export type AreaKey =
  | 'jobs'
  | 'candidates'
  | 'chat'
  | 'shifts'
  | 'interviews'
  | 'salary'
  | 'billing'
  | 'workers'
  | 'users'
  | 'organizations'
  | 'scouting'
  | 'points'
  | 'surveys'
  | 'integrations'
  | 'templates'
  | 'system'
  | 'superadmin';

export interface RouteDef {
  /** Pattern; params as `[name]`, e.g. `/admin/company/edit/[id]`. */
  path: string;
  kind: RouteKind;
  /** Permission code (SPEC §2, §6). Every admin route has one except the `/admin` dashboard. */
  code?: number;
  /** Fallback route path when access is denied, exactly as SPEC §2 gives it. Always a static path. */
  fallback?: string;
  title: Text;
  /** Sidebar group (admin pages only). */
  area?: AreaKey;
  /** True for pages that appear as sidebar links: admin pages without params that are not "add" forms. */
  sidebar?: boolean;
  /** Child rules with their own code and fallback (SPEC §2 "A route may carry a child rule with its own fallback"). */
  children?: RouteDef[];
  /**
   * A candidate's own page (a public route): without the candidate's session the dispatcher sends
   * the visitor to the candidate's sign-in and back here after it, and keeps a form posted after the
   * session ended (server/web/dispatch.tsx). Its screen reads the candidate with `ownCandidate`.
   */
  mine?: true;
}

/** The back-office dashboard; it has no page of its own and sends users to their landing page (SPEC §4). */
export const DASHBOARD_PATH = '/admin';
/** Where anonymous users are sent from any non-public route (SPEC §4). */
export const HOME_PATH = '/';
/** The landing pages in order of preference (SPEC §4: jobs list, else the v3 jobs list). */
export const LANDING_PATHS = ['/admin/jobs/list', '/v3/admin/jobs/list'] as const;

const t = (ja: string, en: string): Text => ({ ja, en });

const pub = (path: string, title: Text): RouteDef => ({ path, kind: 'public', title });
/** A candidate's own page: public to the guard, for the signed-in candidate only. */
const mine = (path: string, title: Text): RouteDef => ({ path, kind: 'public', title, mine: true });

/** An admin page; `sidebar` defaults to true for static pages that are not "add" forms. */
function admin(path: string, code: number, area: AreaKey, title: Text, extra: { fallback?: string; children?: RouteDef[] } = {}): RouteDef {
  const sidebar = !path.includes('[') && !/\/add$/.test(path);
  const route: RouteDef = { path, kind: 'admin', code, title, area, sidebar };
  if (extra.fallback !== undefined) route.fallback = extra.fallback;
  if (extra.children !== undefined) route.children = extra.children;
  return route;
}

/**
 * An application's record below a list of applicants, with the list's code: the person, the job,
 * the status and its moves, the chat, the history. Its sheet: one printable page for the client or
 * the interviewer, without contact details (a tab of the record).
 */
const applicantRecord = (list: string, code: number): RouteDef =>
  admin(`${list}/[id]`, code, 'candidates', t('応募者の詳細', 'Applicant'), {
    children: [admin(`${list}/[id]/sheet`, code, 'candidates', t('応募者シート', 'Applicant sheet'))],
  });

/** Template pages under /admin/templates/ with their codes (SPEC §2). */
const TEMPLATES: readonly [name: string, code: number, title: Text][] = [
  ['jobstatus', 200002, t('求人ステータス', 'Job statuses')],
  ['candidateStatus', 200003, t('応募者ステータス', 'Candidate statuses')],
  ['chatbot', 200004, t('チャットボット', 'Chatbot')],
  ['appsettings', 200005, t('アプリ設定', 'App settings')],
  ['otherchatbot', 200006, t('その他のチャットボット', 'Other chatbot')],
  ['mail', 200007, t('メールテンプレート', 'Mail templates')],
  ['contract', 200008, t('契約書テンプレート', 'Contract templates')],
  ['billing', 200009, t('請求書テンプレート', 'Invoice templates')],
  ['jobindustries', 200010, t('業種', 'Job industries')],
  ['jobcategories', 200011, t('職種', 'Job categories')],
  ['terms', 200012, t('利用規約', 'Terms of use')],
  ['privacy', 200013, t('プライバシーポリシー', 'Privacy policy')],
  ['enumjobvalue', 200014, t('求人の選択肢', 'Job option values')],
  ['enumuservalue', 200015, t('ユーザーの選択肢', 'User option values')],
];

/** Top-level routes; child rules are nested under their parent page. */
export const ROUTES: RouteDef[] = [
  // Public routes (SPEC §2), plus /reset-password: the page a password-reset mail links to.
  pub('/', t('ホーム', 'Home')),
  pub('/login', t('ログイン', 'Log in')),
  pub('/staff', t('スタッフの方へ', 'For staff')),
  pub('/download', t('アプリのダウンロード', 'Download the app')),
  pub('/about', t('私たちについて', 'About us')),
  pub('/faq', t('よくある質問', 'FAQ')),
  pub('/policy', t('プライバシーポリシー', 'Privacy policy')),
  pub('/terms', t('利用規約', 'Terms of use')),
  pub('/staff/contact', t('スタッフのお問い合わせ', 'Contact for staff')),
  pub('/v3/trial', t('無料トライアル', 'Free trial')),
  pub('/forget-password', t('パスワードをお忘れの方', 'Forgot your password')),
  pub('/reset-password', t('パスワードの再設定', 'Reset your password')),
  pub('/daily', t('日払い・スポットのお仕事', 'Daily jobs')),
  pub('/part-time', t('アルバイトのお仕事', 'Part-time jobs')),
  // A job's page, and the candidate's own pages; candidates are not back-office users.
  pub('/daily/[id]', t('日払いのお仕事', 'Daily job')),
  pub('/part-time/[id]', t('アルバイトのお仕事', 'Part-time job')),
  pub('/staff/login', t('求職者ログイン', 'Log in to apply')),
  pub('/staff/register', t('求職者の新規登録', 'Register to find work')),
  mine('/staff/applications', t('応募した仕事', 'My applications')),
  // The candidate's chat with the companies they applied to.
  mine('/staff/chat', t('チャット', 'Chat')),
  // The worker's pay, payslips, quick pay and bank account.
  mine('/staff/pay', t('給与・前払い', 'Pay and quick pay')),
  mine('/staff/points', t('ポイント', 'Points')),
  // The candidate's scouting: on or off, what companies see, the offers to answer.
  mine('/staff/scout', t('スカウト', 'Scouting')),
  // A survey a company sent the candidate through the chat, answered once.
  mine('/staff/survey/[id]', t('アンケート', 'Survey')),
  // The candidate's residence card: upload front and back, see the check's state.
  mine('/staff/card', t('在留カード', 'Residence card')),
  // The candidate's open shifts: free seats they may take, taken by applying.
  mine('/staff/shifts', t('空きシフト', 'Open shifts')),

  // The dashboard: no code, redirects to the landing page (SPEC §2, §4).
  { path: DASHBOARD_PATH, kind: 'admin', title: t('ダッシュボード', 'Dashboard'), sidebar: false },

  // Jobs
  admin('/admin/jobs/list', 110001, 'jobs', t('アルバイト求人', 'Part-time jobs'), {
    fallback: DASHBOARD_PATH,
    children: [
      admin('/admin/jobs/add', 110003, 'jobs', t('アルバイト求人の登録', 'New part-time job'), { fallback: DASHBOARD_PATH }),
      // A job's record page: the form, record actions and history.
      admin('/admin/jobs/[id]', 110001, 'jobs', t('アルバイト求人の詳細', 'Part-time job'), { fallback: DASHBOARD_PATH }),
    ],
  }),
  admin('/v3/admin/jobs/list', 330001, 'jobs', t('日払い求人', 'Daily jobs'), {
    children: [
      admin('/v3/admin/jobs/add', 330002, 'jobs', t('日払い求人の登録', 'New daily job')),
      // A daily job's record page: the form, its shifts, record actions and history.
      admin('/v3/admin/jobs/[id]', 330002, 'jobs', t('日払い求人の詳細', 'Daily job')),
    ],
  }),

  // Candidates
  admin('/admin/candidate', 120001, 'candidates', t('応募者一覧', 'Candidates'), {
    children: [applicantRecord('/admin/candidate', 120001)],
  }),
  admin('/admin/candidate/shukkin', 120012, 'candidates', t('出勤管理', 'Attendance')),
  admin('/admin/candidate/kakunin', 120013, 'candidates', t('確認待ち', 'Awaiting confirmation')),
  admin('/v3/admin/candidate/other', 340001, 'candidates', t('アルバイト求人の応募者', 'Part-time applicants'), {
    // The same record for a role that works only the part-time applicants.
    children: [applicantRecord('/v3/admin/candidate/other', 340001)],
  }),
  admin('/v3/admin/candidate/daily', 120001, 'candidates', t('日払い求人の応募者', 'Daily job applicants')),

  // Chat
  // Every conversation the person may answer, with assignee, status and notes (docs/inbox.md). One
  // code per route: 120001 is the chat code every default role that chats holds (DESIGN.md §5);
  // the API lets in whoever holds any chat code and checks each conversation.
  admin('/admin/inbox', 120001, 'chat', t('受信箱', 'Inbox')),
  admin('/v3/admin/supportChat', 420001, 'chat', t('サポートチャット', 'Support chat')),
  // The inbox's weekly report (docs/inbox.md): the daily chat's code, which every role that chats holds by default; the API answers whoever may open a conversation.
  admin('/admin/inbox/report', 120001, 'chat', t('応対レポート', 'Inbox report')),
  // The company's canned replies (docs/inbox.md "Canned replies"): the inbox's code; the API lets the company's staff and the platform write their own set, a client's users none.
  admin('/admin/inbox/replies', 120001, 'chat', t('定型文', 'Canned replies')),

  // Shifts, interviews
  admin('/admin/shift', 130001, 'shifts', t('シフト管理', 'Shifts')),
  admin('/admin/interview', 290002, 'interviews', t('面接管理', 'Interviews')),

  // Salaries, billing
  admin('/admin/salary/monthly', 140002, 'salary', t('月払い給与', 'Monthly salaries')),
  admin('/admin/salary/daily', 140004, 'salary', t('日払い給与', 'Daily salaries')),
  admin('/admin/salary/quickpay', 140005, 'salary', t('前払い（クイックペイ）', 'Quick pay')),
  admin('/admin/billing', 290001, 'billing', t('請求管理', 'Billing')),

  // Workers
  admin('/admin/worker', 160001, 'workers', t('ワーカー一覧', 'Workers')),
  admin('/admin/worker/rcCheckCandidate', 160004, 'workers', t('在留カード確認', 'Residence card check')),

  // Users: each list falls back to the next one (SPEC §2).
  admin('/admin/users/admin', 170002, 'users', t('管理者ユーザー', 'Admin users'), { fallback: '/admin/users/company' }),
  admin('/admin/users/company', 170005, 'users', t('企業ユーザー', 'Company users'), { fallback: '/admin/users/client' }),
  admin('/admin/users/client', 170008, 'users', t('クライアントユーザー', 'Client users')),
  admin('/admin/staff', 150001, 'users', t('スタッフ管理', 'Staff')),
  // What people wrote with the contact form (/staff/contact), for the platform to answer: the staff registry's code, which only the platform holds by default.
  admin('/admin/staff/contact', 150001, 'users', t('お問い合わせ', 'Contact messages')),

  // Companies and clients: child rules fall back to their list (SPEC §2).
  admin('/admin/company', 180001, 'organizations', t('企業の管理', 'Manage companies'), {
    children: [
      admin('/admin/company/add', 180002, 'organizations', t('企業の登録', 'New company'), { fallback: '/admin/company' }),
      admin('/admin/company/edit/[id]', 180003, 'organizations', t('企業の編集', 'Edit company'), { fallback: '/admin/company' }),
      admin('/admin/company/[id]/settings', 180005, 'organizations', t('企業の設定', 'Company settings'), {
        fallback: '/admin/company',
      }),
    ],
  }),
  admin('/admin/clients', 190001, 'organizations', t('クライアントの管理', 'Manage clients'), {
    children: [
      admin('/admin/clients/add', 190002, 'organizations', t('クライアントの登録', 'New client'), { fallback: '/admin/clients' }),
      admin('/admin/clients/edit/[id]', 190003, 'organizations', t('クライアントの編集', 'Edit client'), {
        fallback: '/admin/clients',
      }),
      admin('/admin/clients/[id]/settings', 190005, 'organizations', t('クライアントの設定', 'Client settings'), {
        fallback: '/admin/clients',
      }),
    ],
  }),
  admin('/v3/admin/company', 360001, 'organizations', t('企業一覧', 'Companies'), {
    children: [admin('/v3/admin/company/add', 360001, 'organizations', t('企業を追加', 'Add a company')), admin('/v3/admin/company/[id]', 360001, 'organizations', t('企業の詳細', 'Company'))],
  }),
  admin('/v3/admin/clients', 370001, 'organizations', t('クライアント一覧', 'Clients'), {
    children: [
      admin('/v3/admin/clients/add', 370001, 'organizations', t('クライアントを追加', 'Add a client')),
      admin('/v3/admin/clients/[id]', 370001, 'organizations', t('クライアントの詳細', 'Client')),
    ],
  }),

  // Scouting, points, surveys
  admin('/v3/admin/scout/search', 380001, 'scouting', t('スカウト検索', 'Scout search')),
  admin('/v3/admin/scout/pending', 380001, 'scouting', t('返信待ちのスカウト', 'Pending scouts')),
  admin('/v3/admin/scout/confirm', 380001, 'scouting', t('承諾済みのスカウト', 'Accepted scouts')),
  admin('/v3/admin/point', 390001, 'points', t('ポイント管理', 'Points')),
  admin('/v3/admin/survey', 400001, 'surveys', t('アンケート一覧', 'Surveys'), {
    children: [admin('/v3/admin/survey/add', 400001, 'surveys', t('アンケートの作成', 'New survey'))],
  }),

  // Integrations
  admin('/admin/integration', 410001, 'integrations', t('外部連携', 'Integrations')),
  admin('/admin/integration/romuten', 410002, 'integrations', t('Romuten連携', 'Romuten integration')),

  // Templates
  ...TEMPLATES.map(([name, code, title]) => admin(`/admin/templates/${name}`, code, 'templates', title)),

  // System and platform-only pages
  admin('/admin/roles', 280001, 'system', t('権限管理', 'Roles and permissions')),
  admin('/admin/system/payment', 260001, 'system', t('決済設定', 'Payment settings')),
  admin('/admin/superadmin/crawler', 210001, 'superadmin', t('クローラー', 'Crawler')),
  admin('/admin/superadmin/ads', 220001, 'superadmin', t('広告管理', 'Ads')),
  admin('/admin/superadmin/campaign', 230001, 'superadmin', t('キャンペーン管理', 'Campaigns')),

  // Error pages (SPEC §2, §8)
  { path: '/errors/_error', kind: 'error', title: t('エラーが発生しました', 'Something went wrong') },
  { path: '/errors/error401', kind: 'error', title: t('ログインが必要です', 'Please log in again') },
  { path: '/errors/error404', kind: 'error', title: t('ページが見つかりません', 'Page not found') },
];

/** Depth-first, parent before its children. */
export function flattenRoutes(routes: readonly RouteDef[]): RouteDef[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

export const ALL_ROUTES: readonly RouteDef[] = flattenRoutes(ROUTES);

/** Sidebar group order and titles. */
export const AREAS: readonly { key: AreaKey; title: Text }[] = [
  { key: 'jobs', title: t('求人', 'Jobs') },
  { key: 'candidates', title: t('応募者', 'Candidates') },
  { key: 'chat', title: t('チャット', 'Chat') },
  { key: 'shifts', title: t('シフト', 'Shifts') },
  { key: 'interviews', title: t('面接', 'Interviews') },
  { key: 'salary', title: t('給与', 'Salaries') },
  { key: 'billing', title: t('請求', 'Billing') },
  { key: 'workers', title: t('ワーカー', 'Workers') },
  { key: 'users', title: t('ユーザー', 'Users') },
  { key: 'organizations', title: t('企業・クライアント', 'Companies and clients') },
  { key: 'scouting', title: t('スカウト', 'Scouting') },
  { key: 'points', title: t('ポイント', 'Points') },
  { key: 'surveys', title: t('アンケート', 'Surveys') },
  { key: 'integrations', title: t('外部連携', 'Integrations') },
  { key: 'templates', title: t('テンプレート', 'Templates') },
  { key: 'system', title: t('システム', 'System') },
  { key: 'superadmin', title: t('スーパー管理者', 'Super admin') },
];

/** Every distinct permission code in the table, ascending. */
export const ADMIN_CODES: readonly number[] = [...new Set(ALL_ROUTES.flatMap((r) => (r.code === undefined ? [] : [r.code])))].sort((a, b) => a - b);

// ---------------------------------------------------------------------------------------------
// Matching

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** What the guard needs from a route table; {@link compileRoutes} builds one from any list of routes. */
export interface RouteTable {
  /** The route a request pathname lands on, with its params. */
  match(pathname: string): RouteMatch | undefined;
  /** Exact pattern lookup (used to follow fallbacks). */
  byPath(path: string): RouteDef | undefined;
}

type Segment = { param: string } | { text: string };

const PARAM = /^\[([A-Za-z_][A-Za-z0-9_]*)\]$/;

function parsePattern(path: string): Segment[] {
  return splitPath(path).map((s) => {
    const m = PARAM.exec(s);
    return m ? { param: m[1]! } : { text: s };
  });
}

/** Path segments; '/' has none. */
function splitPath(path: string): string[] {
  return path === '/' ? [] : path.replace(/^\//, '').split('/');
}

/**
 * Normalizes a request pathname: drops a query string or fragment if one slipped in and tolerates
 * one trailing slash. Returns undefined for something that is not an absolute path.
 */
function normalizePathname(pathname: string): string | undefined {
  let p = pathname.split(/[?#]/, 1)[0] ?? '';
  if (!p.startsWith('/')) return undefined;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/**
 * Builds a matcher over a list of routes (flattened, children included). Throws on a duplicate
 * pattern, since a path must name exactly one route.
 */
export function compileRoutes(routes: readonly RouteDef[]): RouteTable {
  const byPattern = new Map<string, RouteDef>();
  // A path without parameters is found by its text; the others are tried among the patterns of as
  // many segments (every page request asks, and the table has a few hundred rows).
  const fixed = new Map<string, RouteDef>();
  const bySegments = new Map<number, { route: RouteDef; segments: Segment[] }[]>();
  for (const route of routes) {
    if (byPattern.has(route.path)) throw new Error(`duplicate route ${route.path}`);
    byPattern.set(route.path, route);
    const segments = parsePattern(route.path);
    if (segments.every((s) => 'text' in s)) fixed.set(route.path, route);
    else bySegments.set(segments.length, [...(bySegments.get(segments.length) ?? []), { route, segments }]);
  }

  return {
    byPath: (path) => byPattern.get(path),
    match(pathname) {
      const normalized = normalizePathname(pathname);
      if (normalized === undefined) return undefined;
      // Static segments win over params: a path that is a route's whole text is that route.
      const exact = fixed.get(normalized);
      if (exact) return { route: exact, params: {} };
      const parts = splitPath(normalized);
      if (parts.some((p) => p === '')) return undefined; // '//' never matches

      let best: { match: RouteMatch; rank: string } | undefined;
      for (const { route, segments } of bySegments.get(parts.length) ?? []) {
        const params: Record<string, string> = {};
        let rank = '';
        let ok = true;
        for (let i = 0; i < segments.length && ok; i++) {
          const seg = segments[i]!;
          const part = parts[i]!;
          if ('text' in seg) {
            ok = seg.text === part;
            rank += '0';
          } else {
            try {
              params[seg.param] = decodeURIComponent(part);
            } catch {
              ok = false; // malformed escape: no route
            }
            rank += '1';
          }
        }
        // Static segments win over params, earliest segment first ('0' < '1').
        if (ok && (best === undefined || rank < best.rank)) best = { match: { route, params }, rank };
      }
      return best?.match;
    },
  };
}

/** The real table. */
export const ROUTE_TABLE: RouteTable = compileRoutes(ALL_ROUTES);

export function matchRoute(pathname: string): RouteMatch | undefined {
  return ROUTE_TABLE.match(pathname);
}

export function routeByPath(path: string): RouteDef | undefined {
  return ROUTE_TABLE.byPath(path);
}

/** Fills the `[param]` segments of a pattern. Throws when a param is missing. */
export function hrefFor(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\[([A-Za-z_][A-Za-z0-9_]*)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`hrefFor(${path}): missing param "${name}"`);
    return encodeURIComponent(value);
  });
}

/**
 * The permission code of a route, for whatever is allowed to those who may open that page (an API
 * operation, a list's rows): the code is written once, in the row above. Throws on a path that is
 * not a route with a code, so a renamed page fails at start-up, not at the first request.
 */
export function routeCode(path: string): number {
  const code = routeByPath(path)?.code;
  if (code === undefined) throw new Error(`routeCode(${path}): not a route of the table with a permission code`);
  return code;
}

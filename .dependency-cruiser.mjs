/**
 * The import rule of DESIGN.md §3 (docs/architecture.md "Layers and the import rule"), checked by
 * `npm run depcruise` in `npm test`:
 *
 *   web → api → resources / modules / chat → events / db        (imports point down only)
 *   a feature folder (server/modules/<feature>/, server/chat/) holds all three tiers of its
 *   feature: its screens/ are of the web tier, its api/ of the API tier, the rest of the domain
 *   server/access, shared/ and the small helpers (auth, config, mail, validation) are read by all
 *   views/ and client/ import no server code except shared/ and the browser-safe modules below
 *   no import cycles anywhere (type-only imports and lazy import() included)
 *
 * The baseline of known violations, .dependency-cruiser-known-violations.json (`--ignore-known`), is
 * empty: every violation fails the build. Fix the import; do not add to the baseline.
 */

/** Server modules the browser bundle and the views may import: pure, no I/O, no server imports at run time. */
const BROWSER_SAFE = [
  // The socket.io protocol both ends speak (event maps, payload types, limits); moving to shared/.
  '^server/chat/events\\.ts$',
  // The GraphQL operation documents (strings) the islands send over graphql-ws.
  '^server/api/operations\\.ts$',
  // The published legal text → sections (pure text processing) the legal pages render.
  '^server/modules/templates/legal-text\\.ts$',
];

/** The web tier: the screen kit and the feature folders' screens. */
const WEB = ['^server/web/', '^server/modules/[^/]+/screens/', '^server/chat/screens/'];
/** The API tier: GraphQL, REST compat and authz, and the feature folders' API modules. */
const API = ['^server/api/', '^server/modules/[^/]+/api/', '^server/chat/api/'];

/** The composition roots, where the layers are wired together: they may import anything. */
const ROOTS = ['^server/app\\.ts$', '^server/(main|cluster|boot)\\.ts$', '^scripts/', '^test/', '\\.test\\.tsx?$'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle ties its modules into one: none may be understood, tested or moved alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-and-views-only-from-web',
      severity: 'error',
      comment: 'Nothing below the web tier knows pages: only server/web and the composition root import server/web or views/.',
      from: { path: '^server/', pathNot: [...WEB, ...ROOTS] },
      to: { path: [...WEB, '^views/'] },
    },
    {
      name: 'web-never-touches-the-database',
      severity: 'error',
      comment: 'Pages load through the ApiClient (DESIGN.md §2), never the database or the event bus directly.',
      from: { path: WEB },
      to: { path: ['^server/db/', '^server/events/'] },
    },
    {
      name: 'domain-below-the-api',
      severity: 'error',
      comment: 'Resources, modules and chat are below the API: what they share with it belongs in server/access or a module.',
      from: { path: '^server/(resources|modules|chat)/', pathNot: [...WEB, ...API, ...ROOTS] },
      to: { path: API },
    },
    {
      name: 'infrastructure-knows-no-feature',
      severity: 'error',
      comment: 'The event bus carries events and the database layer stores rows; neither imports a feature above it.',
      from: {
        path: '^server/(events|db)/',
        // The demo seed composes every module's demo data: a composition root of its own.
        pathNot: ['^server/db/seed/', ...ROOTS],
      },
      to: {
        path: '^server/(api|web|resources|modules|chat)/',
        // The one Database type gathers each module's table file, the chat's too (STYLE.md 10): types only.
        pathNot: ['^server/modules/[^/]+/tables\\.ts$', '^server/chat/tables\\.ts$'],
      },
    },
    {
      name: 'access-is-neutral',
      severity: 'error',
      comment: 'server/access (route table, guard, codes) is read by web and api alike, so it imports neither (only shared/ and the role data).',
      from: { path: '^server/access/', pathNot: ROOTS },
      to: { path: '^(server|client|views)/', pathNot: ['^server/access/', '^server/auth/default-roles\\.ts$'] },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'shared/ is read by the server and the browser, so it imports neither.',
      from: { path: '^shared/' },
      to: { path: '^(server|client|views)/' },
    },
    {
      name: 'browser-code-imports-no-server-code',
      severity: 'error',
      comment: 'Islands and views get server data as props or over the API; they import only shared/ and the browser-safe modules listed in this file.',
      from: { path: '^(client|views)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/', pathNot: BROWSER_SAFE },
    },
    {
      name: 'browser-code-leaves-the-server-texts-out',
      severity: 'error',
      comment: 'shared/texts/ holds the sentences only server-drawn pages, PDFs and mails say; an island that imported it would ship them all. Islands take their sentences from shared/messages.ts.',
      from: { path: '^client/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^shared/texts/' },
    },
    {
      name: 'browser-safe-modules-stay-pure',
      severity: 'error',
      comment: 'A browser-safe module imports no server code at run time (types are fine), or the bundle would pull it in.',
      from: { path: BROWSER_SAFE },
      to: { path: '^server/', dependencyTypesNot: ['type-only', 'type-import'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules', '^public/'] },
    // Type-only imports are imports: a view that needs a server type is still coupled to it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    cache: false,
  },
};

type Live = typeof import('./live.ts');
let loading: Promise<Live> | undefined;

/**
 * The chat connection code (live.ts: socket.io, graphql-ws), loaded once, with a dynamic import,
 * by the back-office islands that need it: it is not part of what a page loads and preloads at
 * first (docs/ui.md "JavaScript budget").
 */
export function loadLive(): Promise<Live> {
  loading ??= import('./live.ts');
  return loading;
}

import { createRequire } from 'node:module';
import type { WebSocket as WsWebSocket } from 'ws';
import { jsdomPage } from '../helpers/jsdom-page.ts';

// Node's ws by require: this project resolves imports as a browser does, and ws's browser entry is a stub.
const NodeWebSocket = createRequire(import.meta.url)('ws').WebSocket as typeof WsWebSocket;

/**
 * The islands' tests run in jsdom, whose own WebSocket does not work under vitest (its events come
 * from another realm than the one undici checks, and it keeps the Origin of the URL the page was
 * first given). In its place, a WebSocket that does what a browser's does for the page: it sends
 * the page's Origin and the cookies of the page's cookie jar (httpOnly ones included), so the chat
 * and graphql-ws see the session exactly as from a browser. Installed before any module runs,
 * because socket.io's and graphql-ws's browser builds pick the WebSocket up when they load.
 */
class PageWebSocket extends NodeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    const http = new URL(url);
    http.protocol = http.protocol === 'wss:' ? 'https:' : 'http:';
    super(url, protocols, { headers: { origin: location.origin, cookie: jsdomPage().cookieJar.getCookieStringSync(http.href, { http: true }) } });
  }
}

globalThis.WebSocket = PageWebSocket as unknown as typeof WebSocket;

import type { RoleMaps } from '../auth/default-roles.ts';
import type { GraphQLFormattedError } from 'graphql';
import { badVariable, type ApiClient, type Caller, type GraphQLResult, type InfoTokenResult } from './client.ts';
import { RemoteRoleMapCache } from './remote-role-maps.ts';
import { ApiUnavailableError } from './errors.ts';
import { OPS } from './operations.ts';
import type { CardAnswer } from './card-images.ts';
import { CARD_IMAGES_PATH } from '../modules/workforce/card-format.ts';

/** graphql-js's words for a variable that does not fit its type (no path: nothing ran). */
const isVariableError = (e: GraphQLFormattedError) => !e.path && /^Variable "\$\w+"/.test(e.message);

/** A mutation document that saves the role maps (the /admin/roles form): the cache drops them at once. */
const SAVES_ROLE_MAPS = /\bsaveRoleMaps\s*\(/;

/** How long the web tier waits for the API before it shows the 503 page. */
export const API_TIMEOUT_MS = 5_000;
/** How long it waits for an upload it sends on (as long as the proxy waits for one the browser sends). */
const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * The ApiClient of a web tier that runs apart from the API (API_URL, DESIGN.md §2): the same
 * calls over HTTP, with a timeout so a dead API gives an error page, never a hang.
 */
export function createHttpClient(apiUrl: string, timeoutMs = API_TIMEOUT_MS): ApiClient & { roleMapCache: RemoteRoleMapCache } {
  const base = apiUrl.replace(/\/$/, '');
  async function call(path: string, init: RequestInit, ms = timeoutMs): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(ms) });
    } catch (err) {
      throw new ApiUnavailableError(err);
    }
  }
  const headersFor = (caller: Caller): Record<string, string> => ({
    accept: 'application/json',
    'accept-language': caller.lang,
    cookie: `lang=${caller.lang}`,
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(caller.ip ? { 'x-forwarded-for': caller.ip } : {}),
  });
  const client: ApiClient & { roleMapCache: RemoteRoleMapCache } = {
    async infoToken(token, aud = 'admin'): Promise<InfoTokenResult> {
      if (aud === 'candidate') {
        // Account/InfoToken is the back office's call (SPEC §7); a candidate's session is read with `me`.
        const r = await client.graphql<{ me: Record<string, unknown> | null }>(OPS.Me, {}, { token, aud: 'candidate', lang: 'ja', ip: '' });
        return r.data?.me ? { status: 200, user: r.data.me as never } : { status: 401 };
      }
      const res = await call('/Account/InfoToken', { headers: { authorization: `jwt ${token}` } });
      if (res.status === 200) return { status: 200, user: await res.json() };
      if (res.status === 401) return { status: 401 };
      if (res.status >= 502) throw new ApiUnavailableError(`status ${res.status}`);
      return { status: 500 };
    },
    roleMaps: (token) => roleMapCache.get(token),
    roleMapCache: undefined as unknown as RemoteRoleMapCache,
    async graphql<T>(document: string, variables: Record<string, unknown>, caller: Caller): Promise<GraphQLResult<T>> {
      const res = await call('/graphql', { method: 'POST', headers: { ...headersFor(caller), 'content-type': 'application/json' }, body: JSON.stringify({ query: document, variables }) });
      if (res.status >= 502) throw new ApiUnavailableError(`status ${res.status}`);
      const result = (await res.json()) as GraphQLResult<T>;
      // A variable its declared type refuses stops the operation before it runs: the caller's
      // input, said beside the variable's field, as the in-process client says it (client.ts).
      if (result.errors?.length && result.data === undefined && result.errors.every(isVariableError)) {
        return { errors: result.errors.map((e) => badVariable(e.message, caller.lang)) };
      }
      if (SAVES_ROLE_MAPS.test(document) && result.data) roleMapCache.invalidate();
      return result;
    },
    async uploadResidenceCard(form, caller) {
      // Two photos and their re-encoding: the proxy's time, not a page's. The form sets its own type (multipart, with its boundary).
      const res = await call(CARD_IMAGES_PATH, { method: 'POST', headers: headersFor(caller), body: form }, UPLOAD_TIMEOUT_MS);
      if (res.status >= 502) throw new ApiUnavailableError(`status ${res.status}`);
      return { status: res.status, body: await res.json() } as CardAnswer;
    },
  };
  async function loadRoleMaps(token: string | undefined): Promise<RoleMaps> {
    const r = await client.graphql<{ roleMaps: { pageRoles: { code: number; roles: string[] }[]; actionRoles: { code: number; roles: string[] }[] } }>(OPS.RoleMaps, {}, { token, lang: 'ja', ip: '' });
    if (!r.data?.roleMaps) throw new Error(`roleMaps failed: ${r.errors?.[0]?.message ?? 'no data'}`);
    const toMap = (entries: { code: number; roles: string[] }[]) => Object.fromEntries(entries.map((e) => [String(e.code), e.roles]));
    return { pageRoles: toMap(r.data.roleMaps.pageRoles), actionRoles: toMap(r.data.roleMaps.actionRoles) };
  }
  const roleMapCache = new RemoteRoleMapCache(`${base.replace(/^http/, 'ws')}/graphqlws`, loadRoleMaps);
  client.roleMapCache = roleMapCache;
  return client;
}

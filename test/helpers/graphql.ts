/**
 * GraphQL over HTTP as an island, a script or another process sends it: POST /graphql with a JSON
 * body and, outside the browser, `Authorization: Bearer`. No vitest imports, so the benchmarks
 * can use it too. A TestApp has the same call bound to itself (`t.gql`, with `as: 'admin'`).
 */

export interface GqlError {
  message: string;
  path?: readonly (string | number)[];
  extensions?: { code?: string; fields?: Record<string, string>; [key: string]: unknown };
}

/**
 * What a test reads from `data`: the fields its own document selected. Typing each answer by hand
 * would only restate the document; a wrong path fails the test's expectation all the same.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type GqlData = any;

export interface GqlAnswer {
  /** The HTTP status of the answer. */
  status: number;
  data?: GqlData;
  errors?: GqlError[];
}

export interface GqlOptions {
  /** A session token, sent as `Authorization: Bearer`. */
  token?: string | undefined;
  headers?: Record<string, string>;
}

/** The raw POST /graphql, for a test that looks at the response itself (status, timing, headers). */
export function postGraphql(baseUrl: string, query: string, variables: Record<string, unknown> = {}, opts: GqlOptions = {}): Promise<Response> {
  return fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    body: JSON.stringify({ query, variables }),
  });
}

/** POST /graphql; the answer's status, data and errors. A body that is not JSON fails with its start. */
export async function gql(baseUrl: string, query: string, variables: Record<string, unknown> = {}, opts: GqlOptions = {}): Promise<GqlAnswer> {
  const res = await postGraphql(baseUrl, query, variables, opts);
  const text = await res.text();
  let body: { data?: GqlData; errors?: GqlError[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`POST /graphql answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
  }
  return { status: res.status, ...body };
}

/** The data of a call that must succeed; its errors otherwise, as the thrown message. */
export function dataOf(answer: GqlAnswer, what = 'GraphQL call'): GqlData {
  if (answer.errors?.length || answer.data === undefined || answer.data === null) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** The error code of the first error (`extensions.code`), if any. */
export const firstCode = (answer: GqlAnswer) => answer.errors?.[0]?.extensions?.code;

/** A token from the app's own GraphQL `login` mutation: how a candidate or a script gets one. */
export async function loginByPassword(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await gql(baseUrl, 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }', { e: email, p: password });
  const token = answer.data?.login?.token;
  if (typeof token !== 'string') throw new Error(`login as ${email} on ${baseUrl} failed: ${JSON.stringify(answer.errors)}`);
  return token;
}

/**
 * A notification whose title carries `text` (for tests that follow one notification through a
 * subscription): the new-application message with `text` as the job, and the way back from a
 * title, in either language, to the `text` it carries.
 */
export const probeNote = (text: string) => ({ key: 'notify.newApplication' as const, params: { job: text } });
export const probeText = (title: string): string => title.replace(/^(新しい応募|New application): /, '');

/** Staff place the person with e-mail `$e` on shift `$s`; the application it makes. */
export const ASSIGN_SHIFT = 'mutation($s: ID!, $e: String!) { assignShift(shiftId: $s, email: $e) { applicationId } }';

/** Staff move applications `$ids` on to `$to`: those moved, and those refused with the reason. */
export const MOVE_APPLICANT = 'mutation($ids: [ID!]!, $to: String!) { moveApplicant(ids: $ids, to: $to) { moved refused { id reason message } } }';

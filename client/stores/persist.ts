/**
 * SPEC §4: client state is written to local storage as JSON on every change; reading it back at
 * start-up has no effect (the server's render is the source of truth), so there is no reader.
 */
export function persistState(key: string, state: unknown): void {
  try {
    globalThis.localStorage?.setItem(`tsunagu:${key}`, JSON.stringify(state));
  } catch {
    // Storage full or disabled (private mode): the state still lives in memory and the cookie.
  }
}

/**
 * SPEC §4: client state is written to local storage as JSON on every change; reading it back at
 * start-up has no effect (the server's render is the source of truth), so there is no reader.
 *
 * What is stored belongs to the person signed in: keys carry their identity (`admin:<id>`,
 * `candidate:<id>`, from the page's <html data-admin-id / data-candidate-id>), and logging out
 * clears that identity's keys (boot.ts), so the next person on the same browser finds nothing of
 * theirs — neither state nor unsent chat messages.
 */

/** The identity a page's stored state belongs to; `anonymous` when nobody of that kind is signed in. */
export function pageIdentity(kind?: 'admin' | 'candidate'): string {
  const data = typeof document === 'undefined' ? undefined : document.documentElement.dataset;
  const admin = data?.adminId ? `admin:${data.adminId}` : null;
  const candidate = data?.candidateId ? `candidate:${data.candidateId}` : null;
  if (kind === 'admin') return admin ?? 'anonymous';
  if (kind === 'candidate') return candidate ?? 'anonymous';
  return admin ?? candidate ?? 'anonymous';
}

let scope: string | null = null;

/** Whose state this page writes (the chat sets it to the session it speaks for). */
export function setStorageScope(identity: string): void {
  scope = identity;
}

export function persistState(key: string, state: unknown): void {
  try {
    globalThis.localStorage?.setItem(`tsunagu:${scope ?? pageIdentity()}:${key}`, JSON.stringify(state));
  } catch {
    // Storage full or disabled (private mode): the state still lives in memory and the cookie.
  }
}

/** Removes everything stored for an identity: its state and its chat outbox. */
export function clearIdentity(identity: string, storage: Pick<Storage, 'length' | 'key' | 'removeItem'> | undefined = globalThis.localStorage): void {
  if (!storage || identity === 'anonymous') return;
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k && (k.startsWith(`tsunagu:${identity}:`) || k === `tsunagu.chat.outbox:${identity}`)) doomed.push(k);
  }
  for (const k of doomed) storage.removeItem(k);
}

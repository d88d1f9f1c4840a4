import type { Request, Response } from 'express';

/*
 * Small request helpers shared by the API's routes, the web tier's form posts and the chat's
 * upload routes. Below all of them, so none imports another's tier for these
 * (docs/architecture.md "Layers and the import rule").
 */

/** The bearer token of an API call: `Authorization: Bearer x` (SPEC §7) or `jwt x` (Account/InfoToken). */
export function headerToken(req: Request, scheme: 'bearer' | 'jwt'): string | undefined {
  const h = req.get('authorization');
  if (!h) return undefined;
  const [s, t] = h.trim().split(/\s+/, 2);
  return s?.toLowerCase() === scheme && t ? t : undefined;
}

/**
 * A cookie-authenticated call must come from our own pages: browsers send Origin on
 * cross-site POSTs, and Sec-Fetch-Site where they support it. Header tokens are not sent by
 * browsers on their own, so they need no such check.
 */
export function sameOrigin(req: Request): boolean {
  // Browsers that send Sec-Fetch-Site say it directly; trust that over Origin, which is "null"
  // under some referrer policies.
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = req.get('origin');
  if (!origin) return true;
  try {
    return new URL(origin).host === req.get('host');
  } catch {
    return false;
  }
}

/**
 * An upload once its caller is known: refused as too large by its declared length before it
 * spends one of the caller's uploads (`budget`, a rate limiter keyed by `caller`; none left:
 * 'rate'), then read to its limit (readUpload).
 */
export async function takeUpload(req: Request, limit: number, budget: UploadBudget, caller: string): Promise<Buffer | 'tooLarge' | 'rate' | 'aborted'> {
  if (Number(req.get('content-length')) > limit) return 'tooLarge';
  if (!(await spendUpload(budget, caller))) return 'rate';
  return readUpload(req, limit);
}

/** How many uploads a caller has left: a rate limiter (its `consume` refuses when none is left). */
export type UploadBudget = { consume(key: string): Promise<unknown> };

/** Spends one of the caller's uploads; false when none is left. */
export const spendUpload = (budget: UploadBudget, caller: string): Promise<boolean> =>
  budget.consume(caller).then(
    () => true,
    () => false,
  );

/** A form's body (multipart with its files, or urlencoded) read by the platform's own reader, no upload package; null when it is not one. */
export async function formOfBody(contentType: string, body: Buffer): Promise<FormData | null> {
  try {
    return await new globalThis.Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
  } catch {
    return null;
  }
}

/**
 * An upload's body, read only once the caller has been checked (who they are, what they may write
 * to, how many uploads they have left): a body that says it is over `limit` (Content-Length) is
 * refused without a byte read, and one without a length (chunked) is read as it streams and
 * refused the moment it passes `limit`. So a stranger's request never costs more memory than its
 * headers, and a person's never more than the limit.
 */
export function readUpload(req: Request, limit: number): Promise<Buffer | 'tooLarge' | 'aborted'> {
  const declared = req.get('content-length');
  if (declared !== undefined && !(Number(declared) <= limit)) return Promise.resolve('tooLarge');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | 'tooLarge' | 'aborted') => {
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Nothing more is read: the answer closes the connection (refuseUnread).
        req.pause();
        return done('tooLarge');
      }
      chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks, size));
    const onAbort = () => done('aborted');
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onAbort);
  });
}

/** How long, and how much more of a refused body, is read and dropped so the client sees its answer. */
const LINGER_MS = 2000;
const LINGER_BYTES = 256 * 1024;

/**
 * Closes the connection of an answer given without reading the request's body (a refused upload)
 * the way RFC 9112 section 9.6 asks, and bounds what that costs. Hanging up at once, as Node does
 * when the client asked to close, resets a connection the client is still writing to, and the
 * client loses the answer; reading the rest of the body to keep the connection, as Node does
 * otherwise, costs the time to receive all of it. Instead, once the answer is written, the
 * server's side is closed, what still arrives is dropped unread, and the connection is reset
 * when the client has sent LINGER_BYTES more or LINGER_MS have passed. A refused 20 MB upload
 * costs neither memory nor the time to receive it.
 */
export function refuseUnread(req: Request, res: Response): void {
  if (req.complete) return;
  // Kept open by Node after the answer (it then drops what arrives); closed below.
  res.set('Connection', 'keep-alive');
  res.once('finish', () => {
    const socket = req.socket;
    let dropped = 0;
    const hangUp = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(hangUp, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // The answer is all the client gets on this connection.
    socket.end();
    if (req.complete) return;
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) hangUp();
    });
  });
}

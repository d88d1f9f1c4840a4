import express, { type Request, type Response, type Router } from 'express';
import type { Services } from '../services.ts';
import { headerToken, refuseUnread, sameOrigin, takeUpload } from '../http-kit.ts';
import { chooseLang } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import { ATTACHMENTS_PATH, IMAGE_TYPES, MAX_IMAGE_BYTES } from './events.ts';
import { type ChatDb, loadConversation, mayAccess, viewerOf } from './queries.ts';
import { isUuid } from '../../shared/ids.ts';

type ImageType = (typeof IMAGE_TYPES)[number];

/** What the bytes are, from their first bytes: the browser's Content-Type is not trusted. */
export function sniffImage(b: Buffer): ImageType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** The longest side an image is kept at: enough for a phone screen at 2×, a fraction of a camera's. */
const MAX_IMAGE_SIDE = 2048;
/** Images of more pixels than this are refused before they are decoded (a small file can unpack to gigabytes). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * What is kept of an upload: the image decoded and written again by sharp (libvips), turned
 * upright by its EXIF orientation, no larger than MAX_IMAGE_SIDE, with every metadata block left
 * out (EXIF with the phone's GPS position, XMP, comments). Writing it again also means the stored
 * bytes are only ever a plain image of the sniffed type, never a file that is something else too.
 * Animated GIF and WebP keep their frames. Null when the bytes do not decode as an image.
 */
export async function cleanImage(bytes: Buffer, mime: ImageType): Promise<Buffer | null> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  // Loaded on the first upload: libvips stays out of start-up and out of processes that never get
  // one. A failure to load it is the server's (500, logged), not the image's.
  const { default: sharp } = await import('sharp');
  try {
    let img = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    if (!animated) img = img.autoOrient();
    img = img.resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    if (mime === 'image/png') img = img.png({ compressionLevel: 9 });
    else if (mime === 'image/jpeg') img = img.jpeg({ quality: 85, mozjpeg: true });
    else if (mime === 'image/gif') img = img.gif();
    else img = img.webp({ quality: 85 });
    return await img.toBuffer();
  } catch {
    return null;
  }
}

const MSG = {
  unauthenticated: 'error.unauthenticated',
  forbidden: 'chat.errForbidden',
  notFound: 'chat.errImageNotFound',
  tooLarge: 'chat.imageTooLarge',
  notImage: 'chat.errNotImage',
  empty: 'chat.errImageEmpty',
  rate: 'chat.errImageRate',
} satisfies Record<string, MessageKey>;

/**
 * Every valid session a request for a file carries (a browser can hold a back-office and a
 * candidate one): `Authorization: Bearer`, or from our own pages the session cookies. Also read by
 * the residence-card images (server/api/card-images.ts).
 */
export async function sessionUsers(services: Pick<Services, 'auth'>, req: Request): Promise<SessionUser[]> {
  const bearer = headerToken(req, 'bearer');
  const tries: { token: string; aud: 'admin' | 'candidate' }[] = bearer
    ? [
        { token: bearer, aud: 'admin' },
        { token: bearer, aud: 'candidate' },
      ]
    : sameOrigin(req)
      ? [
          ...(req.cookies?.token ? [{ token: req.cookies.token as string, aud: 'admin' as const }] : []),
          ...(req.cookies?.candidate_token ? [{ token: req.cookies.candidate_token as string, aud: 'candidate' as const }] : []),
        ]
      : [];
  const users: SessionUser[] = [];
  for (const t of tries) {
    const r = await services.auth.resolve(t.token, t.aud);
    if (r.kind === 'ok') users.push(r.user);
  }
  return users;
}

/** A stored image answered to be shown in the page, never saved as a download; `cacheControl` says who may keep it. */
export function sendImage(res: Response, image: { mime: string; bytes: Buffer }, cacheControl: string): void {
  res.status(200).type(image.mime).set('Cache-Control', cacheControl).set('Content-Disposition', 'inline').send(image.bytes);
}

/** Uploads a person may make in ten minutes. */
export const UPLOADS_PER_10_MIN = 30;

/**
 * Chat images, next to the socket because they follow its rule: POST
 * /chat/attachments?conversation_id= stores an image of a conversation the caller may open (the
 * same `mayAccess` as every socket event) and answers its id, which an image message
 * (message_type 2) then carries; GET /chat/attachments/:id serves it to whoever may open that
 * conversation, and to nobody else. Auth: `Authorization: Bearer` or, from our own pages, the
 * session cookie (back office or candidate).
 */
export function chatAttachmentsRouter(services: Services): Router {
  const router = express.Router();
  const db: ChatDb = services.db;
  // Each person may upload UPLOADS_PER_10_MIN images per ten minutes (across processes with REDIS_URL).
  const uploads = services.bus.limiter({ name: 'chat-uploads', points: UPLOADS_PER_10_MIN, duration: 600 });

  const callers = (req: Request) => sessionUsers(services, req);

  const fail = (req: Request, res: Response, status: number, code: keyof typeof MSG) =>
    void res
      .status(status)
      .set('Cache-Control', 'no-store')
      .json({ error: code, message: msg(chooseLang(req.cookies?.lang, req.get('accept-language')), MSG[code], { mb: MAX_IMAGE_BYTES / 1024 / 1024 }) });

  /** The first of `users` who may open the conversation, if any. */
  async function allowed(users: SessionUser[], conversationId: string): Promise<SessionUser | null> {
    const c = isUuid(conversationId) ? await loadConversation(db, conversationId) : undefined;
    if (!c) return null;
    const maps = await services.roleMaps.get();
    return users.find((u) => mayAccess(viewerOf(u, maps), c)) ?? null;
  }

  // The body is read last, after the caller, the conversation and the rate were checked (takeUpload).
  router.post(ATTACHMENTS_PATH, async (req, res) => {
    const refuse = (status: number, code: keyof typeof MSG) => {
      refuseUnread(req, res);
      fail(req, res, status, code);
    };
    const users = await callers(req);
    if (!users.length) return refuse(401, 'unauthenticated');
    const conversationId = typeof req.query.conversation_id === 'string' ? req.query.conversation_id : '';
    const user = await allowed(users, conversationId);
    if (!user) return refuse(403, 'forbidden');
    // Any body is read as bytes (up to the limit): what it is, is decided by sniffing, not by its Content-Type.
    const bytes = await takeUpload(req, MAX_IMAGE_BYTES, uploads, user.id);
    if (bytes === 'aborted') return;
    if (bytes === 'tooLarge' || bytes === 'rate') return refuse(bytes === 'rate' ? 429 : 413, bytes);
    if (!bytes.length) return fail(req, res, 400, 'empty');
    const mime = sniffImage(bytes);
    const clean = mime && (await cleanImage(bytes, mime));
    if (!mime || !clean) return fail(req, res, 415, 'notImage');
    const row = await db
      .insertInto('chat_attachments')
      .values({ conversation_id: conversationId, uploader_id: user.id, mime, size: clean.length, bytes: clean })
      .returning(['id', 'mime', 'size'])
      .executeTakeFirstOrThrow();
    res.status(201).set('Cache-Control', 'no-store').json(row);
  });

  router.get(`${ATTACHMENTS_PATH}/:id`, async (req, res) => {
    const users = await callers(req);
    if (!users.length) return fail(req, res, 401, 'unauthenticated');
    const id = req.params.id ?? '';
    const row = isUuid(id) ? await db.selectFrom('chat_attachments').select(['conversation_id', 'mime', 'bytes']).where('id', '=', id).executeTakeFirst() : undefined;
    // Someone else's image answers like a missing one.
    if (!row || !(await allowed(users, row.conversation_id))) return fail(req, res, 404, 'notFound');
    // Private: only this person's browser may keep it; the id never points at other bytes.
    sendImage(res, row, 'private, max-age=86400, immutable');
  });

  return router;
}

import express, { type Request, type Response, type Router } from 'express';
import { chooseLang } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';
import { canEnter } from '../access/guard.ts';
import { routeCode } from '../access/routes.ts';
import { tenantOf } from '../access/tenancy.ts';
import { refuseUnread, takeUpload } from '../http-kit.ts';
import { cleanImage, sendImage, sessionUsers, sniffImage } from '../chat/attachments.ts';
import { CardUploadInput, cardImage, saveCardUpload, tenantSeesPerson, visaTypeExists, type CardImage } from '../modules/workforce/card-checks.ts';
import { CARD_IMAGE_TYPES, CARD_IMAGES_PATH, MAX_CARD_IMAGE_BYTES } from '../modules/workforce/card-format.ts';
import type { CardImageType } from '../modules/workforce/tables.ts';
import type { Services } from '../services.ts';
import { isUuid } from '../../shared/ids.ts';

/** The page the upload form is on (a browser's post goes back to it). */
const CARD_PAGE = '/staff/card';
/** The code of the check screen (/admin/worker/rcCheckCandidate, 160004): who may look at someone's card. */
const CHECK_CODE = routeCode('/admin/worker/rcCheckCandidate');
/** The whole form: two full images and the fields. */
const MAX_FORM_BYTES = 2 * MAX_CARD_IMAGE_BYTES + 256 * 1024;
/** Card uploads a person may make per hour. */
const UPLOADS_PER_HOUR = 10;

const MSG = {
  unauthenticated: 'error.unauthenticated',
  notFound: 'error.notFound',
  tooLarge: 'card.errTooLarge',
  notImage: 'card.errNotImage',
  missing: 'card.errMissing',
  record: 'card.errRecord',
  cardNumber: 'card.numberFormat',
  rate: 'card.errRate',
} satisfies Record<string, MessageKey>;
type Failure = keyof typeof MSG;

/**
 * Residence-card images (docs/workforce.md), next to the API because they are
 * not GraphQL: POST /residence-cards takes the candidate's multipart form (front, back, and the
 * card's record); each image's type is decided by its bytes (PNG, JPEG or WebP), its size capped
 * (MAX_CARD_IMAGE_BYTES), and it is decoded and written again by sharp without its metadata, as
 * chat images are. GET /residence-cards/:id/front|back serves an image to the person whose card
 * it is, or to back-office users who may open the check screen (160004) and whose tenant the
 * person applied to; to anyone else it is a 404, like a card that does not exist.
 *
 * A browser's form post (Accept: text/html) is answered with a redirect to /staff/card that
 * says what happened; any other client gets JSON and a status code.
 */
export function cardImagesRouter(services: Services): Router {
  const router = express.Router();
  const { db } = services;
  const uploads = services.bus.limiter({ name: 'card-uploads', points: UPLOADS_PER_HOUR, duration: 3600 });

  const callers = (req: Request) => sessionUsers(services, req);

  const wantsPage = (req: Request) => (req.get('accept') ?? '').includes('text/html');
  const fail = (req: Request, res: Response, status: number, code: Failure) => {
    res.set('Cache-Control', 'no-store');
    if (req.method === 'POST' && wantsPage(req)) return void res.redirect(303, `${CARD_PAGE}?error=${code}`);
    const message = msg(chooseLang(req.cookies?.lang, req.get('accept-language')), MSG[code], { mb: MAX_CARD_IMAGE_BYTES / 1024 / 1024 });
    // A field's mistake names the field, as every form's error does.
    res.status(status).json({ error: code, message, ...(code === 'cardNumber' ? { fields: { cardNumber: message } } : {}) });
  };

  /** One side's image, checked and re-encoded, or why not. */
  async function imageOf(value: FormDataEntryValue | null): Promise<CardImage | Failure> {
    if (!value || typeof value === 'string' || value.size === 0) return 'missing';
    if (value.size > MAX_CARD_IMAGE_BYTES) return 'tooLarge';
    const bytes = Buffer.from(await value.arrayBuffer());
    const mime = sniffImage(bytes);
    if (!mime || !(CARD_IMAGE_TYPES as readonly string[]).includes(mime)) return 'notImage';
    const clean = await cleanImage(bytes, mime);
    return clean ? { bytes: clean, mime: mime as CardImageType } : 'notImage';
  }

  // The body is read last, after the caller and the rate were checked (takeUpload).
  router.post(CARD_IMAGES_PATH, async (req, res) => {
    const refuse = (status: number, code: Failure) => {
      refuseUnread(req, res);
      fail(req, res, status, code);
    };
    const person = (await callers(req)).find((u) => u.role === 'candidate');
    if (!person) return refuse(401, 'unauthenticated');
    const body = await takeUpload(req, MAX_FORM_BYTES, uploads, person.id);
    if (body === 'aborted') return;
    if (body === 'tooLarge' || body === 'rate') return refuse(body === 'rate' ? 429 : 413, body);
    let form: FormData;
    try {
      // Parsed by the platform's own multipart reader.
      form = await new globalThis.Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': req.get('content-type') ?? '' }, body: new Uint8Array(body) }).formData();
    } catch {
      return fail(req, res, 400, 'missing');
    }
    const front = await imageOf(form.get('front'));
    if (typeof front === 'string') return fail(req, res, front === 'tooLarge' ? 413 : front === 'missing' ? 400 : 415, front);
    const back = await imageOf(form.get('back'));
    if (typeof back === 'string') return fail(req, res, back === 'tooLarge' ? 413 : back === 'missing' ? 400 : 415, back);
    const field = (k: string) => {
      const v = form.get(k);
      return typeof v === 'string' ? v : undefined;
    };
    const record = CardUploadInput.safeParse({ cardNumber: field('cardNumber') ?? '', visaTypeId: field('visaTypeId'), expiry: field('expiry'), permission: field('permission') });
    if (!record.success) {
      // Only the number's format wrong: said at the number; anything missing: the record's sentence.
      const onlyFormat = record.error.issues.every((i) => i.path[0] === 'cardNumber' && i.message === 'format');
      return fail(req, res, 422, onlyFormat ? 'cardNumber' : 'record');
    }
    if (!(await visaTypeExists(db, record.data.visaTypeId))) return fail(req, res, 422, 'record');
    const id = await saveCardUpload(db, services.bus, { id: person.id, name: person.name }, record.data, front, back);
    res.set('Cache-Control', 'no-store');
    if (wantsPage(req)) return void res.redirect(303, `${CARD_PAGE}?saved=1`);
    res.status(201).json({ id });
  });

  router.get(`${CARD_IMAGES_PATH}/:id/:side`, async (req, res) => {
    const users = await callers(req);
    if (!users.length) return fail(req, res, 401, 'unauthenticated');
    const id = req.params.id ?? '';
    const side = req.params.side;
    const image = isUuid(id) && (side === 'front' || side === 'back') ? await cardImage(db, id, side) : null;
    let allowed = false;
    if (image) {
      const maps = await services.roleMaps.get();
      for (const u of users) {
        if (u.role === 'candidate' ? u.id === image.userId : canEnter(maps, u.role, CHECK_CODE) && (await tenantSeesPerson(db, tenantOf(u), image.userId))) {
          allowed = true;
          break;
        }
      }
    }
    // Someone else's card answers like a missing one.
    if (!image || !allowed) return fail(req, res, 404, 'notFound');
    // An identity document: kept by no cache, not even the browser's.
    sendImage(res, image, 'private, no-store');
  });

  return router;
}

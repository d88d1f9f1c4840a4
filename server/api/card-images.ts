import express, { type Request, type Response, type Router } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { chooseLang, type Lang } from '../../shared/i18n.ts';
import { msg, type MessageKey } from '../../shared/messages.ts';
import { canEnter } from '../access/guard.ts';
import { routeCode } from '../access/routes.ts';
import { tenantOf } from '../access/tenancy.ts';
import { formOfBody, refuseUnread, spendUpload, takeUpload } from '../http-kit.ts';
import { cleanImage, sendImage, sessionUsers, sniffImage } from '../chat/attachments.ts';
import type { EventBus } from '../events/bus.ts';
import type { SessionUser } from '../modules/auth/service.ts';
import { CardUploadInput, cardImage, saveCardUpload, tenantSeesPerson, visaTypeExists, type CardImage } from '../modules/workforce/card-checks.ts';
import { CARD_IMAGE_TYPES, CARD_IMAGES_PATH, MAX_CARD_FORM_BYTES, MAX_CARD_IMAGE_BYTES } from '../modules/workforce/card-format.ts';
import type { CardImageType } from '../modules/workforce/tables.ts';
import type { Services } from '../services.ts';
import { isUuid } from '../../shared/ids.ts';
import { fieldErrorsOf, type FieldErrors } from '../validation.ts';

/** The code of the check screen (/admin/worker/rcCheckCandidate, 160004): who may look at someone's card. */
const CHECK_CODE = routeCode('/admin/worker/rcCheckCandidate');
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
 * What the card endpoint answers an upload, as an API client reads it: 201 and the new card's id,
 * or the refusal's status and `{ error, message, fields? }` in the caller's language. `error`,
 * `message` and the status are the first problem's (the front, the back, then the record);
 * `fields` says every field's problem beside its name, as BAD_USER_INPUT's `extensions.fields`
 * does. A refusal before the form is read (401, 413, 429) has no `fields`. The web tier's form post
 * gets the same answer through the ApiClient (uploadResidenceCard).
 */
export interface CardAnswer {
  status: number;
  body: { id: string } | { error: Failure; message: string; fields?: FieldErrors };
}

const say = (lang: Lang, key: MessageKey) => msg(lang, key, { mb: MAX_CARD_IMAGE_BYTES / 1024 / 1024 });

function refusal(lang: Lang, status: number, code: Failure, fields?: FieldErrors): CardAnswer {
  return { status, body: { error: code, message: say(lang, MSG[code]), ...(fields ? { fields } : {}) } };
}

/** One card-upload budget per bus (per process), made on first use: the endpoint and the web tier's form post spend the same one. */
const budgets = new WeakMap<EventBus, RateLimiterAbstract>();
function budgetOf(bus: EventBus): RateLimiterAbstract {
  let budget = budgets.get(bus);
  if (!budget) budgets.set(bus, (budget = bus.limiter({ name: 'card-uploads', points: UPLOADS_PER_HOUR, duration: 3600 })));
  return budget;
}

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

const imageStatus = (f: Failure) => (f === 'tooLarge' ? 413 : f === 'missing' ? 400 : 415);
/** A side's problem as its field says it: a side missing is that side's, not "both sides". */
const sideError = (lang: Lang, f: Failure) => say(lang, f === 'missing' ? 'card.errSideMissing' : MSG[f]);
/** The record's fields a person chooses rather than types: left blank, they say "choose one". */
const CHOICES = new Set(['visaTypeId']);

/**
 * An upload whose body was read and whose budget was spent: every field checked (both images and
 * the record), so that one answer names every problem; the card saved when there is none.
 */
async function checkAndSave(services: Services, person: SessionUser, form: FormData, lang: Lang): Promise<CardAnswer> {
  const fields: FieldErrors = {};
  const front = await imageOf(form.get('front'));
  const back = await imageOf(form.get('back'));
  if (typeof front === 'string') fields.front = sideError(lang, front);
  if (typeof back === 'string') fields.back = sideError(lang, back);
  const field = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v : undefined;
  };
  const input = { cardNumber: field('cardNumber') ?? '', visaTypeId: field('visaTypeId'), expiry: field('expiry'), permission: field('permission') };
  const record = CardUploadInput.safeParse(input);
  if (!record.success) Object.assign(fields, fieldErrorsOf(record.error.issues, input, lang, CHOICES));
  const visa = CardUploadInput.shape.visaTypeId.safeParse(input.visaTypeId);
  const visaKnown = !visa.success || (await visaTypeExists(services.db, visa.data));
  if (!visaKnown) fields.visaTypeId = msg(lang, 'validation.choice');
  if (typeof front === 'string') return refusal(lang, imageStatus(front), front, fields);
  if (typeof back === 'string') return refusal(lang, imageStatus(back), back, fields);
  if (!record.success || !visaKnown) {
    // Only the number's format wrong: the number's error leads; anything else: the record's sentence.
    const onlyFormat = visaKnown && !!record.error?.issues.every((i) => i.path[0] === 'cardNumber' && i.message === 'format');
    return refusal(lang, 422, onlyFormat ? 'cardNumber' : 'record', fields);
  }
  const id = await saveCardUpload(services.db, services.bus, { id: person.id, name: person.name }, record.data, front, back);
  return { status: 201, body: { id } };
}

/**
 * A card upload the web tier has read (the candidate's form post on /staff/card, through the
 * ApiClient): the endpoint's checks and answer, the person's upload budget spent here.
 */
export async function receiveCardForm(services: Services, person: SessionUser | null, form: FormData, lang: Lang): Promise<CardAnswer> {
  if (person?.role !== 'candidate') return refusal(lang, 401, 'unauthenticated');
  if (!(await spendUpload(budgetOf(services.bus), person.id))) return refusal(lang, 429, 'rate');
  return checkAndSave(services, person, form, lang);
}

/**
 * Residence-card images (docs/workforce.md), next to the API because they are
 * not GraphQL: POST /residence-cards takes the candidate's multipart form (front, back, and the
 * card's record); each image's type is decided by its bytes (PNG, JPEG or WebP), its size capped
 * (MAX_CARD_IMAGE_BYTES), and it is decoded and written again by sharp without its metadata, as
 * chat images are. GET /residence-cards/:id/front|back serves an image to the person whose card
 * it is, or to back-office users who may open the check screen (160004) and whose tenant the
 * person applied to; to anyone else it is a 404, like a card that does not exist.
 *
 * Every answer is JSON with a status code. The browser's form is the page's (/staff/card): the web
 * tier reads it and sends it on (receiveCardForm), so a refusal draws the form again as it was typed.
 */
export function cardImagesRouter(services: Services): Router {
  const router = express.Router();
  const { db } = services;

  const callers = (req: Request) => sessionUsers(services, req);
  const langOf = (req: Request) => chooseLang(req.cookies?.lang, req.get('accept-language'));
  const answer = (res: Response, a: CardAnswer) => void res.set('Cache-Control', 'no-store').status(a.status).json(a.body);
  const fail = (req: Request, res: Response, status: number, code: Failure) => answer(res, refusal(langOf(req), status, code));

  // The body is read last, after the caller and the rate were checked (takeUpload).
  router.post(CARD_IMAGES_PATH, async (req, res) => {
    const refuse = (status: number, code: Failure) => {
      refuseUnread(req, res);
      fail(req, res, status, code);
    };
    const person = (await callers(req)).find((u) => u.role === 'candidate');
    if (!person) return refuse(401, 'unauthenticated');
    const body = await takeUpload(req, MAX_CARD_FORM_BYTES, budgetOf(services.bus), person.id);
    if (body === 'aborted') return;
    if (body === 'tooLarge' || body === 'rate') return refuse(body === 'rate' ? 429 : 413, body);
    const form = await formOfBody(req.get('content-type') ?? '', body);
    if (!form) return fail(req, res, 400, 'missing');
    answer(res, await checkAndSave(services, person, form, langOf(req)));
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

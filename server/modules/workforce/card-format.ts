/**
 * What a residence card looks like to the product: pure, read by the API, the
 * domain code and the pages alike.
 */
import type { CardImageType } from './tables.ts';

/** The card number as printed: two letters, eight digits, two letters (e.g. AB12345678CD). */
const CARD_NUMBER = /^[A-Z]{2}\d{8}[A-Z]{2}$/;
export const cardNumberMatches = (n: string): boolean => CARD_NUMBER.test(n);

/** The largest image kept per side, before re-encoding. A phone photo is 2–6 MB. */
export const MAX_CARD_IMAGE_BYTES = 10 * 1024 * 1024;
/** The whole upload form: two full images and the fields. */
export const MAX_CARD_FORM_BYTES = 2 * MAX_CARD_IMAGE_BYTES + 256 * 1024;
export const CARD_IMAGE_TYPES: readonly CardImageType[] = ['image/png', 'image/jpeg', 'image/webp'];

/** Where a candidate posts their card and where its images are fetched (server/api/card-images.ts): never a static path. */
export const CARD_IMAGES_PATH = '/residence-cards';

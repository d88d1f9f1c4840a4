import type { DB } from '../../db/connect.ts';
import type { Outbound } from '../../net/outbound.ts';

/**
 * A banner's image is never hot-linked: the boards would then tell a third party who looked (its
 * server sees each visitor) and the CSP would have to allow other hosts. Instead the image at the
 * URL the superadmin gives is fetched once when the ad is saved (through the outbound guard: no
 * address inside our network; 5 s, 2 MB at most, http(s) only),
 * decoded and written again by sharp as a 1200 × 400 WebP (the banner's fixed 3:1 box, so the page
 * never shifts when it loads), and served from /ads/image/<id>. A path of this site ("/…") is used
 * as it is.
 */
const TIMEOUT_MS = 5_000;
const MAX_BYTES = 2 * 1024 * 1024;
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;

export const isRemoteImage = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/** Fetches and re-encodes an image; a reason (English, for the log and the form's message) when it cannot. */
export async function fetchBannerImage(outbound: Outbound, url: string): Promise<{ data: Buffer; type: string } | { error: 'fetch' | 'size' | 'image' }> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  let bytes: Buffer;
  try {
    const res = await outbound.fetch(url, { signal: ctrl.signal, headers: { accept: 'image/*' } });
    if (!res.ok || !res.body) return { error: 'fetch' };
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BYTES) {
        ctrl.abort();
        return { error: 'size' };
      }
      chunks.push(chunk);
    }
    bytes = Buffer.concat(chunks);
  } catch {
    return { error: 'fetch' };
  } finally {
    clearTimeout(timer);
  }
  const { default: sharp } = await import('sharp');
  try {
    const data = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' }).autoOrient().resize(BANNER_WIDTH, BANNER_HEIGHT, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
    return { data, type: 'image/webp' };
  } catch {
    return { error: 'image' };
  }
}

/** Stores (or clears) the copy of an ad's image after its image URL changed. */
export async function storeBannerImage(db: DB, id: string, image: { data: Buffer; type: string } | null): Promise<void> {
  await db
    .updateTable('ads')
    .set({ image_data: image?.data ?? null, image_type: image?.type ?? null })
    .where('id', '=', id)
    .execute();
}

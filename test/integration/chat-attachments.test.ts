/**
 * Images in the chat ("content is plain text, or an uploaded image"): uploaded to a
 * conversation the caller may open, checked by their bytes and written again without metadata
 * (EXIF: camera, GPS position), served only to the people of that
 * conversation, and sent as an image message (message_type 2) that must name an image of the
 * same conversation.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../server/chat/events.ts';
import { UPLOADS_PER_10_MIN } from '../../server/chat/attachments.ts';
import { ATTACHMENTS_PATH, MAX_IMAGE_BYTES, MESSAGE_IMAGE } from '../../server/chat/events.ts';
import { appForFile, DEMO } from '../helpers/app.ts';
import { candidateConversation, type RawChatSocket, rawSocket, sendMessage, socketConnected, TINY_PNG } from '../helpers/chat.ts';

type ChatClient = RawChatSocket;

/** A PNG whose header claims width × height pixels, with almost no pixel data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

const PNG = TINY_PNG;

const t = appForFile();
let candidateToken: string;
let conversationId: string;
let otherConversationId: string;
const sockets: (() => void)[] = [];

beforeAll(async () => {
  ({ candidateToken, conversationId } = await candidateConversation(t));
  // Another conversation of the same company: an image of one cannot be sent in the other.
  ({ conversationId: otherConversationId } = await candidateConversation(t, 'candidate2@demo.test'));
});
afterAll(async () => {
  for (const close of sockets) close();
});

const upload = (body: Buffer | string, token?: string, conversation = conversationId, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${ATTACHMENTS_PATH}?conversation_id=${conversation}`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
const download = (id: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${ATTACHMENTS_PATH}/${id}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

async function socket(token: string): Promise<ChatClient> {
  const s = rawSocket(t.url, token, { dispose: (close) => sockets.push(close) });
  await socketConnected(s);
  return s;
}
const sendImage = (s: ChatClient, content: string, conversation = conversationId, messageType = MESSAGE_IMAGE) => sendMessage(s, conversation, content, randomUUID(), messageType);

describe('chat images', () => {
  let imageId = '';

  it('a candidate uploads an image to its conversation; both sides of it can fetch it, nobody else', async () => {
    const res = await upload(PNG, candidateToken);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; mime: string; size: number };
    expect(body).toMatchObject({ mime: 'image/png' });
    imageId = body.id;
    let served: Buffer | null = null;

    for (const token of [candidateToken, await t.login('company_admin'), await t.login('company_staff'), await t.login('superadmin')]) {
      const got = await download(imageId, token);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('cache-control')).toMatch(/^private/);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await got.arrayBuffer());
      expect(bytes.length).toBe(body.size);
      if (served) expect(bytes.equals(served)).toBe(true);
      served = bytes;
    }
    // The same picture: a 1×1 PNG.
    expect(await sharp(served!).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    // Another company, a client user without the chat code, and another candidate: as if it did not exist.
    for (const token of [await t.login('company2'), await t.login('client_staff')]) {
      expect((await download(imageId, token)).status).toBe(404);
    }
    expect((await download(imageId)).status).toBe(401);
    // The same-origin session cookie works (an <img> on our page); a cookie from another site does not.
    const cookie = `token=${await t.login('company_admin')}`;
    expect((await download(imageId, undefined, { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await download(imageId, undefined, { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(401);
  });

  it('refuses uploads from outsiders, and anything that is not an image of a sensible size, with a message', async () => {
    expect((await upload(PNG)).status).toBe(401);
    const foreign = await upload(PNG, await t.login('company2'));
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { message: string }).message).toBe('この会話にはアクセスできません。');
    expect((await upload(PNG, candidateToken, 'not-a-uuid')).status).toBe(403);

    // Bytes decide, not the Content-Type: an HTML file called image/png is refused.
    const html = await upload('<script>alert(1)</script>', candidateToken, conversationId, { 'accept-language': 'en' });
    expect(html.status).toBe(415);
    expect(((await html.json()) as { message: string }).message).toBe('Send a PNG, JPEG, GIF or WebP image.');
    expect((await upload(Buffer.alloc(0), candidateToken)).status).toBe(400);
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]), candidateToken);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe('tooLarge');
    // Bytes that start like an image but do not decode as one, and a small PNG that would unpack to
    // 900 million pixels (30,000 × 30,000): refused before anything is stored.
    expect((await upload(PNG.subarray(0, 40), candidateToken)).status).toBe(415);
    expect((await upload(pngClaiming(30_000, 30_000), candidateToken)).status).toBe(415);
    const count = await t.database.db
      .selectFrom('chat_attachments' as never)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number((count as { n: string }).n)).toBe(1);
  });

  it('serves a browser holding two sessions through the one that may open the conversation', async () => {
    // A company2 back-office session beside the candidate's own: company2 may not open it, the candidate may.
    const cookie = `token=${await t.login('company2')}; candidate_token=${candidateToken}`;
    const up = await upload(PNG, undefined, conversationId, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: string };
    const { rows } = await sql<{ email: string }>`select u.email from chat_attachments a join users u on u.id = a.uploader_id where a.id = ${id}`.execute(t.database.db);
    expect(rows).toEqual([{ email: DEMO.candidate }]);
    expect((await download(id, undefined, { cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // The company2 session alone: refused as before.
    expect((await download(id, undefined, { cookie: `token=${await t.login('company2')}`, 'sec-fetch-site': 'same-origin' })).status).toBe(404);
  });

  it('keeps a phone photo upright and at most 2048 px, without its EXIF (camera, GPS position)', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .withMetadata({ orientation: 6 }) // taken with the phone turned: shown rotated 90°
      .withExifMerge({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 46/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.includes('TestPhone')).toBe(true);
    const res = await upload(photo, candidateToken, conversationId, { 'content-type': 'image/jpeg' });
    expect(res.status).toBe(201);
    const { id, mime, size } = (await res.json()) as { id: string; mime: string; size: number };
    expect(mime).toBe('image/jpeg');
    const kept = Buffer.from(await (await download(id, await t.login('company_admin'))).arrayBuffer());
    expect(kept.length).toBe(size);
    expect(size).toBeLessThan(photo.length);
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1536, height: 2048 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(kept.includes('TestPhone')).toBe(false);
  });

  it('an image message names an image of its own conversation; the other side receives it as message_type 2', async () => {
    const candidate = await socket(candidateToken);
    const admin = await socket(await t.login('company_admin'));
    await admin.timeout(5_000).emitWithAck('joinConversation', { conversation_id: conversationId });
    const heard = new Promise<ChatMessage>((resolve) => admin.on('newMessage', (m) => m.conversation_id === conversationId && resolve(m)));
    const sent = await sendImage(candidate, imageId);
    expect(sent).toMatchObject({ ok: true, message: { message_type: 2, content: imageId, sender_role: 'candidate' } });
    expect(await heard).toMatchObject({ message_type: 2, content: imageId });

    // Not an image id, an image of another conversation, or an unknown message type: refused, nothing stored.
    expect(await sendImage(candidate, 'https://evil.example/x.png')).toMatchObject({ ok: false, error: 'invalid' });
    const otherImage = (await (await upload(PNG, await t.login('company_admin'), otherConversationId)).json()) as { id: string };
    expect(await sendImage(admin, otherImage.id)).toMatchObject({ ok: false, error: 'invalid' });
    expect(await sendImage(candidate, 'hello', conversationId, 3)).toMatchObject({ ok: false, error: 'invalid' });
    const messages = await t.database.db
      .selectFrom('messages' as never)
      .select(['message_type' as never])
      .where('conversation_id' as never, '=', conversationId as never)
      .execute();
    expect(messages).toEqual([{ message_type: 2 }]);
  });

  it('limits how many images one person uploads in ten minutes', async () => {
    const token = await t.login('company_staff');
    const statuses: number[] = [];
    for (let i = 0; i < UPLOADS_PER_10_MIN + 1; i++) statuses.push((await upload(PNG, token)).status);
    expect(statuses.slice(0, UPLOADS_PER_10_MIN).every((s) => s === 201)).toBe(true);
    expect(statuses[UPLOADS_PER_10_MIN]).toBe(429);
    // Another person is not held back by it.
    expect((await upload(PNG, await t.login('company_admin'))).status).toBe(201);
  });
});

/**
 * Residence-card checks (/admin/worker/rcCheckCandidate 160004 and /staff/card):
 * a candidate uploads both sides of their card from the phone form, staff of a company they
 * applied to look at the images and the record and decide; the decision sets the person's
 * verified flag (what the working-limit check reads), is audited, and the candidate hears of it
 * in the chat in their language. Nobody else sees the images or decides.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWorkLimits } from '../../server/modules/workforce/work-limits.ts';
import { msg } from '../../shared/messages.ts';
import { addDays, todayInJapan } from '../../shared/time.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { companyOf, userId, visaId } from '../helpers/demo-data.ts';
import { dataOf } from '../helpers/graphql.ts';
import { pressButton, type Session } from '../helpers/buttons.ts';
import { candidateLogin, cookieOf, formRequest, getPage, postForm } from '../helpers/pages.ts';

const PERSON = 'cardcheck@demo.test';
const CHECK = '/admin/worker/rcCheckCandidate';

let t: TestApp;
let candidate: string;
let personId: string;
/** The id of the student visa (留学), as a form sends it. */
let studentVisa: string;
const expiry = addDays(todayInJapan(), 300);

beforeAll(async () => {
  t = await startTestApp();
  candidate = (await candidateLogin(t, PERSON)).token;
  personId = await userId(t, PERSON);
  studentVisa = await visaId(t, '留学');
});
afterAll(async () => t?.close());

/** A photo as a phone would send it: a JPEG with EXIF (camera and position), or a PNG. */
const photo = (format: 'jpeg' | 'png', colour = '#88aacc') => {
  const img = sharp({ create: { width: 900, height: 570, channels: 3, background: colour } });
  return format === 'jpeg'
    ? img
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' } })
        .toBuffer()
    : img.png().toBuffer();
};

interface UploadOptions {
  front?: Buffer | null;
  back?: Buffer | null;
  fields?: Record<string, string>;
  /** Sent with `Accept: text/html`, as a page's form would be: still JSON. */
  browser?: boolean;
  token?: string;
}

async function upload(o: UploadOptions = {}): Promise<Response> {
  const form = new FormData();
  const front = o.front === undefined ? await photo('jpeg') : o.front;
  const back = o.back === undefined ? await photo('png', '#ccbbaa') : o.back;
  if (front) form.append('front', new Blob([new Uint8Array(front)], { type: 'image/jpeg' }), 'front.jpg');
  if (back) form.append('back', new Blob([new Uint8Array(back)], { type: 'image/png' }), 'back.png');
  for (const [k, v] of Object.entries(o.fields ?? { cardNumber: 'ab 1234 5678 cd', visaTypeId: studentVisa, expiry, permission: '1' })) form.append(k, v);
  return fetch(`${t.url}/residence-cards`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `candidate_token=${o.token ?? candidate}`, origin: t.url, accept: o.browser ? 'text/html' : 'application/json', 'accept-language': 'en' },
    body: form,
  });
}

/** A photo (or anything else) as the browser sends a chosen file. */
const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
/** The candidate on /staff/card in a browser that chose `lang`. */
const inBrowser = (token: string, lang: 'ja' | 'en'): Session => ({ who: 'candidate', cookie: `candidate_token=${token}; lang=${lang}` });
/** The card form as the person fills it in and presses "Upload": both photos (or what they chose instead) and the record. */
async function pressUpload(token: string, lang: 'ja' | 'en', o: { front?: File; back?: File; record: Record<string, string | null> }) {
  const front = o.front ?? file(await photo('jpeg'), 'front.jpg', 'image/jpeg');
  const back = o.back ?? file(await photo('png', '#ccbbaa'), 'back.png', 'image/png');
  return pressButton(t, inBrowser(token, lang), '/staff/card', 'upload', { front, back, ...o.record });
}
/** The input of the form's `name` as drawn, with its attributes. */
const inputOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';

const gqlAs = (as: 'company_admin' | 'company2' | 'client_staff', query: string, variables: Record<string, unknown> = {}) => t.gql(query, variables, { as });
const CARD = 'query ($id: ID!) { residenceCardCheck(id: $id) { id status cardNumber numberMatches frontUrl backUrl personVerified } }';
const image = (url: string, cookie: string) => fetch(`${t.url}${url}`, { headers: { cookie } });
const lastChat = async () => {
  const m = await t.database.db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.content', 'm.sender_role'])
    .where('c.candidate_id', '=', personId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return m;
};

describe('a candidate uploads their card and staff verify it', () => {
  let cardId: string;

  it('the demo candidate starts with a card waiting for a check', async () => {
    const list = dataOf(await gqlAs('company_admin', '{ residenceCards(size: 100, filter: { state: "pending" }) { rows { id name state numberFormat } } }')).residenceCards.rows as {
      name: string;
      numberFormat: string;
    }[];
    expect(list.find((r) => r.name === 'Le Thi Hoa')).toMatchObject({ numberFormat: 'ok' });
  });

  it('uploads front and back from the form; the page says it waits for a check and shows both photos', async () => {
    const res = await pressUpload(candidate, 'en', { record: { cardNumber: 'ab 1234 5678 cd', visaTypeId: studentVisa, expiry, permission: '1' } });
    expect(res.status).toBe(303);
    expect(res.location).toBe('/staff/card?saved=1');
    const page = await fetch(`${t.url}/staff/card?saved=1`, { headers: { cookie: `candidate_token=${candidate}`, 'accept-language': 'en' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Uploaded. Staff will check it soon.');
    expect(html).toContain('Waiting for a check by staff.');
    const row = await t.database.db.selectFrom('residence_cards').select(['id', 'card_number', 'status']).where('user_id', '=', personId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    cardId = row.id;
    // Typed on a phone with spaces and small letters: kept as printed.
    expect(row).toMatchObject({ card_number: 'AB12345678CD', status: 'pending' });
    expect(html).toContain(`/residence-cards/${cardId}/front`);
    // The seeded card it replaces no longer waits.
    const pending = await t.database.db.selectFrom('residence_cards').select('id').where('user_id', '=', personId).where('status', '=', 'pending').execute();
    expect(pending.map((p) => p.id)).toEqual([cardId]);
  });

  it('serves the images to the candidate, re-encoded without the phone’s metadata', async () => {
    const res = await image(`/residence-cards/${cardId}/front`, `candidate_token=${candidate}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(900);
    expect(meta.exif).toBeUndefined();
    expect((await image(`/residence-cards/${cardId}/back`, `candidate_token=${candidate}`)).headers.get('content-type')).toBe('image/png');
    // Never a static path.
    expect((await fetch(`${t.url}/residence-cards/${cardId}`)).status).toBe(404);
  });

  it('staff of the company see both images, the record and the number format check', async () => {
    const token = await t.tokenOf('company_admin');
    const page = await getPage(t, `${CHECK}?card=${cardId}`, token);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`src="/residence-cards/${cardId}/front"`);
    expect(page.html).toContain(`src="/residence-cards/${cardId}/back"`);
    expect(page.html).toContain('AB12345678CD');
    expect(page.html).toContain('data-matches="yes"');
    expect((await image(`/residence-cards/${cardId}/front`, `token=${token}`)).status).toBe(200);
  });

  it('verifying writes the person’s card fields, is audited, and the card then counts as verified', async () => {
    const token = await t.tokenOf('company_admin');
    // A number that is not in the printed format cannot be verified.
    const bad = await postForm(t, `${CHECK}?card=${cardId}`, token, { _action: 'decide:verified', cardNumber: 'AB1234567CD', visaTypeId: studentVisa, expiry, permission: '1', reason: '' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('英字2文字・数字8桁・英字2文字');
    const res = await postForm(t, `${CHECK}?card=${cardId}`, token, { _action: 'decide:verified', cardNumber: 'AB12345678CD', visaTypeId: studentVisa, expiry, permission: '1', reason: '' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${CHECK}?card=${cardId}&decided=verified`);
    const db = t.database.db;
    const profile = await db
      .selectFrom('candidate_profiles as p')
      .innerJoin('visa_types as v', 'v.id', 'p.visa_type_id')
      .select(['p.card_verified', 'p.card_number', 'p.visa_expiry', 'p.permission_outside_status', 'v.ja'])
      .where('p.user_id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ card_verified: true, card_number: 'AB12345678CD', visa_expiry: expiry, permission_outside_status: true, ja: '留学' });
    // What every assignment path gives checkWorkLimits: the card is no longer the refusal.
    const day = addDays(todayInJapan(), 7);
    const verdict = checkWorkLimits({
      residenceStatus: profile.ja,
      permissionOutsideStatus: profile.permission_outside_status,
      cardExpiry: profile.visa_expiry!,
      cardVerified: profile.card_verified,
      longVacations: [],
      assignments: [],
      candidate: { start: `${day}T09:00`, end: `${day}T13:00`, breakMinutes: 0 },
    });
    expect(verdict).toEqual({ ok: true, weeklyMinutesLeft: 1680 - 240 });
    const workers = dataOf(await gqlAs('company_admin', '{ workers(size: 100) { rows { name card } } }')).workers.rows as { name: string; card: string }[];
    expect(workers.find((w) => w.name === 'Le Thi Hoa')?.card).toBe('verified');
    const log = await db.selectFrom('audit_log').select(['action', 'actor_name', 'changes']).where('entity', '=', 'residence_card').where('entity_id', '=', cardId).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);
    expect(log[1]!.actor_name).toContain('Ichiro Suzuki');
    expect(JSON.stringify(log[1]!.changes)).toContain('verified');
    // The candidate sees it, and hears of it in the chat (in English, their language).
    const page = await fetch(`${t.url}/staff/card`, { headers: { cookie: `candidate_token=${candidate}`, 'accept-language': 'en' } });
    expect(await page.text()).toContain('Checked and verified.');
    expect((await lastChat())?.content).toContain('it is verified');
    // A decided card is not decided again.
    const again = await gqlAs('company_admin', 'mutation ($id: ID!) { decideResidenceCard(id: $id, input: { decision: "rejected", reason: "x" }) { id } }', { id: cardId });
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});

describe('uploads that are refused', () => {
  it('a file that is not an image is refused with a clear message, as JSON and on the page, which keeps what was typed', async () => {
    const text = Buffer.from('this is a text file pretending to be a photo');
    const res = await upload({ front: text });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'notImage', message: 'Choose an image file (JPEG, PNG or WebP).' });
    // An API client that says it takes HTML still gets JSON: the page is the web tier's.
    const html = await upload({ back: text, browser: true });
    expect(html.status).toBe(415);
    expect((await html.json()).error).toBe('notImage');
    const typed = { cardNumber: 'QR11223344ST', visaTypeId: studentVisa, expiry: addDays(expiry, 1), permission: '1' };
    const page = await pressUpload(candidate, 'ja', { back: file(text, 'back.txt', 'text/plain'), record: typed });
    expect(page.status).toBe(422);
    expect(page.html).toContain('画像ファイル（JPEG・PNG・WebP）を選んでください。');
    // What was typed is in the form again, and the photos are asked for again.
    expect(inputOf(page.html, 'cardNumber')).toContain('value="QR11223344ST"');
    expect(page.html).toMatch(new RegExp(`<option value="${studentVisa}" selected=""`));
    expect(inputOf(page.html, 'expiry')).toContain(`value="${typed.expiry}"`);
    expect(inputOf(page.html, 'permission')).toContain('checked=""');
    expect(page.html).toContain('写真は保存されていません。表と裏の写真をもう一度選んでください');
    // The card number is personal data: never in an address.
    expect(page.location).toBeNull();
  });

  it('a card number not in the printed format is the number field’s error in both languages, in the API and at the form; nothing is kept', async () => {
    const other = (await candidateLogin(t, 'candidate2@demo.test')).token;
    const fields = (cardNumber: string) => ({ cardNumber, visaTypeId: studentVisa, expiry, permission: '1' });
    const before = await t.database.db.selectFrom('residence_cards as rc').innerJoin('users as u', 'u.id', 'rc.user_id').select('rc.id').where('u.email', '=', 'candidate2@demo.test').execute();
    for (const wrong of ['AB1234567CD', 'A123456789CD', '12345678ABCD', 'AB12345678C']) {
      const res = await upload({ token: other, fields: fields(wrong) });
      expect(res.status, wrong).toBe(422);
      expect(await res.json(), wrong).toMatchObject({ error: 'cardNumber', fields: { cardNumber: 'A residence card number is 2 letters, 8 digits and 2 letters (e.g. AB12345678CD).' } });
    }
    for (const [lang, text, chooseAgain] of [
      ['ja', '在留カード番号は英字2文字・数字8桁・英字2文字です', '表と裏の写真をもう一度選んでください'],
      ['en', 'A residence card number is 2 letters, 8 digits and 2 letters', 'choose the front and back again'],
    ] as const) {
      // Typed on the page with the permission unticked: the form comes back as it was typed, not as the profile has it.
      const page = await pressUpload(other, lang, { record: { cardNumber: 'AB-1234-567-CD', visaTypeId: studentVisa, expiry, permission: null } });
      expect(page.status, lang).toBe(422);
      expect(page.location, lang).toBeNull();
      // At the field: its error tied to the input, which is marked invalid and holds what was typed.
      expect(inputOf(page.html, 'cardNumber'), lang).toMatch(/aria-invalid="true"/);
      expect(inputOf(page.html, 'cardNumber'), lang).toContain('value="AB-1234-567-CD"');
      expect(page.html, lang).toMatch(new RegExp(`<p class="field-error" id="cardNumber-error"[^>]*>[^<]*${text}`));
      expect(page.html, lang).toMatch(new RegExp(`<option value="${studentVisa}" selected=""`));
      expect(inputOf(page.html, 'expiry'), lang).toContain(`value="${expiry}"`);
      expect(inputOf(page.html, 'permission'), lang).not.toContain('checked');
      expect(page.html, lang).toContain(chooseAgain);
    }
    const after = await t.database.db.selectFrom('residence_cards as rc').innerJoin('users as u', 'u.id', 'rc.user_id').select('rc.id').where('u.email', '=', 'candidate2@demo.test').execute();
    expect(after).toHaveLength(before.length);
    // Small letters and full-width characters, as a phone may type them: upper-cased and kept.
    expect((await upload({ token: other, fields: fields('ｘｙ９８７６５４３２ｚｗ') })).status).toBe(201);
    const kept = await t.database.db
      .selectFrom('residence_cards as rc')
      .innerJoin('users as u', 'u.id', 'rc.user_id')
      .select('rc.card_number')
      .where('u.email', '=', 'candidate2@demo.test')
      .where('rc.status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(kept.card_number).toBe('XY98765432ZW');
  });

  it('a form with several problems says every one at once: the API lists each field, the page draws each error at its field in both languages', async () => {
    const fourth = (await candidateLogin(t, 'candidate4@demo.test')).token;
    const text = Buffer.from('this is a text file pretending to be a photo');
    const notImage = 'Choose an image file (JPEG, PNG or WebP).';
    const numberFormat = 'A residence card number is 2 letters, 8 digits and 2 letters (e.g. AB12345678CD).';
    // Photos that are not images, a number one digit short, no residence status, no expiry: the first problem leads, as before, and every field is named.
    const all = await upload({ token: fourth, front: text, back: null, fields: { cardNumber: 'AB1234567CD', visaTypeId: '', permission: '1' } });
    expect(all.status).toBe(415);
    expect(await all.json()).toEqual({
      error: 'notImage',
      message: notImage,
      fields: { front: notImage, back: 'Choose a photo of this side.', cardNumber: numberFormat, visaTypeId: 'Please choose one.', expiry: 'This field is required.' },
    });
    // The photos right, the record wrong in two places: the record's error leads, each field is named.
    const record = await upload({ token: fourth, fields: { cardNumber: 'AB1234567CD', visaTypeId: studentVisa, expiry: 'someday' } });
    expect(record.status).toBe(422);
    expect(await record.json()).toEqual({
      error: 'record',
      message: 'Enter the card number, residence status and expiry date.',
      fields: { cardNumber: numberFormat, expiry: 'This value is not in the right format.' },
    });
    // A residence status that does not exist is the status field's, with the other fields' problems.
    const unknown = await upload({ token: fourth, back: text, fields: { cardNumber: 'AB12345678CD', visaTypeId: '999999', expiry } });
    expect(unknown.status).toBe(415);
    expect((await unknown.json()).fields).toEqual({ back: notImage, visaTypeId: 'Choose one of the options.' });

    const errorAt = (html: string, name: string) => new RegExp(`<p class="field-error" id="${name}-error">([^<]*)</p>`).exec(html)?.[1];
    for (const lang of ['ja', 'en'] as const) {
      const page = await pressUpload(fourth, lang, { front: file(text, 'front.txt', 'text/plain'), record: { cardNumber: 'AB-1234-567-CD', visaTypeId: studentVisa, expiry: '', permission: '1' } });
      expect(page.status, lang).toBe(422);
      // Each problem under its own field, the field marked; the back, which was right, is not.
      expect(errorAt(page.html, 'front'), lang).toBe(msg(lang, 'card.errNotImage'));
      expect(errorAt(page.html, 'cardNumber'), lang).toBe(msg(lang, 'card.numberFormat'));
      expect(errorAt(page.html, 'expiry'), lang).toBe(msg(lang, 'error.required'));
      for (const name of ['front', 'cardNumber', 'expiry']) expect(inputOf(page.html, name), `${lang} ${name}`).toMatch(/aria-invalid="true"/);
      expect(errorAt(page.html, 'back'), lang).toBeUndefined();
      expect(inputOf(page.html, 'back'), lang).not.toMatch(/aria-invalid/);
      // What was typed is kept, and the photos are asked for again.
      expect(inputOf(page.html, 'cardNumber'), lang).toContain('value="AB-1234-567-CD"');
      expect(page.html, lang).toMatch(new RegExp(`<option value="${studentVisa}" selected=""`));
      expect(page.html, lang).toContain(msg(lang, 'card.chooseAgain'));
    }
  });

  it('an image over the size cap is refused with the cap in the message', async () => {
    const huge = Buffer.concat([await photo('png'), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload({ front: huge });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('The image is too large. Each photo may be up to 10 MB.');
  });

  it('on the page, a photo over the cap and the hour’s uploads used up are said in the form, which keeps what was typed', async () => {
    const third = (await candidateLogin(t, 'candidate3@demo.test')).token;
    const typed = { cardNumber: 'KL55667788MN', visaTypeId: studentVisa, expiry, permission: '1' };
    const keeps = (html: string) => {
      expect(inputOf(html, 'cardNumber')).toContain('value="KL55667788MN"');
      expect(inputOf(html, 'expiry')).toContain(`value="${expiry}"`);
      expect(inputOf(html, 'permission')).toContain('checked=""');
      expect(html).toContain('choose the front and back again');
    };
    const huge = file(Buffer.concat([await photo('png'), Buffer.alloc(10 * 1024 * 1024 + 1)]), 'front.png', 'image/png');
    const tooLarge = await pressUpload(third, 'en', { front: huge, record: typed });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.html).toContain('The image is too large. Each photo may be up to 10 MB.');
    keeps(tooLarge.html);
    // The hour's uploads (10, the one above counted) spent through the API.
    for (let i = 1; i < 10; i++) expect((await upload({ token: third, back: null })).status).toBe(400);
    const rate = await pressUpload(third, 'en', { record: typed });
    expect(rate.status).toBe(429);
    expect(rate.html).toContain('Too many uploads. Please try again in a while.');
    keeps(rate.html);
  });

  it('both sides are needed, and only a signed-in candidate may upload', async () => {
    const res = await upload({ back: null });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('missing');
    const anon = await fetch(`${t.url}/residence-cards`, { method: 'POST', body: new FormData(), headers: { accept: 'application/json' } });
    expect(anon.status).toBe(401);
  });
});

describe('who may see and decide', () => {
  let cardId: string;
  beforeAll(async () => {
    expect((await upload()).status).toBe(201);
    cardId = (await t.database.db.selectFrom('residence_cards').select('id').where('user_id', '=', personId).where('status', '=', 'pending').executeTakeFirstOrThrow()).id;
  });

  it('a company the candidate never applied to sees no card, no image, and cannot decide', async () => {
    expect(dataOf(await gqlAs('company2', CARD, { id: cardId })).residenceCardCheck).toBeNull();
    const list = dataOf(await gqlAs('company2', '{ residenceCards(size: 100) { rows { id } } }')).residenceCards.rows as { id: string }[];
    expect(list.map((r) => r.id)).not.toContain(cardId);
    const token = await t.tokenOf('company2');
    expect((await image(`/residence-cards/${cardId}/front`, `token=${token}`)).status).toBe(404);
    expect((await getPage(t, `${CHECK}?card=${cardId}`, token)).status).toBe(404);
    const decide = await gqlAs('company2', 'mutation ($id: ID!) { decideResidenceCard(id: $id, input: { decision: "rejected", reason: "x" }) { id } }', { id: cardId });
    expect(decide.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const post = await postForm(t, `${CHECK}?card=${cardId}`, token, { _action: 'decide:rejected', reason: 'x' });
    expect(post.status).toBe(404);
    const row = await t.database.db.selectFrom('residence_cards').select('status').where('id', '=', cardId).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('a card of someone who applied nowhere is seen by the platform only', async () => {
    const loner = (await candidateLogin(t, 'candidate@demo.test')).token;
    expect((await upload({ token: loner })).status).toBe(201);
    const list = async (as: 'admin' | 'company_admin') =>
      (dataOf(await t.gql('{ residenceCards(size: 100) { rows { name } } }', {}, { as })).residenceCards.rows as { name: string }[]).map((r) => r.name);
    expect(await list('admin')).toEqual(expect.arrayContaining(['Nguyen Van An', 'Le Thi Hoa']));
    expect(await list('company_admin')).not.toContain('Nguyen Van An');
  });

  it('a user without 160004 is refused by the API, the page and the image endpoint', async () => {
    const r = await gqlAs('client_staff', CARD, { id: cardId });
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const d = await gqlAs('client_staff', 'mutation ($id: ID!) { decideResidenceCard(id: $id, input: { decision: "rejected", reason: "x" }) { id } }', { id: cardId });
    expect(d.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const token = await t.tokenOf('client_staff');
    const page = await getPage(t, `${CHECK}?card=${cardId}`, token);
    expect(page.status).not.toBe(200);
    expect(page.html).not.toContain(cardId);
    expect((await image(`/residence-cards/${cardId}/front`, `token=${token}`)).status).toBe(404);
    // Another candidate neither.
    const other = (await candidateLogin(t, 'candidate@demo.test')).token;
    expect((await image(`/residence-cards/${cardId}/front`, `candidate_token=${other}`)).status).toBe(404);
    expect((await image(`/residence-cards/${cardId}/front`, '')).status).toBe(401);
  });

  it('re-upload with a reason reaches the candidate in the chat in their language, and the card is no longer verified', async () => {
    const res = await gqlAs('company_admin', 'mutation ($id: ID!) { decideResidenceCard(id: $id, input: { decision: "reupload", reason: "" }) { id } }', { id: cardId });
    expect(res.errors?.[0]?.extensions?.fields).toHaveProperty('reason');
    const token = await t.tokenOf('company_admin');
    const post = await postForm(t, `${CHECK}?card=${cardId}`, token, { _action: 'decide:reupload', reason: 'The back is blurred' });
    expect(post.status).toBe(303);
    const chat = await lastChat();
    expect(chat).toMatchObject({ sender_role: 'bot' });
    expect(chat?.content).toContain('Please upload photos of your residence card again. Reason: The back is blurred');
    expect(chat?.content).toContain('/staff/card');
    const page = await fetch(`${t.url}/staff/card`, { headers: { cookie: `candidate_token=${candidate}`, 'accept-language': 'en' } });
    expect(await page.text()).toContain('Please upload it again. Reason: The back is blurred');
    const profile = await t.database.db.selectFrom('candidate_profiles').select('card_verified').where('user_id', '=', personId).executeTakeFirstOrThrow();
    expect(profile.card_verified).toBe(false);

    // A candidate who reads Japanese hears it in Japanese.
    await t.database.db.updateTable('users').set({ lang: 'ja' }).where('id', '=', personId).execute();
    expect((await upload()).status).toBe(201);
    const next = (await t.database.db.selectFrom('residence_cards').select('id').where('user_id', '=', personId).where('status', '=', 'pending').executeTakeFirstOrThrow()).id;
    expect((await postForm(t, `${CHECK}?card=${next}`, token, { _action: 'decide:reupload', reason: '裏面がぼやけています' })).status).toBe(303);
    expect((await lastChat())?.content).toContain('在留カードの写真を再度アップロードしてください。理由: 裏面がぼやけています');
  });
});

describe('a new candidate who applied before their card was checked', () => {
  let day = 9;
  /** Registers through /staff/register in `lang` and applies to a new shift of Sakura's warehouse picking: the person and their token. */
  async function newApplicant(lang: 'ja' | 'en', name: string, email: string): Promise<{ id: string; token: string }> {
    const db = t.database.db;
    const sakura = await companyOf(t, 'company@demo.test');
    const job = await db.selectFrom('jobs').select(['id', 'visa_type_ids']).where('company_id', '=', sakura).where('title_en', '=', 'Warehouse picking (daily pay)').executeTakeFirstOrThrow();
    const reg = await fetch(
      `${t.url}/staff/register`,
      formRequest(
        { _action: 'register', name, email, password: 'correct horse', nationality: 'VN', visa_type_id: String(job.visa_type_ids[0] ?? studentVisa), visa_expiry: expiry },
        { origin: t.url, cookie: `lang=${lang}` },
      ),
    );
    expect(reg.status).toBe(303);
    const token = cookieOf(reg, 'candidate_token')!;
    const id = await userId(t, email);
    const shift = await db
      .insertInto('job_daily_shifts')
      .values({ job_id: job.id, date: addDays(todayInJapan(), day++), start_time: '10:00', end_time: '13:00', break_minutes: 0, capacity: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const applied = await t.gql('mutation($j: ID!, $s: ID) { applyToJob(jobId: $j, shiftId: $s) { applicationId } }', { j: job.id, s: shift.id }, token);
    expect(applied.errors, JSON.stringify(applied.errors)).toBeUndefined();
    return { id, token };
  }
  const lastChatOf = async (userId: string) =>
    (
      await t.database.db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select('m.content')
        .where('c.candidate_id', '=', userId)
        .orderBy('m.created_at', 'desc')
        .orderBy('m.seq', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.content;
  const pendingCard = async (userId: string) =>
    (await t.database.db.selectFrom('residence_cards').select('id').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirstOrThrow()).id;

  it('the company applied to sees their card and its images; another company does not', async () => {
    const lan = await newApplicant('ja', 'Pham Thi Lan', 'lan.new@example.test');
    expect((await upload({ token: lan.token, fields: { cardNumber: 'CD87654321EF', visaTypeId: studentVisa, expiry, permission: '1' } })).status).toBe(201);
    const cardId = await pendingCard(lan.id);
    const rows = dataOf(await gqlAs('company_admin', '{ residenceCards(size: 100, filter: { state: "pending" }) { rows { id name } } }')).residenceCards.rows as { id: string; name: string }[];
    expect(rows).toContainEqual({ id: cardId, name: 'Pham Thi Lan' });
    expect(dataOf(await gqlAs('company_admin', CARD, { id: cardId })).residenceCardCheck).toMatchObject({ cardNumber: 'CD87654321EF', numberMatches: true });
    expect((await image(`/residence-cards/${cardId}/front`, `token=${await t.tokenOf('company_admin')}`)).status).toBe(200);
    // Sakura's check screen draws the card.
    expect((await getPage(t, `${CHECK}?card=${cardId}`, await t.tokenOf('company_admin'))).html).toContain(`src="/residence-cards/${cardId}/front"`);
    // Another company: none of it.
    expect(dataOf(await gqlAs('company2', CARD, { id: cardId })).residenceCardCheck).toBeNull();
    const theirs = dataOf(await gqlAs('company2', '{ residenceCards(size: 100) { rows { id } } }')).residenceCards.rows as { id: string }[];
    expect(theirs.map((r) => r.id)).not.toContain(cardId);
    expect((await image(`/residence-cards/${cardId}/front`, `token=${await t.tokenOf('company2')}`)).status).toBe(404);
  });

  it('is told in the chat in the language they registered in when the card is verified or refused', async () => {
    const token = await t.tokenOf('company_admin');
    // Registered in Japanese: the verification is said in Japanese.
    const lan = await t.database.db.selectFrom('users').select(['id', 'lang']).where('email', '=', 'lan.new@example.test').executeTakeFirstOrThrow();
    expect(lan.lang).toBe('ja');
    const verified = await postForm(t, `${CHECK}?card=${await pendingCard(lan.id)}`, token, {
      _action: 'decide:verified',
      cardNumber: 'CD87654321EF',
      visaTypeId: studentVisa,
      expiry,
      permission: '1',
      reason: '',
    });
    expect(verified.status).toBe(303);
    expect(await lastChatOf(lan.id)).toBe('在留カードを確認しました。シフトに入ることができます。');
    // Registered in English: the refusal, with its reason and the way back, in English.
    const minh = await newApplicant('en', 'Do Van Minh', 'minh.new@example.test');
    expect((await upload({ token: minh.token })).status).toBe(201);
    const refused = await postForm(t, `${CHECK}?card=${await pendingCard(minh.id)}`, token, { _action: 'decide:rejected', reason: 'The name does not match the passport' });
    expect(refused.status).toBe(303);
    const said = await lastChatOf(minh.id);
    expect(said).toContain('We could not accept your residence card. Reason: The name does not match the passport');
    expect(said).toContain('/staff/card');
  });
});

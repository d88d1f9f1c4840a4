/**
 * The forms that create something or send mail without a session are limited per address (and
 * the password reset per account too), in the API so that GraphQL callers are limited as the
 * pages are: registration, password reset, contact and trial signup. Over the limit, the answer
 * says when to try again, in the caller's language, and nothing more is created or mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_LIMITS } from '../../server/api/form-limits.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { rowCount } from '../helpers/demo-data.ts';
import { firstCode, type GqlAnswer } from '../helpers/graphql.ts';
import { formRequest } from '../helpers/pages.ts';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const REGISTER = 'mutation ($input: CandidateRegistrationInput!) { registerCandidate(input: $input) }';
const RESET = 'mutation ($email: String!) { requestPasswordReset(email: $email) }';
const CONTACT = 'mutation ($input: ContactInput!) { submitContact(input: $input) }';
const TRIAL = 'mutation ($input: TrialInput!) { submitTrial(input: $input) }';

const countResets = () => rowCount(t, 'password_resets');
const countMessages = (kind: 'contact' | 'trial') => rowCount(t, 'contact_messages', { kind });

/** Asks `n` times; the answers' error codes (null for a success). */
async function times(n: number, ask: (i: number) => Promise<GqlAnswer>): Promise<(string | null)[]> {
  const codes: (string | null)[] = [];
  for (let i = 0; i < n; i++) {
    const r = await ask(i);
    codes.push(r.errors ? String(firstCode(r)) : null);
  }
  return codes;
}

describe('forms without a session are limited', () => {
  it('registration: the 21st account from one address in an hour is refused with when to try again', async () => {
    const visa = await db().selectFrom('visa_types').select('id').where('ja', '=', '永住者').executeTakeFirstOrThrow();
    const n = FORM_LIMITS.registration.perAddress.points;
    const input = (i: number) => ({ name: `Flood ${i}`, email: `flood${i}@example.test`, password: 'flooding-pass', nationality: 'BR', visa_type_id: visa.id, visa_expiry: '2100-01-01' });
    expect(await times(n, (i) => t.gql(REGISTER, { input: input(i) }))).toEqual(Array(n).fill(null));
    const over = await t.gql(REGISTER, { input: input(n) }, { headers: { 'accept-language': 'en' } });
    expect(firstCode(over)).toBe('TOO_MANY_REQUESTS');
    expect(over.errors![0]!.message).toBe('Too many requests from here in a short time. Try again in 60 minutes.');
    expect(await db().selectFrom('users').select('id').where('email', '=', `flood${n}@example.test`).executeTakeFirst()).toBeUndefined();
    // The page shows it as the form's error, in Japanese by default.
    const page = await fetch(
      `${t.url}/staff/register`,
      formRequest(
        {
          _action: 'register',
          name: 'Page Flood',
          email: 'pageflood@example.test',
          password: 'correct horse',
          phone: '080-1234-5678',
          nationality: 'BR',
          visa_type_id: String(visa.id),
          visa_expiry: '2030-04-01',
          languages: ['pt', 'en'],
        },
        { origin: t.url },
      ),
    );
    // (The page answers the form with its errors, as it does every refusal of the API.)
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(await page.text()).toContain('60分後にもう一度お試しください。');
  });

  it('password reset: three mails an hour per account, whoever asks; other accounts still get theirs', async () => {
    const before = await countResets();
    const perAccount = FORM_LIMITS.passwordReset.perAccount.points;
    expect(await times(perAccount, () => t.gql(RESET, { email: 'candidate@demo.test' }))).toEqual(Array(perAccount).fill(null));
    const over = await t.gql(RESET, { email: 'CANDIDATE@demo.test' }, { headers: { 'accept-language': 'en' } });
    expect(firstCode(over)).toBe('TOO_MANY_REQUESTS');
    expect(over.errors![0]!.message).toMatch(/Try again in \d+ minutes\./);
    expect(await countResets()).toBe(before + perAccount);
    // Another account from the same address is not held up by the first one's limit.
    expect((await t.gql(RESET, { email: 'candidate2@demo.test' })).errors).toBeUndefined();
    expect(await countResets()).toBe(before + perAccount + 1);
  });

  it('password reset: one address may ask for ten mails an hour, whatever the accounts', async () => {
    const perAddress = FORM_LIMITS.passwordReset.perAddress.points;
    // Four were asked above; unknown addresses count as well (the answer never says which exist).
    const codes = await times(perAddress, (i) => t.gql(RESET, { email: `nobody${i}@example.test` }));
    expect(codes.filter((c) => c === null)).toHaveLength(perAddress - (FORM_LIMITS.passwordReset.perAccount.points + 2));
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
  });

  it('contact: the 11th message from one address in an hour is refused, and not stored', async () => {
    const n = FORM_LIMITS.contact.perAddress.points;
    const input = (i: number) => ({ name: 'Flood', email: `contact${i}@example.test`, topic: 'pay', message: `message ${i}` });
    const before = await countMessages('contact');
    expect(await times(n, (i) => t.gql(CONTACT, { input: input(i) }))).toEqual(Array(n).fill(null));
    expect(firstCode(await t.gql(CONTACT, { input: input(n) }))).toBe('TOO_MANY_REQUESTS');
    expect(await countMessages('contact')).toBe(before + n);
    const page = await fetch(
      `${t.url}/staff/contact`,
      formRequest({ _action: 'send', name: 'Maria', email: 'maria@example.com', topic: 'pay', message: 'When is payday?' }, { origin: t.url, cookie: 'lang=en' }),
    );
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(await page.text()).toContain('Try again in 60 minutes.');
  });

  it('trial signup: the 6th company from one address in an hour is refused, and not created', async () => {
    const n = FORM_LIMITS.trial.perAddress.points;
    const input = (i: number) => ({ company_name: `Flood ${i} KK`, contact_name: 'Ken Ito', email: `trial${i}@example.test`, phone: '03-1234-5678' });
    expect(await times(n, (i) => t.gql(TRIAL, { input: input(i) }))).toEqual(Array(n).fill(null));
    expect(firstCode(await t.gql(TRIAL, { input: input(n) }))).toBe('TOO_MANY_REQUESTS');
    expect(await db().selectFrom('companies').select('id').where('name', '=', `Flood ${n} KK`).executeTakeFirst()).toBeUndefined();
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { DB } from '../../db/connect.ts';
import type { UserRow } from './tables.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../../../shared/i18n.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Mailer } from '../../mail.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/password.ts';
import type { TokenClaims, TokenService } from '../../auth/tokens.ts';
import { wroteTable } from '../../db/notified-cache.ts';
import { composeMail } from '../templates/mail.ts';
import { cachedSession } from './session-cache.ts';
import type { TemplateVars } from '../templates/render-template.ts';

/** The signed-in person as every layer sees it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
  companyId: string | null;
  clientId: string | null;
  lang: Lang;
}

export type SessionResult =
  | { kind: 'ok'; user: SessionUser }
  /** Bad signature, expired, revoked (logout, password change) or the user is gone or disabled: HTTP 401. */
  | { kind: 'invalid' };

export type LoginResult =
  /** `device`: the browser's new known-device token (this account first), for its cookie. */
  | { kind: 'ok'; token: string; user: SessionUser; device: string }
  | { kind: 'bad-credentials' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** The right password of a user whose company the platform has suspended (docs/access.md). */
  | { kind: 'suspended' };

export const RESET_TTL_MS = 60 * 60 * 1000;
/** An invitation's password-set link lasts longer than a reset link: the invitee may not read mail at once. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The columns a session needs: who, in which role and tenant, and whether the token is still good. */
const SESSION_COLUMNS = ['id', 'email', 'name', 'role', 'company_id', 'client_id', 'lang', 'active', 'session_version'] as const;

export function toSessionUser(row: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'company_id' | 'client_id' | 'lang'>): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    companyId: row.company_id,
    clientId: row.client_id,
    lang: row.lang,
  };
}

/** How many failed logins each key may have before logins pause for it (see AuthService). */
export const LOGIN_LIMITS = { perAccountAndAddress: 10, perAddress: 30, perAccount: 50 } as const;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class AuthService {
  /**
   * Failed logins, counted across processes, three ways: per e-mail and address (10 in 15 minutes:
   * someone guessing one password), per address across accounts (30 in 15 minutes: one password
   * tried on many accounts, "password spraying") and per account across addresses (50 in an hour:
   * one account attacked from many places). Reaching any one pauses logins for that key.
   *
   * A browser that has logged in to this account before (its known-device cookie, see
   * TokenService.signDevice) is exempt from the per-address count, both ways: its tries neither
   * wait for nor add to that address's pause, so a sprayer behind a shared address (an office, a
   * dormitory, a mobile carrier) does not lock out the people who already use the service there.
   * The per-account and per-(account, address) limits still apply to it.
   */
  private readonly failures: RateLimiterAbstract;
  private readonly failuresByAddress: RateLimiterAbstract;
  private readonly failuresByAccount: RateLimiterAbstract;

  constructor(
    private readonly db: DB,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly publicUrl: (path: string) => string,
    private readonly bus: EventBus,
  ) {
    this.failures = bus.limiter({ name: 'login-failures', points: LOGIN_LIMITS.perAccountAndAddress, duration: 15 * 60, blockDuration: 15 * 60 });
    this.failuresByAddress = bus.limiter({ name: 'login-failures-address', points: LOGIN_LIMITS.perAddress, duration: 15 * 60, blockDuration: 15 * 60 });
    this.failuresByAccount = bus.limiter({ name: 'login-failures-account', points: LOGIN_LIMITS.perAccount, duration: 60 * 60, blockDuration: 15 * 60 });
  }

  /** Seconds until a login may be tried again for this e-mail from this address, or 0. */
  private async pausedFor(email: string, ip: string, knownDevice: boolean): Promise<number> {
    const checks: [RateLimiterAbstract, string, number][] = [
      [this.failures, `${email}|${ip}`, LOGIN_LIMITS.perAccountAndAddress],
      ...(knownDevice ? [] : [[this.failuresByAddress, ip, LOGIN_LIMITS.perAddress] as [RateLimiterAbstract, string, number]]),
      [this.failuresByAccount, email, LOGIN_LIMITS.perAccount],
    ];
    let wait = 0;
    for (const [limiter, key, points] of checks) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= points) wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000));
    }
    return wait;
  }

  /** Counts one failure on every key; the seconds to wait when that reached a limit, else 0. */
  private async countFailure(email: string, ip: string, knownDevice: boolean): Promise<number> {
    let wait = 0;
    const keys: [RateLimiterAbstract, string][] = [
      [this.failures, `${email}|${ip}`],
      ...(knownDevice ? [] : [[this.failuresByAddress, ip] as [RateLimiterAbstract, string]]),
      [this.failuresByAccount, email],
    ];
    for (const [limiter, key] of keys) {
      try {
        await limiter.consume(key);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        wait = Math.max(wait, Math.ceil(res.msBeforeNext / 1000));
      }
    }
    return wait;
  }

  private audience(role: string): TokenClaims['aud'] {
    return role === 'candidate' ? 'candidate' : 'admin';
  }

  /** `device`: the browser's known-device token, if it has one. */
  async login(emailInput: string, password: string, ip: string, device?: string): Promise<LoginResult> {
    const email = emailInput.trim().toLowerCase();
    const account = this.tokens.deviceAccount(email);
    const knownAccounts = await this.tokens.verifyDevice(device);
    const knownDevice = knownAccounts.includes(account);
    const paused = await this.pausedFor(email, ip, knownDevice);
    if (paused > 0) return { kind: 'rate-limited', retryAfterSeconds: paused };

    const row = await this.db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email).executeTakeFirst();
    // Spend the same time on an unknown address as on a wrong password.
    const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !ok || !row.active) {
      const wait = await this.countFailure(email, ip, knownDevice);
      return wait > 0 ? { kind: 'rate-limited', retryAfterSeconds: wait } : { kind: 'bad-credentials' };
    }
    // Said only after the right password, so it tells a guesser nothing about the address.
    if (row.company_id && (await this.companySuspended(row.company_id))) return { kind: 'suspended' };
    // A success forgives this account's guesses from this address only: a sprayer who knows one
    // password must not reset the count of its address.
    await this.failures.delete(`${email}|${ip}`);
    await this.db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', row.id).execute();
    const token = await this.tokens.sign({ sub: row.id, role: row.role, sv: row.session_version, aud: this.audience(row.role) });
    const known = await this.tokens.signDevice([account, ...knownAccounts.filter((a) => a !== account)]);
    return { kind: 'ok', token, user: toSessionUser(row), device: known };
  }

  /** Checks a token against the database: the user exists, is active and has not logged out since. */
  async resolve(token: string, aud: TokenClaims['aud']): Promise<SessionResult> {
    const claims = await this.tokens.verify(token, aud);
    if (!claims) return { kind: 'invalid' };
    const row = await cachedSession(this.db, claims.sub, () => this.db.selectFrom('users').select(SESSION_COLUMNS).where('id', '=', claims.sub).executeTakeFirst());
    if (!row || !row.active || row.session_version !== claims.sv || this.audience(row.role) !== aud) return { kind: 'invalid' };
    return { kind: 'ok', user: toSessionUser(row) };
  }

  /**
   * A fresh token for a valid one (the sliding session, docs/access.md): the same person, role and
   * session version, the same sign-in time, so the hard limit still counts from the sign-in. Null
   * when the token is no longer valid (expired, revoked, user disabled).
   */
  async renew(token: string, aud: TokenClaims['aud']): Promise<{ token: string; expiresAt: number; endsAt: number } | null> {
    const claims = await this.tokens.verify(token, aud);
    if (!claims) return null;
    const r = await this.resolve(token, aud);
    if (r.kind !== 'ok') return null;
    const fresh = await this.tokens.sign({ sub: claims.sub, role: claims.role, sv: claims.sv, aud, at: claims.at });
    const renewed = await this.tokens.verify(fresh, aud);
    if (!renewed) return null;
    return { token: fresh, expiresAt: renewed.exp, endsAt: claims.at + this.tokens.times.maxSeconds };
  }

  /** Whether the platform has suspended the company (its staff and its clients' users may not sign in). */
  private async companySuspended(companyId: string): Promise<boolean> {
    const c = await this.db.selectFrom('companies').select('status').where('id', '=', companyId).executeTakeFirst();
    return c?.status === 'suspended';
  }

  /** Ends every session of the company's users, its clients' users included (the company was suspended). */
  async revokeCompanySessions(companyId: string): Promise<void> {
    const users = await this.db
      .updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1), updated_at: new Date() }))
      .where('company_id', '=', companyId)
      .returning('id')
      .execute();
    wroteTable(this.db, 'users');
    for (const u of users) await this.bus.publish('session.revoked', { userId: u.id });
  }

  /** Makes every token of this user useless (all devices), as logout must. */
  async revokeSessions(userId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1), updated_at: new Date() }))
      .where('id', '=', userId)
      .execute();
    wroteTable(this.db, 'users');
    // Open sockets of this user close at once (GraphQL subscriptions, chat).
    await this.bus.publish('session.revoked', { userId });
  }

  /**
   * The language the person reads mail and template messages in (users.lang): the one they last
   * chose with the language switch while signed in. A token keeps working (the language is not
   * part of the session's validity); the session cache learns of the write as of any users write.
   */
  async setLanguage(userId: string, lang: Lang): Promise<void> {
    const r = await this.db.updateTable('users').set({ lang, updated_at: new Date() }).where('id', '=', userId).where('lang', '<>', lang).executeTakeFirst();
    if (r.numUpdatedRows > 0n) wroteTable(this.db, 'users');
  }

  /** Sends a reset link if the address belongs to an active user; says nothing either way. */
  async requestPasswordReset(emailInput: string, lang: Lang): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    const row = await this.db.selectFrom('users').select(['id', 'email', 'name', 'active', 'company_id']).where(sql`lower(email)`, '=', email).executeTakeFirst();
    if (!row || !row.active) return;
    const link = await this.passwordLink(row.id, RESET_TTL_MS);
    const mail = await composeMail(this.db, 'password_reset', { companyId: row.company_id, lang, vars: { name: row.name, link, email: row.email } });
    await this.mailer.send({ to: row.email, ...mail });
  }

  /**
   * Mails a new back-office user (invite) a link to set a first password, valid for a
   * week, in the user's own language. False (and no mail) when the user is unknown or inactive.
   */
  async sendInvitation(userId: string, invitedBy: string): Promise<boolean> {
    return this.mailPasswordLink(userId, 'invitation', (row, link) => ({ name: row.name, invitedBy, link, email: row.email }));
  }

  /**
   * The first mail of a trial signup (/v3/trial): a link to set the new company admin's
   * password, valid for a week. It doubles as the address check: only the mailbox's owner can set
   * the password and log in. False (and no mail) when the user is unknown or inactive.
   */
  async sendTrialInvitation(userId: string, companyName: string): Promise<boolean> {
    return this.mailPasswordLink(userId, 'trial_invitation', (row, link) => ({ name: row.name, companyName, company: companyName, link, email: row.email }));
  }

  /** Mails an active user a week-long set-password link with the mail template `key` (its variables from `vars`), in the user's language. False when unknown or inactive. */
  private async mailPasswordLink(userId: string, key: 'invitation' | 'trial_invitation', vars: (row: { name: string; email: string }, link: string) => TemplateVars): Promise<boolean> {
    const row = await this.db.selectFrom('users').select(['id', 'email', 'name', 'lang', 'active', 'company_id']).where('id', '=', userId).executeTakeFirst();
    if (!row || !row.active) return false;
    const link = await this.passwordLink(row.id, INVITE_TTL_MS);
    const mail = await composeMail(this.db, key, { companyId: row.company_id, lang: isLang(row.lang) ? row.lang : DEFAULT_LANG, vars: vars(row, link) });
    await this.mailer.send({ to: row.email, ...mail });
    return true;
  }

  /** A single-use link to /reset-password for the user, valid for `ttlMs` (only its hash is stored). */
  private async passwordLink(userId: string, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('password_resets')
      .values({ token_hash: sha256(token), user_id: userId, expires_at: new Date(Date.now() + ttlMs), used_at: null })
      .execute();
    return this.publicUrl(`/reset-password?token=${encodeURIComponent(token)}`);
  }

  /** True when the token is known, unused and not expired. */
  async resetTokenValid(token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Whose account a usable reset token belongs to: 'candidate' for a candidate (foreign staff,
   * whose login is /staff/login), 'staff' for a back-office user (/login); null when the token
   * is unknown, used or expired.
   */
  async resetTokenAccount(token: string): Promise<'candidate' | 'staff' | null> {
    const row = await this.db
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('u.role')
      .where('r.token_hash', '=', sha256(token))
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', new Date())
      .executeTakeFirst();
    return row ? (row.role === 'candidate' ? 'candidate' : 'staff') : null;
  }

  /** Sets the new password, uses up the token and logs the user out everywhere. False for a bad token. */
  async resetPassword(token: string, password: string): Promise<boolean> {
    const hash = await hashPassword(password);
    const userId = await this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: new Date() })
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('user_id')
        .executeTakeFirst();
      if (!used) return null;
      await trx
        .updateTable('users')
        .set((eb) => ({ password_hash: hash, session_version: eb('session_version', '+', 1), updated_at: new Date() }))
        .where('id', '=', used.user_id)
        .execute();
      return used.user_id;
    });
    if (!userId) return false;
    wroteTable(this.db, 'users');
    await this.bus.publish('session.revoked', { userId });
    return true;
  }
}

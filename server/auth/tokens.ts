import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { keptSecret } from '../secrets.ts';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** What a session token says. `sv` is the user's session_version when it was issued. */
export interface TokenClaims {
  sub: string;
  role: string;
  sv: number;
  /** 'admin' for back-office users (cookie `token`), 'candidate' for foreign staff (cookie `candidate_token`). */
  aud: 'admin' | 'candidate';
  /** When the person signed in (seconds since the epoch); a renewed token keeps it. Default: now. */
  at?: number;
}

/** A verified token's claims with its times. */
type VerifiedClaims = TokenClaims & { at: number; exp: number };

/** How long a session lasts (config SESSION_IDLE_MINUTES, SESSION_MAX_HOURS; docs/access.md). */
interface SessionTimes {
  /** Sliding: a token lasts this long after it was issued, and is renewed while the person is active. */
  idleSeconds: number;
  /** Hard: no token lasts past this long after signing in. */
  maxSeconds: number;
}
const DEFAULT_SESSION_TIMES: SessionTimes = { idleSeconds: 2 * 3600, maxSeconds: 12 * 3600 };

/** The longest a session can last: the cookie's own lifetime (the token inside decides). */
export const TOKEN_TTL_SECONDS = 60 * 60 * 12;
const ISSUER = 'tsunagu';

/** How many verified tokens a process remembers (the oldest is forgotten first). */
const VERIFIED_CACHE = 10_000;

export class TokenService {
  private readonly key: KeyObject;
  /** The key of the known-device cookie's account names (deviceAccount), derived from the session secret. */
  private readonly deviceKey: Buffer;
  /**
   * Tokens whose signature and claims were checked, with their expiry: a session sends the same
   * token on every request, and checking it again would give the same answer until it expires.
   * (Revocation is the session_version the caller compares with the user row on every request.)
   */
  private readonly verified = new Map<string, { claims: VerifiedClaims; exp: number }>();
  constructor(
    secret: string,
    readonly times: SessionTimes = DEFAULT_SESSION_TIMES,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.deviceKey = createHmac('sha256', secret).update('tsunagu known-device accounts').digest();
  }

  /**
   * How a known-device token names an account: an HMAC-SHA256 of the lower-case e-mail under a key
   * derived from the session secret (JWT_SECRET, or the one generated in DATA_DIR). The token's
   * payload is readable by whoever holds the cookie; an unkeyed hash there would let them test
   * guessed e-mails against it offline and learn whose accounts the browser logged in to.
   */
  deviceAccount(email: string): string {
    return createHmac('sha256', this.deviceKey).update(email).digest('base64url');
  }

  /**
   * A session token. It expires `idleSeconds` from now (sliding: renewing signs a new one), but
   * never later than `maxSeconds` after `at`, when the person signed in (the hard limit).
   */
  async sign(claims: TokenClaims, ttlSeconds = this.times.idleSeconds): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const at = claims.at ?? now;
    const exp = Math.min(now + ttlSeconds, at + this.times.maxSeconds);
    return new SignJWT({ role: claims.role, sv: claims.sv, at })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setAudience(claims.aud)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
  }

  /**
   * A known-device token: the browser it is kept in logged in successfully to these accounts
   * (each deviceAccount of the e-mail, so the cookie names nobody). Signed with the session
   * key under its own audience, so it can never pass for a session.
   */
  async signDevice(accounts: readonly string[]): Promise<string> {
    return new SignJWT({ acc: accounts.slice(0, DEVICE_ACCOUNTS) })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(DEVICE_AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${DEVICE_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The account hashes of a valid known-device token; none for a missing, forged or expired one. */
  async verifyDevice(token: string | undefined): Promise<string[]> {
    if (!token || token.length > 4096) return [];
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: DEVICE_AUDIENCE, algorithms: ['HS256'] });
      return Array.isArray(payload.acc) ? payload.acc.filter((a): a is string => typeof a === 'string').slice(0, DEVICE_ACCOUNTS) : [];
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return [];
      throw err;
    }
  }

  /** The claims of a valid token, or null for a bad signature, a wrong audience or an expired token. */
  async verify(token: string, aud: TokenClaims['aud']): Promise<VerifiedClaims | null> {
    const key = `${aud} ${token}`;
    const known = this.verified.get(key);
    if (known && known.exp > Date.now() / 1000) return known.claims;
    if (known) this.verified.delete(key);
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: aud, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sv !== 'number' || typeof payload.exp !== 'number') return null;
      const at = typeof payload.at === 'number' ? payload.at : typeof payload.iat === 'number' ? payload.iat : 0;
      const claims: VerifiedClaims = { sub: payload.sub, role: payload.role, sv: payload.sv, aud, at, exp: payload.exp };
      // The hard limit holds whatever a token's own expiry says.
      if (at + this.times.maxSeconds < Date.now() / 1000) return null;
      if (this.verified.size >= VERIFIED_CACHE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(key, { claims, exp: payload.exp });
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

/** How long a browser stays a known device for the accounts that logged in on it. */
export const DEVICE_TTL_SECONDS = 60 * 60 * 24 * 180;
/** How many accounts one known-device cookie remembers (a shared family or shop computer). */
export const DEVICE_ACCOUNTS = 8;
const DEVICE_AUDIENCE = 'device';
/** JWT_SECRET, else a secret generated once and kept in DATA_DIR (DESIGN.md §4). */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return configured ?? keptSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}

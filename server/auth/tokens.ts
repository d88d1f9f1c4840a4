import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** What a session token says. `sv` is the user's session_version when it was issued. */
export interface TokenClaims {
  sub: string;
  role: string;
  sv: number;
  /** 'admin' for back-office users (cookie `token`), 'candidate' for foreign staff (cookie `candidate_token`). */
  aud: 'admin' | 'candidate';
}

export const TOKEN_TTL_SECONDS = 60 * 60 * 12;
const ISSUER = 'tsunagu';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims, ttlSeconds = TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ role: claims.role, sv: claims.sv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setAudience(claims.aud)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for a bad signature, a wrong audience or an expired token. */
  async verify(token: string, aud: TokenClaims['aud']): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: aud, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sv !== 'number') return null;
      return { sub: payload.sub, role: payload.role, sv: payload.sv, aud };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

/** JWT_SECRET, else a secret generated once and kept in DATA_DIR (DESIGN.md §4). */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

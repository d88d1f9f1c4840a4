/**
 * Credentials at rest: AES-256-GCM (node:crypto) under the INTEGRATION_KEY of the environment,
 * a fresh 12-byte nonce per sealing, and the row they belong to (company and service) as
 * additional data, so a sealed value copied into another company's row does not open there.
 * Stored as `v1.<nonce>.<tag>.<ciphertext>`, each base64url; the version names the scheme so a
 * later key rotation can tell old values from new.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SealError extends Error {}

export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The plaintext, or a SealError (another key, another row, or a value that was changed). */
export function open(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ct === undefined) throw new SealError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError('the sealed value does not open with this key');
  }
}

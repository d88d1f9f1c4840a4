import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets the operator did not set, made once and kept in DATA_DIR: the JWT secret (`jwt-secret`)
 * and the key that seals integration credentials (`integration-key`). Each file is written with
 * mode 0600 (only the server's user reads it), created exclusively so two starts on one DATA_DIR
 * cannot write two different secrets, and put back to 0600 if it was found readable by others.
 */
export async function keptSecret(dataDir: string, name: string, make: () => string): Promise<string> {
  const file = path.join(dataDir, name);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${make()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const { mode } = await fs.stat(file);
    if (mode & 0o077) await fs.chmod(file, 0o600);
  }
  const value = (await fs.readFile(file, 'utf8')).trim();
  if (!value) throw new Error(`${file} is empty: delete it to have a new secret made, or set the variable`);
  return value;
}

/** The integration key: INTEGRATION_KEY when set, else 32 random bytes made once and kept in DATA_DIR (base64). */
export async function resolveIntegrationKey(configured: Buffer | null, dataDir: string, parse: (text: string) => Buffer | null): Promise<Buffer> {
  if (configured) return configured;
  const text = await keptSecret(dataDir, 'integration-key', () => randomBytes(32).toString('base64'));
  const key = parse(text);
  if (!key) throw new Error(`${path.join(dataDir, 'integration-key')} does not hold a 32-byte key (64 hex characters or base64)`);
  return key;
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config';

/**
 * Secrets entered in the back office (Stripe keys, provider credentials…) are kept sealed at
 * rest (decision 0107): AES-256-GCM under the platform key SECRETS_KEY, each value with its own
 * random 12-byte IV, as one string "v1:<iv>:<tag>:<data>" (base64url parts). Opening checks the
 * tag: a changed byte or another key is refused, never read as a wrong secret.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The dev key's file under DATA_DIR, made on the first start and reused after. */
export const DEV_SECRETS_KEY_FILE = 'secrets.key';

/** What a production server without SECRETS_KEY says, in one line, before refusing to start. */
export const PRODUCTION_WITHOUT_SECRETS_KEY_MESSAGE =
  'SECRETS_KEY must be set when NODE_ENV=production (32 random bytes in base64, for example from `openssl rand -base64 32`): it encrypts the secrets entered in the back office.';

export const INVALID_SECRETS_KEY_MESSAGE =
  'SECRETS_KEY must be 32 bytes written in base64 or base64url (44 or 43 characters, for example from `openssl rand -base64 32`) or in hexadecimal (64 characters).';

/** Thrown when a sealed value cannot be opened: changed, truncated, or sealed under another key. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(`A secret box key is ${KEY_BYTES} bytes, not ${key.length}.`);
  }
  const secretKey = Buffer.from(key);
  return {
    seal(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    open(sealed: string): string {
      const parts = sealed.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) {
        throw new SecretBoxError('Not a sealed secret (expected "v1:<iv>:<tag>:<data>").');
      }
      const [iv, tag, data] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
      if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) {
        throw new SecretBoxError('Not a sealed secret (wrong IV or tag length).');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', secretKey, iv!, {
          authTagLength: TAG_BYTES,
        });
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError(
          'A sealed secret could not be opened: it was changed, or sealed under another SECRETS_KEY.',
        );
      }
    },
  };
}

/** SECRETS_KEY's text → its 32 bytes (base64, base64url or hexadecimal); anything else is refused. */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) key = Buffer.from(value, 'base64url');
  if (!key || key.length !== KEY_BYTES) throw new ConfigError(INVALID_SECRETS_KEY_MESSAGE);
  return key;
}

/**
 * The platform key that seals the back office's secrets: SECRETS_KEY when set; otherwise a
 * production server refuses to start (one line, a ConfigError), and a development one makes a
 * random key in DATA_DIR/secrets.key (mode 600) on its first start and reads it back after.
 */
export async function loadSecretsKey(options: {
  secretsKey: string | undefined;
  dataDir: string;
  production: boolean;
}): Promise<Buffer> {
  if (options.secretsKey !== undefined && options.secretsKey.trim() !== '') {
    return parseSecretsKey(options.secretsKey);
  }
  if (options.production) throw new ConfigError(PRODUCTION_WITHOUT_SECRETS_KEY_MESSAGE);
  const file = path.join(options.dataDir, DEV_SECRETS_KEY_FILE);
  try {
    return parseSecretsKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      if (error instanceof ConfigError) {
        throw new ConfigError(
          `${file} does not hold a secrets key: ${INVALID_SECRETS_KEY_MESSAGE} Restore it, or set SECRETS_KEY.`,
        );
      }
      throw error;
    }
  }
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': two processes starting at once do not each write their own key.
    await writeFile(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return parseSecretsKey(await readFile(file, 'utf8'));
    }
    throw error;
  }
  return key;
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { explainStartupFailure } from '../startup-errors';
import {
  createSecretBox,
  DEV_SECRETS_KEY_FILE,
  loadSecretsKey,
  PRODUCTION_WITHOUT_SECRETS_KEY_MESSAGE,
  SecretBoxError,
} from './secret-box';

const SECRET = 'sk_test_51Abcdefghijklmnop4242';

describe('createSecretBox', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals a secret into a versioned string that does not show it, and opens it back', () => {
    const sealed = box.seal(SECRET);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain('4242');
    expect(box.open(sealed)).toBe(SECRET);
  });

  it('uses a fresh IV each time: the same secret sealed twice gives two strings', () => {
    expect(box.seal(SECRET)).not.toBe(box.seal(SECRET));
  });

  it('refuses a sealed value whose data, tag or IV was changed', () => {
    const [version, iv, tag, data] = box.seal(SECRET).split(':') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(data)],
      [version, iv, flip(tag), data],
      [version, flip(iv), tag, data],
      ['v2', iv, tag, data],
      [version, iv, tag],
    ]) {
      expect(() => box.open(tampered.join(':'))).toThrow(SecretBoxError);
    }
    expect(() => box.open(SECRET)).toThrow(SecretBoxError);
  });

  it('refuses a value sealed under another key, without showing the secret', () => {
    const sealed = createSecretBox(randomBytes(32)).seal(SECRET);
    expect(() => box.open(sealed)).toThrow(/another SECRETS_KEY/);
    try {
      box.open(sealed);
    } catch (error) {
      expect(String(error)).not.toContain(SECRET);
    }
  });

  it('takes only a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});

describe('loadSecretsKey', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  async function dataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'secrets-key-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  }

  it('reads SECRETS_KEY in base64, base64url or hexadecimal', async () => {
    const key = randomBytes(32);
    const dir = await dataDir();
    for (const text of [key.toString('base64'), key.toString('base64url'), key.toString('hex')]) {
      const loaded = await loadSecretsKey({ secretsKey: text, dataDir: dir, production: true });
      expect(loaded.equals(key)).toBe(true);
    }
  });

  it('refuses a SECRETS_KEY that is not 32 bytes, saying what it must be', async () => {
    const dir = await dataDir();
    for (const text of ['too-short', randomBytes(16).toString('base64'), 'z'.repeat(64)]) {
      await expect(
        loadSecretsKey({ secretsKey: text, dataDir: dir, production: true }),
      ).rejects.toThrow(/SECRETS_KEY must be 32 bytes/);
    }
  });

  it('in development, makes a key file under DATA_DIR on first start and reuses it after', async () => {
    const dir = await dataDir();
    const first = await loadSecretsKey({ secretsKey: undefined, dataDir: dir, production: false });
    const file = path.join(dir, DEV_SECRETS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const written = await readFile(file, 'utf8');
    const second = await loadSecretsKey({ secretsKey: '', dataDir: dir, production: false });
    expect(second.equals(first)).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(written);
    // What the first start sealed, the second opens.
    const sealed = createSecretBox(first).seal(SECRET);
    expect(createSecretBox(second).open(sealed)).toBe(SECRET);
  });

  it('in production without SECRETS_KEY, refuses in one clear line and writes no key', async () => {
    const dir = await dataDir();
    const failure = await loadSecretsKey({
      secretsKey: undefined,
      dataDir: dir,
      production: true,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(PRODUCTION_WITHOUT_SECRETS_KEY_MESSAGE);
    const line = explainStartupFailure(failure, undefined, 'reading the configuration');
    expect(line).toContain('SECRETS_KEY must be set when NODE_ENV=production');
    expect(line).not.toContain('\n');
    await expect(stat(path.join(dir, DEV_SECRETS_KEY_FILE))).rejects.toThrow();
  });
});

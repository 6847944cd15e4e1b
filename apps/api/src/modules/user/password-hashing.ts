import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Argon2id (docs/architecture.md#technology-choices). The library's Algorithm is a const enum, which isolatedModules cannot
// read at run time: 2 is its Argon2id member. The costs are the library's defaults, which are
// OWASP's recommendation (19 MiB, 2 passes, 1 lane).
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let timingHash: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. Without a stored hash (unknown address, account
 * without a password) a real verification still runs against a throw-away hash, so that the
 * answer takes as long and tells nothing about which addresses have an account.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    timingHash ??= hashPassword('comptoir timing equaliser 0');
    await verify(await timingHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

import { createHash } from 'node:crypto';

/** Sessions store only the SHA-256 of their opaque token (docs/architecture.md#technology-choices, sessions). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

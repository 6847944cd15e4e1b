import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  REVALIDATE_SECRET_HEADER,
  revalidationRequestSchema,
} from '@comptoir/contract/admin-content';

/** Shortest secret the hook accepts to run with (the API refuses shorter ones too). */
const SECRET_MIN_LENGTH = 16;
/** A request names a few tags: anything longer is not the API's. */
const BODY_MAX_BYTES = 8 * 1024;

/** REVALIDATE_SECRET, shared with the API; unset (or too short), the hook stays closed. */
export function revalidateSecret(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | null {
  const secret = env.REVALIDATE_SECRET?.trim();
  return secret && secret.length >= SECRET_MIN_LENGTH ? secret : null;
}

/**
 * Compares in a time that does not depend on where the strings differ, nor on their lengths:
 * both sides are hashed first, so timingSafeEqual always sees 32 bytes.
 */
export function secretMatches(expected: string, given: string | null): boolean {
  if (given === null) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export type RevalidationOutcome =
  { status: 200; tags: string[] } | { status: 400 | 401 | 404 | 413; message: string };

/**
 * Checks a call of the revalidation hook: the shared secret first (nothing else is looked at
 * without it), then a JSON body naming only tags of the form site:<id>:<name>.
 */
export async function readRevalidationRequest(
  request: Request,
  secret: string | null,
): Promise<RevalidationOutcome> {
  if (secret === null) return { status: 404, message: 'Revalidation is not configured.' };
  if (!secretMatches(secret, request.headers.get(REVALIDATE_SECRET_HEADER))) {
    return { status: 401, message: 'Missing or wrong revalidation secret.' };
  }
  const declaredLength = Number(request.headers.get('content-length') ?? 0);
  if (declaredLength > BODY_MAX_BYTES) return { status: 413, message: 'Body too large.' };
  const text = await request.text();
  if (Buffer.byteLength(text, 'utf8') > BODY_MAX_BYTES) {
    return { status: 413, message: 'Body too large.' };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, message: 'Expected a JSON body { "tags": [...] }.' };
  }
  const parsed = revalidationRequestSchema.safeParse(body);
  if (!parsed.success) {
    return { status: 400, message: 'Expected { "tags": ["site:<id>:<name>", ...] }.' };
  }
  return { status: 200, tags: [...new Set(parsed.data.tags)] };
}

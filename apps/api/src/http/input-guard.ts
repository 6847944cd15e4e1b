import type { FastifyInstance } from 'fastify';
import { INVALID_BODY_MESSAGE } from '../plugins/errors';
import { HttpError } from './http-error';

/*
 * One rule at the edge for what no endpoint may receive: PostgreSQL refuses the NUL character
 * (0x00) in any text, so a NUL that reached a query or a write answered 500 wherever it came in.
 * It is refused here, in every string of the path parameters, the query string and the JSON body
 * of every route, and in every part of a multipart body (form-upload, layout preview), before any
 * endpoint's own validation runs.
 */

export const NUL_CHARACTER_ERROR = 'Ce texte contient un caractère nul (U+0000), qui est refusé.';

/** Where a NUL hides in a parsed value, as a dotted key (`blocks.0.title`), or null. */
export function findNulCharacter(value: unknown): string | null {
  // Plain loops, and the path built only once a NUL is found: this runs on every request's
  // params and query, and allocates nothing when they are clean.
  if (typeof value === 'string') return value.includes('\0') ? '' : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNulCharacter(value[index]);
      if (found !== null) return dotted(String(index), found);
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (key.includes('\0')) return key;
      const found = findNulCharacter((value as Record<string, unknown>)[key]);
      if (found !== null) return dotted(key, found);
    }
  }
  return null;
}

function dotted(key: string, rest: string): string {
  return rest ? `${key}.${rest}` : key;
}

const REQUEST_PARTS = { params: 'path parameters', query: 'query string' } as const;

/** Refuses a NUL in the path parameters or the query string (400) or in the body (422). */
export function registerInputGuard(app: FastifyInstance): void {
  // Runs on every request and never waits: written with `done`, without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of ['params', 'query'] as const) {
      const key = findNulCharacter(request[part]);
      if (key !== null) {
        done(
          new HttpError(
            400,
            `Invalid ${REQUEST_PARTS[part]}: ${key || part}: ${NUL_CHARACTER_ERROR}`,
            [{ key: key || part, error: NUL_CHARACTER_ERROR }],
          ),
        );
        return;
      }
    }
    const key = findNulCharacter(request.body);
    if (key !== null) {
      done(
        new HttpError(422, INVALID_BODY_MESSAGE, [
          { key: key || 'body', error: NUL_CHARACTER_ERROR },
        ]),
      );
      return;
    }
    done();
  });
}

/**
 * The same rule for a multipart part, which handlers read as a stream after the hooks have run:
 * its field name, its file name and its text value.
 */
export function refuseNulInPart(part: {
  fieldname?: string;
  filename?: string;
  value?: unknown;
  file?: { resume(): unknown };
}): void {
  const texts = [
    part.fieldname ?? '',
    part.filename ?? '',
    typeof part.value === 'string' ? part.value : '',
  ];
  if (texts.some((text) => text.includes('\0'))) {
    // The file's bytes are not wanted: let the stream go so that the request can end.
    part.file?.resume();
    const key = !part.fieldname || part.fieldname.includes('\0') ? 'request' : part.fieldname;
    throw new HttpError(422, INVALID_BODY_MESSAGE, [{ key, error: NUL_CHARACTER_ERROR }]);
  }
}

export const MALFORMED_MULTIPART_MESSAGE =
  'Le contenu envoyé n’est pas un formulaire multipart/form-data valide.';

/**
 * What a multipart reader throws when reading the parts failed for a reason of its own: the
 * parser's errors (a truncated body, a part without headers, a missing boundary) carry no code
 * nor status, yet they all mean the client sent a malformed body, a 400 rather than a 500.
 * Parts are read into memory, so no failure of the server itself comes this way.
 */
export function multipartReadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new HttpError(400, MALFORMED_MULTIPART_MESSAGE, undefined, { cause: error });
}

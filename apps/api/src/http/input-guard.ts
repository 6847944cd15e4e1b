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

/** One object or array being walked: its keys (null for an array), the next one, its own key. */
interface WalkFrame {
  node: object;
  keys: string[] | null;
  next: number;
  /** Where the node sits in its parent ('' for the value walked). */
  key: string;
}

/**
 * Where a NUL hides in a parsed value, as a dotted key (`blocks.0.title`), or null. Depth first,
 * in order, with a stack of its own rather than recursion: a body nested thousands deep must not
 * exhaust the call stack (the JSON parser below refuses such bodies first; this holds anyway).
 */
export function findNulCharacter(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\0') ? '' : null;
  if (typeof value !== 'object' || value === null) return null;
  // The path is built only once a NUL is found: this runs on every request's params and query.
  const frames: WalkFrame[] = [walkFrame(value, '')];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const { node, keys } = frame;
    const length = keys ? keys.length : (node as unknown[]).length;
    if (frame.next >= length) {
      frames.pop();
      continue;
    }
    const index = frame.next;
    frame.next += 1;
    const key = keys ? keys[index]! : null;
    if (key !== null && key.includes('\0')) return pathOf(frames, key);
    const child: unknown =
      key !== null ? (node as Record<string, unknown>)[key] : (node as unknown[])[index];
    if (typeof child === 'string') {
      if (child.includes('\0')) return pathOf(frames, key ?? String(index));
    } else if (typeof child === 'object' && child !== null) {
      frames.push(walkFrame(child, key ?? String(index)));
    }
  }
  return null;
}

function walkFrame(node: object, key: string): WalkFrame {
  // Own enumerable keys, as `for…in` with `Object.hasOwn` read them.
  return { node, keys: Array.isArray(node) ? null : Object.keys(node), next: 0, key };
}

function pathOf(frames: readonly WalkFrame[], key: string): string {
  const keys = frames.slice(1).map((frame) => frame.key);
  keys.push(key);
  return keys.join('.');
}

/**
 * How deep a JSON body may nest its arrays and objects. The contract's deepest bodies (page
 * blocks, form fields) stay under ten levels; 64 leaves room and stops a body of thousands of
 * `[` that the code walking it would pay for (decision 0080).
 */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP_MESSAGE = `Le contenu JSON envoyé est imbriqué trop profondément (${MAX_JSON_DEPTH} niveaux au plus).`;

/** Whether a JSON text opens more than `limit` arrays or objects inside one another. */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

const REQUEST_PARTS = { params: 'path parameters', query: 'query string' } as const;

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH (400, before it is parsed), then a NUL in
 * the path parameters or the query string (400) or in the body (422).
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Fastify's own JSON parser (empty body, invalid JSON, __proto__ refused), after the depth check.
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new HttpError(400, JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

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

import type { ServerResponse } from 'node:http';

/**
 * Headers that only serve revalidation and partial downloads. The build's files under
 * `/_next/static/` are named by their content and sent with `Cache-Control: public,
 * max-age=31536000, immutable`: a browser never asks again whether they changed, so their ETag
 * and Last-Modified are never used, and no script or stylesheet is fetched by ranges. About 100
 * bytes on each of a page's dozen chunk responses (decision 0059).
 */
const UNUSED_ON_IMMUTABLE_FILES = new Set(['etag', 'last-modified', 'accept-ranges']);

/**
 * Keeps Next's static file server from writing those headers on this response: only for a
 * production build's `/_next/static/*` (in development the files keep their names when they change).
 */
export function omitRevalidationHeaders(response: ServerResponse): void {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) =>
    UNUSED_ON_IMMUTABLE_FILES.has(name.toLowerCase()) ? response : setHeader(name, value);
}

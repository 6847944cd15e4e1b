import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/*
 * Inline SVG (docs/requirements/pages-and-menu.md `POST /image/load-svg (url)`; the issue names `GET /image/load-svg`): the
 * storefront asks the API for an SVG picture's markup, to put it in the page itself (so that it
 * takes the text colour, for example). The API fetches it only from allowed places and sanitizes
 * it, since the markup ends up inside the page.
 */

/** Largest SVG the API accepts to load: 512 KiB. */
export const SVG_MAX_BYTES = 512 * 1024;
/** How long the API waits for a remote SVG, all redirections included. */
export const SVG_FETCH_TIMEOUT_MS = 5000;

/** Checked by the API against its allow list (see the endpoint's summary). */
export const svgUrlSchema = z.string().trim().min(1).max(2048);

export const loadSvgInputSchema = z.object({ url: svgUrlSchema });
export type LoadSvgInput = z.input<typeof loadSvgInputSchema>;

export const loadedSvgSchema = z.object({
  /**
   * The sanitized markup, one `<svg>` element: SVG shapes, gradients, filters, text and their
   * presentation attributes only; no script, foreignObject, style element, event handler, or
   * link other than a `#fragment` inside the picture (raster `data:` images excepted).
   */
  svg: z.string(),
});
export type LoadedSvg = z.infer<typeof loadedSvgSchema>;

const loadSvgSummary =
  "The sanitized markup of an SVG picture, from an allowed URL only: a path of the site ('/samples/logo.svg'), " +
  "or an address on the site's own dev or prod URL, both read from the storefront's public folder " +
  '(STOREFRONT_PUBLIC_DIR) and ending in .svg; or an http(s) URL whose origin is listed in ' +
  'LOAD_SVG_ALLOWED_ORIGINS (comma-separated origins), fetched without credentials, at most 512 KiB in 5 s, ' +
  'following at most 3 redirections and only to listed origins, a host name that resolves to a private, ' +
  'loopback or link-local address being refused (an origin written as an IP address is trusted as written). ' +
  'Any other URL (file:, data:, another host, a private address) is refused with 400; a failed fetch answers 502.';

export const loadSvg = defineEndpoint({
  method: 'POST',
  path: '/image/load-svg',
  summary: loadSvgSummary,
  tags: ['image'],
  body: loadSvgInputSchema,
  response: loadedSvgSchema,
});

/** The same as POST /image/load-svg, with the URL in the query string (cacheable by URL). */
export const loadSvgByQuery = defineEndpoint({
  method: 'GET',
  path: '/image/load-svg',
  summary: `${loadSvgSummary} (GET form: ?url=…)`,
  tags: ['image'],
  query: loadSvgInputSchema,
  response: loadedSvgSchema,
});

import path from 'node:path';
import { SVG_FETCH_TIMEOUT_MS, SVG_MAX_BYTES } from '@comptoir/contract/image';
import { HttpError } from '../../http/http-error';

/**
 * Where /image/load-svg may take an SVG from. The site's own pictures are files of the
 * storefront's public folder, read from disk: no request leaves the server for them. Other
 * origins are opt-in, one by one, through LOAD_SVG_ALLOWED_ORIGINS.
 */
export interface SvgSourceSettings {
  /** The storefront's public folder (STOREFRONT_PUBLIC_DIR): the site's paths are read there. */
  publicDir: string;
  /** Origins (`https://cdn.example.com`) whose SVGs may be fetched over HTTP(S). */
  allowedOrigins: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

/**
 * The settings from the parsed configuration (STOREFRONT_PUBLIC_DIR, LOAD_SVG_ALLOWED_ORIGINS,
 * both checked by config.ts) with the contract's size and time bounds.
 */
export function svgSourceSettings(
  publicDir: string,
  allowedOrigins: readonly string[],
): SvgSourceSettings {
  return {
    publicDir,
    allowedOrigins,
    maxBytes: SVG_MAX_BYTES,
    timeoutMs: SVG_FETCH_TIMEOUT_MS,
    maxRedirects: 3,
  };
}

export const SVG_URL_INVALID_MESSAGE =
  "L'adresse de l'image n'est pas valide : indiquez un chemin du site (/…) ou une adresse http(s).";
export const SVG_URL_REFUSED_MESSAGE =
  "Cette adresse n'est pas autorisée : seules les images SVG du site et des sources approuvées peuvent être chargées.";
export const SVG_PATH_REFUSED_MESSAGE =
  "Ce chemin n'est pas autorisé : seuls les fichiers .svg du dossier public du site peuvent être chargés.";
export const SVG_PRIVATE_ADDRESS_MESSAGE =
  "Cette adresse mène à un réseau privé : elle n'est pas autorisée.";
export const SVG_REDIRECT_REFUSED_MESSAGE =
  "L'image redirige vers une adresse qui n'est pas autorisée.";

export type SvgSource = { kind: 'file'; filePath: string } | { kind: 'remote'; url: URL };

interface SiteUrls {
  devUrl: string | null;
  prodUrl: string | null;
}

function hostNameOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function hasDotSegment(url: string): boolean {
  const beforeQuery = url.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(beforeQuery);
  } catch {
    return false;
  }
  return decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..');
}

/** A path of the site as a file of the public folder, or a 400 when it could leave it. */
function publicFile(pathname: string, publicDir: string): SvgSource {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new HttpError(400, SVG_URL_INVALID_MESSAGE);
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  const unsafe = segments.some(
    (segment) =>
      segment === '.' || segment === '..' || segment.includes('\\') || segment.includes('\0'),
  );
  if (unsafe || segments.length === 0 || !/\.svg$/i.test(segments.at(-1)!)) {
    throw new HttpError(400, SVG_PATH_REFUSED_MESSAGE);
  }
  const filePath = path.join(publicDir, ...segments);
  const relative = path.relative(publicDir, filePath);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new HttpError(400, SVG_PATH_REFUSED_MESSAGE);
  }
  return { kind: 'file', filePath };
}

/**
 * Decides where an SVG URL may be read from, or refuses it (400):
 * - `/path.svg`, or an http(s) address on the host of the site's dev or prod URL: the file of
 *   the storefront's public folder at that path;
 * - an http(s) URL of an origin of LOAD_SVG_ALLOWED_ORIGINS: fetched (see remote-svg.ts);
 * - anything else (file:, data:, credentials, another host, a private address…): refused.
 */
export function resolveSvgSource(
  input: string,
  site: SiteUrls,
  settings: SvgSourceSettings,
): SvgSource {
  const trimmed = input.trim();
  // A URL parser would quietly resolve '..' (even written %2e%2e): such a path is refused instead.
  if (hasDotSegment(trimmed)) throw new HttpError(400, SVG_PATH_REFUSED_MESSAGE);
  // '/x' is a path of the site; '//host' and '/\host' are other hosts in a browser's eyes.
  if (/^\/(?![/\\])/.test(trimmed)) {
    return publicFile(new URL(trimmed, 'http://site.invalid').pathname, settings.publicDir);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new HttpError(400, SVG_URL_INVALID_MESSAGE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError(400, SVG_URL_INVALID_MESSAGE);
  }
  if (url.username !== '' || url.password !== '') {
    throw new HttpError(400, SVG_URL_REFUSED_MESSAGE);
  }
  const siteHosts = [hostNameOf(site.devUrl), hostNameOf(site.prodUrl)];
  if (siteHosts.includes(url.hostname.toLowerCase())) {
    return publicFile(url.pathname, settings.publicDir);
  }
  if (settings.allowedOrigins.includes(url.origin)) return { kind: 'remote', url };
  throw new HttpError(400, SVG_URL_REFUSED_MESSAGE);
}

// Copies the browser files of tarteaucitronjs (the cookie banner) from node_modules to
// public/vendor/tarteaucitron, where the storefront serves them: the banner loads its language,
// services and stylesheet next to its own script. Run before every build ("prebuild", and from
// next.config.ts for direct `next build` runs); the copied folder is ignored by git.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * [file in the package, file served]. The package's minified builds are served under the plain
 * names (the script counts in every page's budget: 18.8 KB gzip instead of 23.6 KB): the banner
 * picks `.min` names for its language, services and stylesheet only from a CDN or a `.min.` path,
 * and our trimmed services file exists only under the plain name.
 */
const FILES = [
  ['tarteaucitron.min.js', 'tarteaucitron.js'],
  ['css/tarteaucitron.min.css', 'css/tarteaucitron.css'],
  // The banner is always in French (spec §2).
  ['lang/tarteaucitron.fr.min.js', 'lang/tarteaucitron.fr.js'],
  ['LICENSE', 'LICENSE'],
];

const SERVICES_FILE = 'tarteaucitron.services.js';

/**
 * The services the storefront offers (modules/consent/consent-services.ts): tarteaucitron's
 * catalogue holds hundreds (270 KB), a visitor of a site with a tracker needs these few.
 */
export const CONSENT_SERVICE_KEYS = [
  'gtag',
  'matomo',
  'googleads',
  'plausible',
  'googletagmanager',
  'facebookpixel',
];

const SERVICE_START = /^tarteaucitron\.services\.([A-Za-z0-9_]+) = /gm;

/**
 * Keeps the catalogue's header and the definitions of `keys` only. Each definition starts at a
 * line `tarteaucitron.services.<key> = ` and runs until the next one (comments between belong
 * to the next); a key missing from the catalogue is an error rather than a banner that silently
 * lacks a service.
 */
export function trimServices(source, keys) {
  const starts = [...source.matchAll(SERVICE_START)].map((match) => ({
    key: match[1],
    index: match.index,
  }));
  if (starts.length === 0) throw new Error('No service definition found in tarteaucitron.');
  const kept = keys.map((key) => {
    const at = starts.findIndex((start) => start.key === key);
    if (at === -1) throw new Error(`tarteaucitron has no service "${key}".`);
    const end = at + 1 < starts.length ? starts[at + 1].index : source.length;
    return source.slice(starts[at].index, end).trimEnd();
  });
  return `${source.slice(0, starts[0].index).trimEnd()}\n\n${kept.join('\n\n')}\n`;
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Synchronous, so that next.config.ts can call it while it loads. */
export function copyVendorFiles() {
  const packageDir = path.dirname(
    createRequire(import.meta.url).resolve('tarteaucitronjs/package.json'),
  );
  const target = path.join(webDir, 'public/vendor/tarteaucitron');
  for (const [source, served] of FILES) {
    mkdirSync(path.dirname(path.join(target, served)), { recursive: true });
    copyFileSync(path.join(packageDir, source), path.join(target, served));
  }
  const services = readFileSync(path.join(packageDir, SERVICES_FILE), 'utf8');
  writeFileSync(path.join(target, SERVICES_FILE), trimServices(services, CONSENT_SERVICE_KEYS));
  return target;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = copyVendorFiles();
  console.log(`tarteaucitron copied to ${path.relative(process.cwd(), target) || '.'}`);
}

// Copies the browser files of tarteaucitronjs (the cookie banner) from node_modules to
// public/vendor/tarteaucitron, where the storefront serves them: the banner loads its language,
// services and stylesheet next to its own script. Also axe-core's script and French texts to
// public/vendor/axe-core, which the back office's block editor loads into the draft preview when
// the owner publishes (decision 0112): never a visitor's download. Run before every build ("prebuild", and from
// next.config.ts for direct `next build` runs); the copied folder is ignored by git.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * [file in the package, file served]. The package's minified stylesheet is served under the plain
 * name: tarteaucitron picks `.min` names only from a CDN or a `.min.` path.
 */
const FILES = [
  ['css/tarteaucitron.min.css', 'css/tarteaucitron.css'],
  ['LICENSE', 'LICENSE'],
];

/**
 * The script served as `tarteaucitron.js`: the package's minified core followed by its French
 * language file (the banner is always in French, docs/requirements/consent-and-analytics.md), one download instead of two. The
 * storefront starts it with `useExternalJs`, so tarteaucitron fetches neither its language nor
 * its services catalogue itself: the page loads the services the site configures, one small file
 * each (`services/<key>.js`), decision 0035.
 */
const CORE_FILES = ['tarteaucitron.min.js', 'lang/tarteaucitron.fr.min.js'];
export const CORE_SCRIPT = 'tarteaucitron.js';

const SERVICES_FILE = 'tarteaucitron.services.js';

/** The served file of one service's definition. */
export function serviceFileName(key) {
  return `services/${key}.js`;
}

/**
 * The services the storefront offers (modules/consent/consent-services.ts, the analytics jobs and
 * the page services): tarteaucitron's
 * catalogue holds hundreds (270 KB), a visitor of a site with a tracker needs these few.
 */
export const CONSENT_SERVICE_KEYS = [
  'gtag',
  'matomo',
  'googleads',
  'plausible',
  'googletagmanager',
  'facebookpixel',
  // The relay map's tiles (a page service: the storefront draws the map itself, decision 0047).
  'openstreetmap',
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

/** axe-core's files: [file in the package, file served under public/vendor/axe-core]. */
export const AXE_FILES = [
  ['axe.min.js', 'axe.min.js'],
  ['locales/fr.json', 'fr.json'],
  ['LICENSE', 'LICENSE'],
];

function copyAxeFiles() {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('axe-core/package.json'));
  const target = path.join(webDir, 'public/vendor/axe-core');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const [source, served] of AXE_FILES) {
    copyFileSync(path.join(packageDir, source), path.join(target, served));
  }
}

/** Synchronous, so that next.config.ts can call it while it loads. */
export function copyVendorFiles() {
  copyAxeFiles();
  const packageDir = path.dirname(
    createRequire(import.meta.url).resolve('tarteaucitronjs/package.json'),
  );
  const target = path.join(webDir, 'public/vendor/tarteaucitron');
  // Files an earlier layout served must not linger (the folder is generated, never edited).
  rmSync(target, { recursive: true, force: true });
  for (const [source, served] of FILES) {
    mkdirSync(path.dirname(path.join(target, served)), { recursive: true });
    copyFileSync(path.join(packageDir, source), path.join(target, served));
  }
  const core = CORE_FILES.map((file) => readFileSync(path.join(packageDir, file), 'utf8').trim());
  writeFileSync(path.join(target, CORE_SCRIPT), `${core.join(';\n')}\n`);
  const services = readFileSync(path.join(packageDir, SERVICES_FILE), 'utf8');
  mkdirSync(path.join(target, 'services'), { recursive: true });
  for (const key of CONSENT_SERVICE_KEYS) {
    writeFileSync(path.join(target, serviceFileName(key)), trimServices(services, [key]));
  }
  return target;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = copyVendorFiles();
  console.log(`tarteaucitron copied to ${path.relative(process.cwd(), target) || '.'}`);
}

// Copies the browser files of tarteaucitronjs (the cookie banner) from node_modules to
// public/vendor/tarteaucitron, where the storefront serves them: the banner loads its language,
// services and stylesheet next to its own script. Run before every build ("prebuild", and from
// next.config.ts for direct `next build` runs); the copied folder is ignored by git.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILES = [
  'tarteaucitron.js',
  'tarteaucitron.services.js',
  'css/tarteaucitron.css',
  // The banner is always in French (spec §2).
  'lang/tarteaucitron.fr.js',
  'LICENSE',
];

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Synchronous, so that next.config.ts can call it while it loads. */
export function copyVendorFiles() {
  const packageDir = path.dirname(
    createRequire(import.meta.url).resolve('tarteaucitronjs/package.json'),
  );
  const target = path.join(webDir, 'public/vendor/tarteaucitron');
  for (const file of FILES) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(path.join(packageDir, file), path.join(target, file));
  }
  return target;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = copyVendorFiles();
  console.log(`tarteaucitron copied to ${path.relative(process.cwd(), target) || '.'}`);
}

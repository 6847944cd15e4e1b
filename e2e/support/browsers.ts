/**
 * The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here):
 * the journeys its old headless shell (package chromium-headless-shell, decision 0120), the bench's
 * Lighthouse the full browser (package chromium). Installs what is missing with apt-get when we
 * are root; otherwise says what to do.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The browser Lighthouse and screenshots drive. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The browser Playwright's journeys drive. */
export const JOURNEY_BROWSER_PATH =
  process.env.JOURNEY_BROWSER_PATH ?? '/usr/bin/chromium-headless-shell';

const PACKAGES: readonly (readonly [path: string, debianPackage: string])[] = [
  [CHROMIUM_PATH, 'chromium'],
  [JOURNEY_BROWSER_PATH, 'chromium-headless-shell'],
];

/** Run as a script (the `chromium` step of npm test), not when the e2e config imports the paths. */
if (process.argv[1]?.endsWith('browsers.ts')) {
  const missing = PACKAGES.filter(([browserPath]) => !existsSync(browserPath));
  const names = missing.map(([, debianPackage]) => debianPackage).join(' ');
  if (missing.length > 0 && process.getuid?.() !== 0) {
    console.error(
      `Missing ${missing.map(([browserPath]) => browserPath).join(' and ')}: run "sudo apt-get install -y ${names}" (or set CHROMIUM_PATH / JOURNEY_BROWSER_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
  if (missing.length > 0) {
    console.log(`[comptoir] Installing ${names} for the browser tests (apt-get, about a minute)…`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`,
      { stdio: 'inherit', shell: '/bin/bash' },
    );
  }
}

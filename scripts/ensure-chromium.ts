/**
 * The browser tests drive Debian's Chromium (Playwright's own browser download cannot work here).
 * Installs it with apt-get when missing and we are root; otherwise says what to do.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
  console.log(
    '[comptoir] Installing Debian Chromium for the browser tests (apt-get, about a minute)…',
  );
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}

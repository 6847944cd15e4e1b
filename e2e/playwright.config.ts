import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN_PASSWORD } from './support/accounts';
import { API_URL, WEB_URL, API_PORT, WEB_PORT, MAIL_CATCHER_URL, SMTP_URL } from './support/urls';

/**
 * Drives the built product (API + the storefront's server.ts) in Debian's Chromium. Each run starts both servers
 * on their own ports with a fresh PGlite folder, so it never touches a developer's data.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `comptoir-e2e-${process.pid}`);
// Shared by the API and the storefront: content saved by a journey shows on the next visit.
const revalidateSecret = crypto.randomUUID();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results/playwright.json') }]],
  outputDir: path.join(root, 'test-results/playwright'),
  use: {
    baseURL: WEB_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore:
        /(stored-xss|admin-pages|admin-banner|admin-blog|admin-site|admin-catalogue|admin-pickup-addresses)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The stored-XSS journey changes what every page of site 91 shows (banner, HTML after the
    // body), and the back office's page journey its menu: they run once the other journeys,
    // which count banner messages and read the menu, are over.
    {
      name: 'site-wide content writes',
      testMatch: /(stored-xss|admin-pages)\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The back office's banner journey adds a message to site 91's banner and puts it first, then
    // puts the list back: after the journeys that count its messages and after the stored-XSS
    // journey, which also writes it; before admin-site, which adds one too.
    {
      name: 'back-office banner writes',
      testMatch: /admin-banner\.spec\.ts/,
      dependencies: ['site-wide content writes'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The back office's journeys that add what other journeys would show or count: a promoted news
    // item and an article (the blog's newest), a banner message and a service on site 91, a wine
    // on site 92 (the catalogue's total). They run once those journeys are over, side by side
    // (each writes its own records), and remove what they can. (Hiding a review, admin-reviews,
    // runs with the others: no other journey reads the review it hides.)
    {
      name: 'back-office writes',
      testMatch: /(admin-blog|admin-site|admin-catalogue)\.spec\.ts/,
      dependencies: ['back-office banner writes'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // A click-and-collect address added in the back office is offered beside the seeded estate
    // (that the checkout, shop-pages and pickup-calendar journeys choose) until the journey stops
    // it: after every other journey. (The shop settings journey runs with the others: it changes
    // the price of a carrier of its own, never a seeded one.)
    {
      name: 'back-office pick-up addresses',
      testMatch: /admin-pickup-addresses\.spec\.ts/,
      dependencies: ['back-office writes'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      command: `${root}/node_modules/.bin/tsx e2e/support/mail-catcher.ts`,
      cwd: root,
      url: `${MAIL_CATCHER_URL}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `${root}/node_modules/.bin/tsx src/server.ts`,
      cwd: path.join(root, 'apps/api'),
      url: `${API_URL}/health`,
      env: {
        API_PORT: String(API_PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The seeded administrators (admin panel journeys) and a real SMTP peer (reset mails).
        DEMO_ADMIN_PASSWORD,
        SMTP_URL,
        // Every journey logs in and registers from 127.0.0.1: lift the per-IP brute-force limits.
        AUTH_RATE_LIMIT_SCALE: '20',
        STOREFRONT_URL: WEB_URL,
        REVALIDATE_SECRET: revalidateSecret,
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      // The storefront's own server (apps/web/server.ts), as `npm start` runs it.
      command: `${root}/node_modules/.bin/tsx server.ts`,
      cwd: path.join(root, 'apps/web'),
      url: `${WEB_URL}/`,
      env: { API_URL, PORT: String(WEB_PORT), SITE_ID: '91', REVALIDATE_SECRET: revalidateSecret },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});

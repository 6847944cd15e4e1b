import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOURNEY_BROWSER_PATH } from './support/browsers';
import { DEMO_ADMIN_PASSWORD } from './support/accounts';
import {
  API_URL,
  WEB_URL,
  API_PORT,
  WEB_PORT,
  MAIL_CATCHER_URL,
  FAKE_STRIPE_URL,
  MONDIAL_RELAY_PORT,
  MONDIAL_RELAY_URL,
  SMTP_URL,
  STRIPE_PORT,
} from './support/urls';

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
    // Recording a trace of every test cost about a tenth of the journeys' processor time, on a
    // CI where they are most of the run: on CI a failed test is retried once with its trace
    // recorded (decision 0121); a developer's run keeps the trace of every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      // Debian's old headless shell: the same Blink without the full browser's window machinery,
      // a third of the processor time per page load, on a machine where the browser is most of the
      // journeys' cost (decision 0120). Lighthouse (bench/) keeps the full browser.
      executablePath: JOURNEY_BROWSER_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        '--disable-gpu-compositing',
        '--disable-software-rasterizer',
        '--disable-remote-fonts',
      ],
    },
  },
  // One project: every journey runs beside the others, in any order. A journey that changes what
  // other journeys read (a site's banner, menu, theme, HTML after the body, blog, services,
  // catalogue, carriers, click-and-collect addresses) does it on records of its own — a site made
  // from a platform template (support/own-site.ts), a carrier of its own — never on the seeded
  // sites' shared records (decision 0095).
  projects: [
    {
      name: 'chromium',
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
      // Stripe's API for the sites whose owner saves keys (payment-settings.spec.ts).
      command: `${root}/node_modules/.bin/tsx src/test/fake-stripe-server.ts`,
      cwd: path.join(root, 'apps/api'),
      env: { FAKE_STRIPE_PORT: String(STRIPE_PORT) },
      url: `${FAKE_STRIPE_URL}/__fake/payment_intents`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      // Mondial Relay's point search, answered as the service documents it (decision 0108).
      command: `${root}/node_modules/.bin/tsx src/test/fake-mondial-relay.ts`,
      cwd: path.join(root, 'apps/api'),
      url: MONDIAL_RELAY_URL,
      env: { FAKE_MONDIAL_RELAY_PORT: String(MONDIAL_RELAY_PORT) },
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
        // A refused mail is given up at once, for the « E-mails non envoyés » journey (decision
        // 0115); the catcher accepts every other mail.
        MAIL_MAX_ATTEMPTS: '1',
        // Every journey logs in and registers from 127.0.0.1: lift the per-IP brute-force limits.
        AUTH_RATE_LIMIT_SCALE: '20',
        STOREFRONT_URL: WEB_URL,
        REVALIDATE_SECRET: revalidateSecret,
        STRIPE_API_URL: FAKE_STRIPE_URL,
        // A site whose owner chooses Mondial Relay gets its points from the fake service.
        MONDIAL_RELAY_API_URL: MONDIAL_RELAY_URL,
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

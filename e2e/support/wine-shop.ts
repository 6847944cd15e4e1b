import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN_PASSWORD } from './accounts';
import { rememberPopupsClosed } from './welcome-popup';

/** Site 92 (the wine shop) is served on its own host name, on the e2e storefront's port. */
export function wineSite(baseURL: string | undefined, path = '/'): string {
  return `http://vins.localhost:${new URL(baseURL!).port}${path}`;
}

/** Intl writes a no-break space before € and inside numbers: read prices with plain spaces. */
export function plain(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Nothing leaves the machine (site 92 configures Google's tag); the cookie banner is refused. */
export async function openWineShop(page: Page, baseURL: string | undefined, path: string) {
  await page.route(
    (url) => url.hostname !== 'localhost' && !url.hostname.endsWith('.localhost'),
    (route) => route.abort(),
  );
  await rememberPopupsClosed(page, 92);
  await page.goto(wineSite(baseURL, path));
  // tarteaucitron wires its buttons a moment after the banner shows: click until it closes.
  const refuse = page.getByRole('button', { name: 'Tout refuser' });
  await expect(refuse).toBeVisible({ timeout: 15_000 });
  await expect(async () => {
    await refuse.click();
    await expect(refuse).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

/** The wine shop's owner, a seeded administrator of site 92. */
export const SITE_92_ADMIN = {
  email: 'admin@domaine-trois-coteaux.fr',
  password: DEMO_ADMIN_PASSWORD,
};

/**
 * Logs the owner in from a page of the wine site (its own host, which only the browser resolves),
 * through the storefront's /api as the login form does: the session cookie lands on that host.
 */
export async function loginAsOwner(page: Page, baseURL: string | undefined) {
  await openWineShop(page, baseURL, '/');
  const status = await page.evaluate(async (credentials) => {
    const response = await fetch('/api/login', {
      method: 'POST',
      headers: { siteId: '92', 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    return response.status;
  }, SITE_92_ADMIN);
  expect(status).toBe(200);
}

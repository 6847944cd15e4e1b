import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** The e2e API seeds one ADMIN per demo site with this password (playwright.config.ts). */
export const DEMO_ADMIN_PASSWORD = process.env.E2E_DEMO_ADMIN_PASSWORD ?? 'Demo-admin-2026';
/** The seeded administrator of site 91 (apps/api/src/db/seed/accounts.ts). */
export const SITE_91_ADMIN = { email: 'admin@atelier-clemence.fr', password: DEMO_ADMIN_PASSWORD };

export interface NewCustomer {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** A customer nobody has registered yet: journeys run in parallel and share the database. */
export function newCustomer(firstname = 'Léa', lastname = 'Martin'): NewCustomer {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstname,
    lastname,
    email: `${firstname
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()}.${suffix}@example.fr`,
    password: `Brushing-${suffix}-2026`,
  };
}

/** Registers through the /auth page and waits for the account area. */
export async function registerThroughPage(page: Page, customer: NewCustomer): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Création de compte' });
  await form.getByLabel('Prénom').fill(customer.firstname);
  await form.getByLabel('Nom', { exact: true }).fill(customer.lastname);
  await form.getByLabel('Adresse e-mail').fill(customer.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
  await form.getByLabel('Confirmation du mot de passe').fill(customer.password);
  await form.getByRole('checkbox', { name: /^Je reconnais avoir lu et compris/ }).check();
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/mon-compte$/);
}

/** Logs in through the /auth page (optionally with a `next` path) and waits to leave it. */
export async function loginThroughPage(
  page: Page,
  credentials: { email: string; password: string },
  next?: string,
): Promise<void> {
  await page.goto(next ? `/auth?next=${encodeURIComponent(next)}` : '/auth');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(credentials.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(credentials.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

/**
 * Logs in without the page, through the storefront's /api proxy: the API sets its cookies on the
 * storefront's origin in the page's cookie jar, exactly as the login form does. For journeys
 * about something else than logging in.
 */
export async function loginThroughApi(
  page: Page,
  credentials: { email: string; password: string },
  siteId = 91,
): Promise<void> {
  const response = await page.request.post('/api/login', {
    headers: { siteId: String(siteId) },
    data: credentials,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

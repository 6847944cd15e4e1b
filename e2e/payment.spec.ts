import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { openWineShop } from './support/wine-shop';

/**
 * The card payment page on site 92, whose demo data has no Stripe keys (decision 0053): the page
 * says card payment is not offered, loads nothing from Stripe, and the site's security policy
 * names no Stripe origin (a site with keys gets them).
 */
test('the payment page of a site without Stripe keys says card payment is not offered', async ({
  page,
  baseURL,
}) => {
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('stripe.com')) stripeRequests.push(request.url());
  });
  const responses: { csp: string | null; permissions: string | null }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') {
      const headers = response.headers();
      responses.push({
        csp: headers['content-security-policy'] ?? null,
        permissions: headers['permissions-policy'] ?? null,
      });
    }
  });

  await openWineShop(page, baseURL, '/panier/paiement/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement par carte' })).toBeVisible();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Le paiement par carte n’est pas proposé sur cette boutique.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute(
    'href',
    '/panier/confirmation?commande=1',
  );
  await expectNoSeriousAccessibilityViolations(page);

  expect(stripeRequests).toEqual([]);
  const document = responses.at(-1)!;
  expect(document.csp).toContain("script-src 'self'");
  expect(document.csp).not.toContain('stripe');
  expect(document.permissions).toContain('payment=(self "https://js.stripe.com")');
});

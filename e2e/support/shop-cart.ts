import { expect, type Page } from '@playwright/test';
import type { Cart } from '@comptoir/contract/cart';
import { getProduct, getProducts } from '@comptoir/contract/product';
import { apiFor } from './api';

/** The storefront's localStorage key of the cart (apps/web/lib/stores/cart-store.ts). */
export const CART_STORAGE_KEY = 'comptoir-cart';

/** The declination of a seeded wine, by its product's name, vintage and capacity. */
export async function declinationOf(name: string, year: number | null, capacity: number) {
  const { siteProducts } = await apiFor(92).call(getProducts, { query: { search: name } });
  const summary = siteProducts.find((product) => product.name === name);
  if (!summary) throw new Error(`No product ${name} on site 92`);
  const product = await apiFor(92).call(getProduct, { params: { id: summary.id } });
  const declination = product.declinations.find(
    (candidate) => candidate.year === year && candidate.capacity === capacity,
  );
  if (!declination) throw new Error(`No ${year} ${capacity} declination of ${name}`);
  return declination.id;
}

/**
 * Adds a wine as a visitor's browser does: multipart POST through the storefront's /api with the
 * page's cookies (the cart's secret cookie comes back on the first add). The answer is stored as
 * the product page stores it (the cart store's localStorage entry).
 */
export async function addToCart(
  page: Page,
  declinationId: number,
  quantity: number,
): Promise<Cart> {
  return page.evaluate(
    async ({ declinationId, quantity, key }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}') as {
        state: { cartId?: number | null };
        version: number;
      };
      const form = new FormData();
      form.append('type', 'MAIN_CART');
      form.append('quantity', String(quantity));
      const response = await fetch(
        `/api/cart/${stored.state.cartId ?? 'new'}/product/${declinationId}`,
        { method: 'POST', headers: { siteId: '92' }, body: form },
      );
      const body = (await response.json()) as { success: boolean; data: Cart; message: string };
      if (!body.success) throw new Error(body.message);
      localStorage.setItem(
        key,
        JSON.stringify({
          ...stored,
          state: { ...stored.state, cartId: body.data.id, cart: body.data },
        }),
      );
      return body.data;
    },
    { declinationId, quantity, key: CART_STORAGE_KEY },
  );
}

/**
 * Click-and-collect at the estate, on the delivery step: the first open day (next month when
 * this one has none left), its first slot, held by the API and shown as chosen.
 */
export async function holdFirstSlot(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /click & collect/ }).check();
  const calendar = page.getByRole('table');
  await expect(calendar).toBeVisible();
  if ((await calendar.getByRole('button').count()) === 0) {
    await page.getByRole('button', { name: 'Mois suivant' }).click();
  }
  await page.getByRole('table').getByRole('button').first().click();
  const held = page.waitForResponse(
    (response) => /\/api\/calendar\/\d+\/hold$/.test(response.url()) && response.ok(),
  );
  const firstSlot = page
    .getByRole('group', { name: /^Créneaux du/ })
    .getByRole('radio')
    .first();
  await firstSlot.click();
  await held;
  await expect(firstSlot).toBeChecked();
}

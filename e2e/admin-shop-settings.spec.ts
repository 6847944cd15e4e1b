import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminCarrier, NewCarrierInput } from '@comptoir/contract/admin-delivery';
import type { Cart } from '@comptoir/contract/cart';
import { DISCOUNT_CODE_EXHAUSTED_MESSAGE } from '@comptoir/contract/discount';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { addToCart, declinationOf } from './support/shop-cart';
import { loginAsOwner, openWineShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/*
 * The wine shop's owner (site 92) in the back office's shop screens: a single-use discount code
 * created there is taken by a first order and refused to the next visitor; a carrier's price
 * changed in the grid is the fee the storefront's delivery step shows. The journey changes the
 * price of a carrier it creates and then deletes, never a seeded one (the delivery, checkout and
 * order journeys read those meanwhile).
 */

const RED = ['Anjou Rouge Les Trois Coteaux', 2023, 75] as const;

/** An admin call from the owner's page (same origin, the session cookie rides along). */
async function ownerApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        // No body, no JSON type: the API refuses an empty JSON body.
        headers: {
          siteId: '92',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, data: ((await response.json()) as { data: unknown }).data };
    },
    { method, path, body },
  ) as Promise<{ status: number; data: T }>;
}

/** A guest's browser with a cart of `quantity` bottles of the red wine. */
async function visitorWithCart(browser: Browser, baseURL: string | undefined, quantity: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openWineShop(page, baseURL, '/nos-vins');
  const cart = await addToCart(page, await declinationOf(...RED), quantity);
  return { context, page, cart };
}

/**
 * The visitor's checkout calls, as the storefront's steps make them (same origin, the cart's
 * cookie): the quote to Angers, then the order with the code, delivered at home.
 */
async function orderWithCode(page: Page, cart: Cart, code: string) {
  const quantities = new Map<number, number>();
  for (const line of cart.products) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  const products = [...quantities].map(([idProduct, quantity]) => ({ idProduct, quantity }));
  return page.evaluate(
    async ({ cartId, products, code, email }) => {
      const headers = { siteId: '92', 'content-type': 'application/json' };
      const quote = (await (
        await fetch('/api/calculate/shipping-fees', {
          method: 'POST',
          headers,
          body: JSON.stringify({ idCart: cartId, products, postalCode: '49000', country: 'FRA' }),
        })
      ).json()) as { data: { carriers: { id: number; deliveryType: string }[] } };
      const carrier = quote.data.carriers.find(
        (candidate) => candidate.deliveryType === 'DELIVERY',
      )!;
      const address = {
        firstname: 'Camille',
        lastname: 'Martin',
        firstPart: '12 rue des Vignes',
        postalCode: '49000',
        city: 'Angers',
        country: 'France',
      };
      const response = await fetch('/api/order', {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          idCart: cartId,
          // A wine shop sells alcohol: an adult's birth date (decision 0109).
          user: {
            phone: '0601020304',
            email,
            firstname: 'Camille',
            lastname: 'Martin',
            birthdate: '1990-04-12',
          },
          address: { delivery: address, billing: address },
          delivery: { type: 'DELIVERY', idCarrier: carrier.id },
          deliveryPostalCode: '49000',
          deliveryIdCountry: 'FRA',
          paymentMethod: 'BANK_TRANSFER',
          discountCode: code,
          acceptSaleTerms: true,
        }),
      });
      return {
        status: response.status,
        body: (await response.json()) as {
          data: { number: number; reference: string } | null;
          errors?: { key: string; error: string }[];
        },
      };
    },
    {
      cartId: cart.id,
      products,
      code,
      email: `visiteur.${Math.random().toString(16).slice(2, 10)}@example.fr`,
    },
  );
}

test.describe('shop settings in the back office', () => {
  test('the owner creates a single-use code: a first order takes it, the next visitor is refused', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Several browsers, orders and a build under load: more than a journey's usual time.
    test.setTimeout(240_000);
    await loginAsOwner(page, baseURL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(wineSite(baseURL, '/admin/codes-promo'));
    await expect(page.getByRole('heading', { level: 1, name: 'Codes de réduction' })).toBeVisible();

    const name = `UNEFOIS${randomBytes(3).toString('hex').toUpperCase()}`;
    await page.getByRole('button', { name: 'Créer un code de réduction' }).click();
    const form = page.getByRole('form', { name: 'Nouveau code de réduction' });
    // A wrong amount is told beside its field, and nothing is created.
    await form.getByLabel('Code', { exact: true }).fill(name);
    await form.getByLabel('Pourcentage (%)').fill('150');
    await form.getByRole('button', { name: 'Créer le code' }).click();
    await expect(form.getByText('Saisissez un pourcentage entier entre 1 et 100.')).toBeVisible();
    await expect(form.getByLabel('Pourcentage (%)')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Pourcentage (%)').fill('10');
    await form.getByLabel('Utilisations en tout').fill('1');
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath('codes-form-1280.png'),
      fullPage: true,
    });
    await form.getByLabel('Utilisations en tout').press('Enter');
    await expect(page.getByText(`Code ${name} créé.`)).toBeVisible();
    const card = page.getByRole('listitem', { name: `Code ${name}` });
    await expect(card).toContainText('10 % de réduction');
    await expect(card).toContainText('0 sur 1');

    // A first visitor's order takes the code; a second visitor is refused with the shop's message.
    const first = await visitorWithCart(browser, baseURL, 6);
    const placed = await orderWithCode(first.page, first.cart, name.toLowerCase());
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await first.context.close();
    const second = await visitorWithCart(browser, baseURL, 6);
    const refused = await orderWithCode(second.page, second.cart, name);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual({
      key: 'discountCode',
      error: DISCOUNT_CODE_EXHAUSTED_MESSAGE,
    });
    await second.context.close();

    // The owner sees the use and the order, then disables the code.
    await page.reload();
    await expect(card).toContainText('1 sur 1');
    await card.getByRole('button', { name: `Voir les commandes ayant utilisé ${name}` }).click();
    await expect(card.getByRole('table')).toContainText(placed.body.data!.reference);
    await card.getByRole('button', { name: `Désactiver ${name}` }).click();
    await expect(page.getByText(`Code ${name} désactivé.`)).toBeVisible();
    await expect(card).toContainText('Désactivé');
    await expectNoSeriousAccessibilityViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, { path: test.info().outputPath('codes-390.png'), fullPage: true });

    // The vouchers screen reads on both widths.
    await page.goto(wineSite(baseURL, '/admin/cartes-cadeaux'));
    await expect(page.getByRole('heading', { level: 1, name: 'Bons cadeaux' })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath('vouchers-390.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page, {
      path: test.info().outputPath('vouchers-1280.png'),
      fullPage: true,
    });
  });

  test("the owner changes a carrier's price and the storefront's delivery step charges it", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Several browsers, orders and a build under load: more than a journey's usual time.
    test.setTimeout(240_000);
    await loginAsOwner(page, baseURL);
    // A carrier of the journey's own, priced in France as the seeded Transvin Domicile: the
    // seeded carriers stay as the delivery, checkout and order journeys read them meanwhile. Its
    // name matches none of theirs, and it delivers nowhere else (the Belgian quote counts one).
    const settings = await ownerApi<{ carriers: AdminCarrier[] }>(page, 'GET', '/admin/delivery');
    const seeded = settings.data.carriers.find(
      (candidate) => candidate.name === 'Transvin Domicile',
    )!;
    const name = `Messager ${randomBytes(3).toString('hex')}`;
    const input: NewCarrierInput = {
      name,
      description: 'Livraison à domicile en 3 jours ouvrés.',
      isActive: true,
      deliveryType: 'DELIVERY',
      rates: seeded.rates.filter((rate) => rate.zone === 'FRANCE_METRO'),
    };
    const created = await ownerApi(page, 'POST', '/admin/carrier', input);
    expect(created.status).toBe(200);
    const listed = await ownerApi<{ carriers: AdminCarrier[] }>(page, 'GET', '/admin/delivery');
    const carrier = listed.data.carriers.find((candidate) => candidate.name === name)!;
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(wineSite(baseURL, '/admin/livraison'));
      await expect(page.getByRole('heading', { level: 1, name: 'Livraison' })).toBeVisible();
      await expect(
        page.getByRole('link', { name: /Thème et paramètres, Boutique/ }),
      ).toHaveAttribute('href', '/admin/theme#boutique');
      const section = page.getByRole('region', { name: new RegExp(name) });
      const cell = section.getByRole('textbox', {
        name: 'France métropolitaine, carton de 2 bouteilles (€)',
      });
      await expect(cell).toHaveValue('13,90');

      // Three decimals: refused beside the grid, nothing saved.
      await cell.fill('15,405');
      await section.getByRole('button', { name: `Enregistrer « ${name} »` }).click();
      await expect(cell).toHaveAttribute('aria-invalid', 'true');
      await expect(section.getByText(/Saisissez un montant positif en euros/)).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: test.info().outputPath('delivery-1280.png'),
        fullPage: true,
      });

      // Typed with the keyboard, saved with Enter.
      await cell.fill('15,40');
      await cell.press('Enter');
      await expect(section.getByText(`« ${name} » enregistré`)).toBeVisible();
      await expect(cell).not.toHaveAttribute('aria-invalid', 'true');

      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: test.info().outputPath('delivery-390.png'),
        fullPage: true,
      });

      // A visitor with two bottles sees the new fee in the delivery step.
      const visitor = await visitorWithCart(browser, baseURL, 2);
      await visitor.page.goto(wineSite(baseURL, '/panier/livraison'));
      const field = visitor.page.getByRole('combobox', { name: 'Code postal ou ville' });
      await field.fill('49000');
      await visitor.page.getByRole('option', { name: '49000 Angers' }).click();
      const home = visitor.page
        .getByRole('group', { name: 'Transporteur' })
        .getByRole('radio', { name: new RegExp(name) });
      await expect(home).toBeVisible();
      expect(plain(await home.evaluate((input) => input.closest('label')!.textContent))).toContain(
        '15,40 €',
      );
      await visitor.context.close();
    } finally {
      const removed = await ownerApi(page, 'DELETE', `/admin/carrier/${carrier.id}`);
      expect(removed.status).toBe(200);
    }
  });

  test('the owner adds a carrier, fills its grid and deletes it', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const suffix = randomBytes(3).toString('hex');
    await loginAsOwner(page, baseURL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(wineSite(baseURL, '/admin/livraison'));
    page.on('dialog', (dialog) => void dialog.accept());

    // A carrier without a name is refused on its field; then created with the keyboard.
    const name = `Coursier ${suffix}`;
    const newCarrier = page.getByRole('region', { name: 'Ajouter un transporteur' });
    await newCarrier.getByRole('button', { name: 'Ajouter le transporteur' }).click();
    await expect(newCarrier.getByLabel('Nom', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await newCarrier.getByLabel('Nom', { exact: true }).fill(name);
    await newCarrier.getByLabel('Texte pour le client').fill('Livré sous 48 h');
    await newCarrier.getByLabel('Livraison').selectOption('DELIVERY');
    await newCarrier.getByLabel('Nom', { exact: true }).press('Enter');
    const section = page.getByRole('region', { name: new RegExp(name) });
    const cell = section.getByRole('textbox', {
      name: 'France métropolitaine, carton de 6 bouteilles (€)',
    });
    await expect(cell).toHaveValue('');
    await cell.fill('9,90');
    await cell.press('Enter');
    await expect(section.getByText(`« ${name} » enregistré`)).toBeVisible();
    const saved = await ownerApi<{ carriers: AdminCarrier[] }>(page, 'GET', '/admin/delivery');
    expect(saved.data.carriers.find((carrier) => carrier.name === name)?.rates).toEqual([
      { zone: 'FRANCE_METRO', cartonSize: 6, priceCents: 990 },
    ]);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath('carriers-1280.png'),
      fullPage: true,
    });
    await section.getByRole('button', { name: `Supprimer « ${name} »` }).click();
    await expect(page.getByText(`« ${name} » supprimé.`)).toBeVisible();
    await expect(section).toHaveCount(0);
  });
});

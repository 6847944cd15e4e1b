import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSiteParameter } from '../../test/site-parameters';
import { cartSchema, cartSecretCookieName } from '@comptoir/contract/cart';
import {
  CART_CHANGED_MESSAGE,
  NO_PRODUCTS_MESSAGE,
  shippingQuoteSchema,
  UNKNOWN_COUNTRY_MESSAGE,
  UNKNOWN_POSTAL_CODE_MESSAGE,
} from '@comptoir/contract/shipping';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { FRANCE_ONLY_MESSAGE } from '@comptoir/domain/delivery';
import { declinations, products } from '../../db/schema';
import { and, eq } from 'drizzle-orm';
import {
  addTestLine,
  makeTestProduct,
  openTestCart,
  productsOf,
  type CartVisitor,
} from '../../test/carts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOTHING_TO_SHIP_MESSAGE } from './delivery-service';

let testApp: TestApp;
let bottle: { productId: number; declinationId: number };
let magnum: { productId: number; declinationId: number };

beforeAll(async () => {
  testApp = await createTestApp();
  bottle = await makeTestProduct(testApp.database, 92, { priceCents: 1500 });
  magnum = await makeTestProduct(testApp.database, 92, {
    priceCents: 4000,
    capacity: 1.5,
    capacityUnit: 'LITER',
  });
});
afterAll(async () => {
  await testApp?.close();
});

function quote(visitor: CartVisitor, body: Record<string, unknown> = {}, siteId = 92) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/calculate/shipping-fees',
    cookies: visitor.cookies,
    payload: {
      idCart: visitor.cart.id,
      products: productsOf(visitor.cart),
      postalCode: '49000',
      country: 'FRA',
      ...body,
    },
  });
}

async function cartWith(lines: [{ declinationId: number }, number][]) {
  const visitor = await openTestCart(testApp.app, 92);
  for (const [product, quantity] of lines) {
    await addTestLine(testApp.app, 92, visitor, product.declinationId, quantity);
  }
  return visitor;
}

function setParameter(type: string, value: string | null) {
  return setSiteParameter(testApp, 92, type, value);
}

describe('POST /calculate/shipping-fees', () => {
  it('offers the three seeded carriers with their grid prices in cents', async () => {
    const response = await quote(await cartWith([[bottle, 6]]));
    expect(response.statusCode, response.body).toBe(200);
    const answer = shippingQuoteSchema.parse(response.json().data);
    expect(answer.zone).toBe('FRANCE_METRO');
    expect(answer.bottleCount).toBe(6);
    expect(
      answer.carriers.map(({ name, serviceCode, price, fdp, deliveryType, siteType, cartons }) => ({
        name,
        serviceCode,
        price,
        fdp,
        deliveryType,
        siteType,
        cartons,
      })),
    ).toEqual([
      {
        name: 'Transvin Domicile',
        serviceCode: 'TRANSVIN_HOME',
        price: 1990,
        fdp: 1990,
        deliveryType: 'DELIVERY',
        siteType: null,
        cartons: [6],
      },
      {
        name: 'Transvin Express 24 h',
        serviceCode: 'TRANSVIN_EXPRESS',
        price: 3290,
        fdp: 3290,
        deliveryType: 'DELIVERY',
        siteType: null,
        cartons: [6],
      },
      {
        name: 'Relais Vignes',
        serviceCode: 'RELAIS_VIGNES',
        price: 1390,
        fdp: 1390,
        deliveryType: 'PICKUP',
        siteType: null,
        cartons: [6],
      },
    ]);
    expect(answer.isFreeShipping).toBe(false);
    expect(answer.freeShippingMessage).toBe('Plus que 6 bouteilles pour la livraison offerte.');
    expect(answer.shippingMessage).toContain('cartons renforcés');
  });

  it('packs magnums as two places and charges a 12 carton plus a 1 for 13 places', async () => {
    // 11 bottles + 1 magnum = 13 places, but 12 bottles for free shipping: free.
    const visitor = await cartWith([
      [bottle, 9],
      [magnum, 2],
    ]);
    const answer = shippingQuoteSchema.parse((await quote(visitor)).json().data);
    expect(answer.bottleCount).toBe(11);
    const home = answer.carriers.find((carrier) => carrier.serviceCode === 'TRANSVIN_HOME')!;
    expect(home).toMatchObject({ cartons: [12, 1], price: 2890 + 1090, fdp: 2890 + 1090 });
  });

  it('makes shipping free from FREE_SHIPPING_BOTTLE bottles, keeping the carrier price', async () => {
    const answer = shippingQuoteSchema.parse(
      (await quote(await cartWith([[bottle, 12]]))).json().data,
    );
    expect(answer.isFreeShipping).toBe(true);
    expect(answer.freeShippingMessage).toBe('La livraison vous est offerte.');
    expect(answer.carriers.every((carrier) => carrier.fdp === 0 && carrier.price > 0)).toBe(true);
  });

  it('takes the seeded carton of six one at a time, as six bottles: two cartons ship free', async () => {
    // Decision 0085: a box is sold by the unit, and holds the bottles of its capacity (4,5 L).
    const [carton] = await testApp.database.db
      .select({ declinationId: declinations.id })
      .from(declinations)
      .innerJoin(
        products,
        and(eq(products.siteId, declinations.siteId), eq(products.id, declinations.productId)),
      )
      .where(and(eq(products.siteId, 92), eq(products.name, 'Carton Panaché Rouge et Rosé')));
    const one = await cartWith([[carton!, 1]]);
    expect(one.cart.products[0]).toMatchObject({ type: 'BOX', quantity: 1, sellByMultipleOf: 1 });
    const single = shippingQuoteSchema.parse((await quote(one)).json().data);
    expect(single.bottleCount).toBe(6);
    expect(single.isFreeShipping).toBe(false);
    expect(single.freeShippingMessage).toBe('Plus que 6 bouteilles pour la livraison offerte.');
    const home = single.carriers.find((carrier) => carrier.serviceCode === 'TRANSVIN_HOME')!;
    expect(home).toMatchObject({ cartons: [6], price: 1990, fdp: 1990 });

    const two = shippingQuoteSchema.parse(
      (await quote(await cartWith([[carton!, 2]]))).json().data,
    );
    expect(two.bottleCount).toBe(12);
    expect(two.isFreeShipping).toBe(true);
    expect(two.carriers.every((carrier) => carrier.fdp === 0 && carrier.price > 0)).toBe(true);
  });

  it('makes shipping free from FREE_SHIPPING_PRICE, entered in euros', async () => {
    await setParameter('FREE_SHIPPING_PRICE', '44.5');
    try {
      const answer = shippingQuoteSchema.parse(
        (await quote(await cartWith([[bottle, 3]]))).json().data,
      );
      expect(answer.isFreeShipping).toBe(true);
      const below = shippingQuoteSchema.parse(
        (await quote(await cartWith([[bottle, 2]]))).json().data,
      );
      expect(below.isFreeShipping).toBe(false);
    } finally {
      await setParameter('FREE_SHIPPING_PRICE', null);
    }
  });

  it('never reaches FREE_SHIPPING_PRICE thanks to a gift voucher bought beside the wine', async () => {
    await setParameter('FREE_SHIPPING_PRICE', '44.5');
    try {
      const response = await siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/cart/new/gift-voucher',
        payload: {
          amountCents: 10_000,
          recipientName: 'Léa Dupont',
          recipientEmail: null,
          sendOn: todayInFrance(new Date()),
          buyerName: 'Camille Martin',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = response.cookies.find(
        (candidate) => candidate.name === cartSecretCookieName(92),
      )!;
      const visitor: CartVisitor = {
        cart: cartSchema.parse(response.json().data),
        cookies: { [cookie.name]: cookie.value },
      };
      await addTestLine(testApp.app, 92, visitor, bottle.declinationId, 2);
      expect(visitor.cart.totalProduct).toBe(10_000 + 3000);
      const answer = shippingQuoteSchema.parse((await quote(visitor)).json().data);
      expect(answer.isFreeShipping).toBe(false);
      expect(answer.carriers.every((carrier) => carrier.fdp === carrier.price)).toBe(true);
      expect(answer.freeShippingMessage).toContain('14,50');
    } finally {
      await setParameter('FREE_SHIPPING_PRICE', null);
    }
  });

  it('prices Corsica and Europe by their zones, and leaves out carriers that do not go there', async () => {
    const visitor = await cartWith([[bottle, 6]]);
    const corsica = shippingQuoteSchema.parse(
      (await quote(visitor, { postalCode: '20000' })).json().data,
    );
    expect(corsica.zone).toBe('CORSICA');
    expect(corsica.carriers.map((carrier) => carrier.price)).toEqual([3390, 4990, 1890]);
    const belgium = shippingQuoteSchema.parse(
      (await quote(visitor, { postalCode: '1000', country: 'bel' })).json().data,
    );
    expect(belgium.zone).toBe('EUROPE');
    expect(belgium.carriers.map((carrier) => carrier.serviceCode)).toEqual(['TRANSVIN_HOME']);
  });

  it('quotes a visitor abroad by the Europe and world grids (the storefront types their postal code)', async () => {
    const visitor = await cartWith([[bottle, 6]]);
    for (const [country, postalCode] of [
      ['BEL', '1000'],
      ['DEU', '10115'],
      ['CHE', '1201'],
    ] as const) {
      const response = await quote(visitor, { postalCode, country });
      expect(response.statusCode, `${country} ${postalCode}`).toBe(200);
      const answer = shippingQuoteSchema.parse(response.json().data);
      expect(answer.zone).toBe('EUROPE');
      expect(answer.carriers.map(({ serviceCode, fdp }) => [serviceCode, fdp])).toEqual([
        ['TRANSVIN_HOME', 4990],
      ]);
    }
    const world = shippingQuoteSchema.parse(
      (await quote(visitor, { postalCode: '10001', country: 'USA' })).json().data,
    );
    expect(world.zone).toBe('WORLD');
    expect(world.carriers.map(({ serviceCode, fdp }) => [serviceCode, fdp])).toEqual([
      ['TRANSVIN_HOME', 9990],
    ]);
    for (const [country, postalCode] of [
      ['DEU', '1011'],
      ['CHE', '12010'],
      ['USA', 'ABCDE'],
    ] as const) {
      const response = await quote(visitor, { postalCode, country });
      expect(response.statusCode, `${country} ${postalCode}`).toBe(422);
      expect(response.json().errors).toContainEqual({
        key: 'postalCode',
        error: UNKNOWN_POSTAL_CODE_MESSAGE,
      });
    }
  });

  it("refuses with 'No products in cart' without products", async () => {
    const empty = await openTestCart(testApp.app, 92);
    const response = await quote(empty, { products: [] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(NO_PRODUCTS_MESSAGE);
  });

  it('tells a stale storefront that the cart changed', async () => {
    const visitor = await cartWith([[bottle, 6]]);
    const response = await quote(visitor, {
      products: [{ idProduct: bottle.productId, quantity: 5 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CART_CHANGED_MESSAGE);
  });

  it.each([
    [{ country: 'XYZ' }, 'country', UNKNOWN_COUNTRY_MESSAGE],
    [{ country: 'FR' }, 'country', UNKNOWN_COUNTRY_MESSAGE],
    [{ postalCode: '00000' }, 'postalCode', UNKNOWN_POSTAL_CODE_MESSAGE],
    [{ postalCode: '4900' }, 'postalCode', UNKNOWN_POSTAL_CODE_MESSAGE],
    [{ postalCode: '10000', country: 'BEL' }, 'postalCode', UNKNOWN_POSTAL_CODE_MESSAGE],
  ])('refuses %o with a 422 on %s', async (body, key, message) => {
    const response = await quote(await cartWith([[bottle, 1]]), body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toContainEqual({ key, error: message });
  });

  it('ships to France only when the site does not sell worldwide', async () => {
    await setParameter('SELLS_WORLDWIDE', 'false');
    try {
      const visitor = await cartWith([[bottle, 1]]);
      const response = await quote(visitor, { postalCode: '1000', country: 'BEL' });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(FRANCE_ONLY_MESSAGE);
      expect((await quote(visitor, { postalCode: '98000', country: 'MCO' })).statusCode).toBe(200);
    } finally {
      await setParameter('SELLS_WORLDWIDE', 'true');
    }
  });

  it('says the minimum, maximum and multiple of bottles in French', async () => {
    await setParameter('MINIMUM_EXPEDITION_BOTTLE', '6');
    await setParameter('BOTTLE_MULTIPLE', '3');
    try {
      const response = await quote(await cartWith([[bottle, 4]]));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.map((error: { error: string }) => error.error)).toEqual([
        'Commande minimum : 6 bouteilles',
        'Nos vins s’expédient par 3 bouteilles : ajoutez-en encore 2.',
      ]);
      await setParameter('MAXIMUM_EXPEDITION_BOTTLE', '24');
      const tooMany = await quote(await cartWith([[bottle, 27]]));
      expect(tooMany.json().message).toBe('Commande maximum : 24 bouteilles par expédition');
    } finally {
      await setParameter('MINIMUM_EXPEDITION_BOTTLE', null);
      await setParameter('BOTTLE_MULTIPLE', null);
      await setParameter('MAXIMUM_EXPEDITION_BOTTLE', null);
    }
  });

  it('never counts dematerialized products, and has nothing to ship for them alone', async () => {
    const ticket = await makeTestProduct(testApp.database, 92, {
      type: 'OTHER',
      isDematerialized: true,
      capacity: null,
    });
    const mixed = shippingQuoteSchema.parse(
      (
        await quote(
          await cartWith([
            [bottle, 1],
            [ticket, 2],
          ]),
        )
      ).json().data,
    );
    expect(mixed.carriers[0]).toMatchObject({ cartons: [1], price: 1090 });
    const alone = await quote(await cartWith([[ticket, 1]]));
    expect(alone.statusCode).toBe(422);
    expect(alone.json().message).toBe(NOTHING_TO_SHIP_MESSAGE);
  });

  it("answers 404 for another visitor's cart and for another site's", async () => {
    const visitor = await cartWith([[bottle, 1]]);
    expect((await quote({ ...visitor, cookies: {} })).statusCode).toBe(404);
    expect((await quote(visitor, {}, 91)).statusCode).toBe(404);
  });

  it('refuses a malformed body with a 4xx', async () => {
    const visitor = await cartWith([[bottle, 1]]);
    for (const body of [
      { idCart: 'x' },
      { products: 'none' },
      { postalCode: '<script>' },
      { products: [{ idProduct: 1, quantity: -1 }] },
    ]) {
      const response = await quote(visitor, body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

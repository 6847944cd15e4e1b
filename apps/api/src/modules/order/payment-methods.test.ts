import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@comptoir/contract/order';
import {
  CARD_PAYMENT_NOT_SET_UP_MESSAGE,
  PAYMENT_METHOD_REFUSED_MESSAGE,
  paymentMethodSchema,
} from '@comptoir/contract/payment';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import { declinations, siteParameters } from '../../db/schema';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import { addTestLine, makeTestProduct, openTestCart, productsOf } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createPaymentMethods,
  listedOfflineMethods,
  offlineMethodsOf,
  paymentInstructionsOf,
} from './order-text';

function parametersOf(values: Record<string, string>): SiteParameterValues {
  return {
    isOn: () => false,
    text: (type) => values[type]?.trim() || null,
    number: () => null,
  };
}

const WINE_SHOP = parametersOf({
  PAYMENT_METHOD: 'BANK_TRANSFER, CHEQUE, ON_PICKUP',
  PAYMENT_IBAN: 'FR76 1790 6000 3200 0123 4567 872',
  PAYMENT_BIC: 'AGRIFRPP879',
  LEGAL_COMPANY_NAME: 'SCEA Domaine des Trois Coteaux',
  COMPANY_NAME: 'Domaine des Trois Coteaux',
  HEAD_OFFICE: '4 chemin des Coteaux, 49380 Bellevigne-en-Layon',
});

describe('the offline methods a site accepts', () => {
  it('reads PAYMENT_METHOD in any case and separator, and takes every method when it is empty', () => {
    expect(listedOfflineMethods('cheque;bank_transfer')).toEqual(['BANK_TRANSFER', 'CHEQUE']);
    expect(listedOfflineMethods(null)).toEqual(['BANK_TRANSFER', 'CHEQUE', 'ON_PICKUP']);
    // A list naming nothing known is read as unset rather than closing the shop to payments.
    expect(listedOfflineMethods('PAYPAL')).toEqual(['BANK_TRANSFER', 'CHEQUE', 'ON_PICKUP']);
  });

  it('offers a transfer only with an IBAN and a cheque only with a payee and an address', () => {
    expect(offlineMethodsOf(WINE_SHOP)).toEqual(['BANK_TRANSFER', 'CHEQUE', 'ON_PICKUP']);
    expect(offlineMethodsOf(parametersOf({ COMPANY_NAME: 'Atelier' }))).toEqual(['ON_PICKUP']);
    expect(
      offlineMethodsOf(parametersOf({ COMPANY_NAME: 'Atelier', HEAD_OFFICE: '1 rue Haute' })),
    ).toEqual(['CHEQUE', 'ON_PICKUP']);
  });

  it('gives transfer and cheque instructions with the order reference, for unpaid orders only', () => {
    const order = {
      paymentMethod: 'BANK_TRANSFER',
      isPaid: false,
      status: 'PENDING_PAYMENT',
      reference: 'C000042',
    } as const;
    expect(paymentInstructionsOf(order, WINE_SHOP)).toEqual({
      method: 'BANK_TRANSFER',
      reference: 'C000042',
      accountHolder: 'SCEA Domaine des Trois Coteaux',
      iban: 'FR76 1790 6000 3200 0123 4567 872',
      bic: 'AGRIFRPP879',
      payableTo: null,
      mailingAddress: null,
    });
    expect(paymentInstructionsOf({ ...order, paymentMethod: 'CHEQUE' }, WINE_SHOP)).toEqual({
      method: 'CHEQUE',
      reference: 'C000042',
      accountHolder: null,
      iban: null,
      bic: null,
      payableTo: 'SCEA Domaine des Trois Coteaux',
      mailingAddress: '4 chemin des Coteaux, 49380 Bellevigne-en-Layon',
    });
    expect(paymentInstructionsOf({ ...order, isPaid: true, status: 'PAID' }, WINE_SHOP)).toBeNull();
    expect(paymentInstructionsOf({ ...order, status: 'CANCELLED' }, WINE_SHOP)).toBeNull();
    expect(paymentInstructionsOf({ ...order, paymentMethod: 'ON_PICKUP' }, WINE_SHOP)).toBeNull();
  });

  it('offers the card first when the payments module says the site takes it, and refuses it otherwise', async () => {
    const withCard = createPaymentMethods({
      readParameters: async () => WINE_SHOP,
      cardAvailable: async (siteId) => siteId === 92,
    });
    expect((await withCard.list(92)).map((offer) => offer.method)).toEqual([
      'CARD',
      'BANK_TRANSFER',
      'CHEQUE',
      'ON_PICKUP',
    ]);
    expect(await withCard.refusal(92, 'CARD')).toBeNull();
    expect(await withCard.refusal(91, 'CARD')).toBe(CARD_PAYMENT_NOT_SET_UP_MESSAGE);
    const offlineOnly = createPaymentMethods({
      readParameters: async () => parametersOf({ PAYMENT_METHOD: 'ON_PICKUP' }),
    });
    expect(await offlineOnly.refusal(92, 'BANK_TRANSFER')).toBe(PAYMENT_METHOD_REFUSED_MESSAGE);
    expect(await offlineOnly.refusal(92, 'ON_PICKUP')).toBeNull();
  });
});

describe('GET /order/payment-methods and the orders that use them', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function setParameter(type: string, value: string | null) {
    await testApp.database.db
      .update(siteParameters)
      .set({ value })
      .where(and(eq(siteParameters.siteId, 92), eq(siteParameters.type, type)));
    testApp.app.siteCache.invalidateSite(92);
  }

  async function methodsOf(siteId: number) {
    const response = await siteRequest(testApp.app, siteId, {
      method: 'GET',
      url: '/order/payment-methods',
    });
    expect(response.statusCode, response.body).toBe(200);
    return paymentMethodSchema.array().parse(response.json().data);
  }

  /** A visitor's cart of one wine, with the seeded home-delivery carrier to Angers. */
  async function homeDeliveryOrder(paymentMethod: string) {
    const wine = await makeTestProduct(testApp.database, 92, {});
    await testApp.database.db
      .update(declinations)
      .set({ stock: 20 })
      .where(eq(declinations.id, wine.declinationId));
    const visitor = await openTestCart(testApp.app, 92);
    await addTestLine(testApp.app, 92, visitor, wine.declinationId, 1);
    const quote = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/calculate/shipping-fees',
      cookies: visitor.cookies,
      payload: {
        idCart: visitor.cart.id,
        products: productsOf(visitor.cart),
        postalCode: '49000',
        country: 'FRA',
      },
    });
    const carrier = shippingQuoteSchema
      .parse(quote.json().data)
      .carriers.find((candidate) => candidate.deliveryType === 'DELIVERY')!;
    const address = {
      firstname: 'Camille',
      lastname: 'Martin',
      firstPart: '12 rue des Vignes',
      postalCode: '49000',
      city: 'Angers',
      country: 'France',
    };
    return siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/order',
      cookies: visitor.cookies,
      payload: {
        idCart: visitor.cart.id,
        user: {
          phone: '0601020304',
          email: 'camille@example.fr',
          firstname: 'Camille',
          lastname: 'Martin',
          birthdate: '1980-05-04',
        },
        address: { delivery: address, billing: address },
        delivery: { type: 'DELIVERY', idCarrier: carrier.id },
        deliveryPostalCode: '49000',
        deliveryIdCountry: 'FRA',
        paymentMethod,
        acceptSaleTerms: true,
      },
    });
  }

  function expectOrder(response: LightMyRequestResponse): Order {
    expect(response.statusCode, response.body).toBe(200);
    return orderSchema.parse(response.json().data);
  }

  it('lists the seeded wine shop’s offline methods in French, and the salon’s two', async () => {
    const wineShop = await methodsOf(92);
    expect(wineShop.map((offer) => [offer.method, offer.label])).toEqual([
      ['BANK_TRANSFER', 'Virement bancaire'],
      ['CHEQUE', 'Chèque'],
      ['ON_PICKUP', 'Paiement au retrait'],
    ]);
    expect(wineShop.find((offer) => offer.method === 'ON_PICKUP')?.onlyForClickAndCollect).toBe(
      true,
    );
    expect((await methodsOf(91)).map((offer) => offer.method)).toEqual(['BANK_TRANSFER', 'CHEQUE']);
  });

  it('answers a transfer order with the IBAN, the BIC, the holder and the order reference', async () => {
    const order = expectOrder(await homeDeliveryOrder('BANK_TRANSFER'));
    expect(order.paymentInstructions).toEqual({
      method: 'BANK_TRANSFER',
      reference: order.reference,
      accountHolder: 'SCEA Domaine des Trois Coteaux',
      iban: 'FR76 1790 6000 3200 0123 4567 872',
      bic: 'AGRIFRPP879',
      payableTo: null,
      mailingAddress: null,
    });
  });

  it('answers a cheque order with the payee and the address to send it to', async () => {
    const order = expectOrder(await homeDeliveryOrder('CHEQUE'));
    expect(order.paymentInstructions).toMatchObject({
      method: 'CHEQUE',
      reference: order.reference,
      payableTo: 'Domaine des Trois Coteaux',
      mailingAddress: '4 chemin des Coteaux, 49380 Bellevigne-en-Layon',
    });
  });

  it('refuses a method the site no longer accepts, beside the payment field, and takes nothing', async () => {
    await setParameter('PAYMENT_METHOD', 'BANK_TRANSFER');
    try {
      expect((await methodsOf(92)).map((offer) => offer.method)).toEqual(['BANK_TRANSFER']);
      const refused = await homeDeliveryOrder('CHEQUE');
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual([
        { key: 'paymentMethod', error: PAYMENT_METHOD_REFUSED_MESSAGE },
      ]);
      // Without an IBAN, a transfer cannot be paid: it is no longer offered nor taken.
      await setParameter('PAYMENT_IBAN', null);
      expect(await methodsOf(92)).toEqual([]);
      const noIban = await homeDeliveryOrder('BANK_TRANSFER');
      expect(noIban.json().errors).toEqual([
        { key: 'paymentMethod', error: PAYMENT_METHOD_REFUSED_MESSAGE },
      ]);
    } finally {
      await setParameter('PAYMENT_METHOD', 'BANK_TRANSFER, CHEQUE, ON_PICKUP');
      await setParameter('PAYMENT_IBAN', 'FR76 1790 6000 3200 0123 4567 872');
    }
  });
});

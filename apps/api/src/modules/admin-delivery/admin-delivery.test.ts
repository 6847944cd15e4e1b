import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDeliverySettingsSchema,
  adminPickupAddressSchema,
  CARRIER_NOT_FOUND_MESSAGE,
  type AdminCarrier,
  type CarrierInput,
} from '@comptoir/contract/admin-delivery';
import { allowedDatesSchema } from '@comptoir/contract/calendar';
import { companyAddressSchema } from '@comptoir/contract/contact';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import { carrierRates, companyAddresses, pickupCalendars } from '../../db/schema';
import {
  adminCall,
  adminRoleTokens,
  auditEntries,
  expectAdminOnly,
  type AdminRoleTokens,
} from '../../test/admin-roles';
import { productsOf } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { guestCart, testWine } from '../../test/orders';
import { startStorefrontStandIn } from '../../test/storefront-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Monday 1 June 2026, 12h00 in Paris. */
const NOW = new Date('2026-06-01T10:00:00Z');

let testApp: TestApp;
let tokens: AdminRoleTokens;
let storefront: Awaited<ReturnType<typeof startStorefrontStandIn>>;

beforeAll(async () => {
  storefront = await startStorefrontStandIn();
  testApp = await createTestApp({ env: storefront.env, now: () => NOW });
  tokens = await adminRoleTokens(testApp.database.db, 92, 91);
}, 240_000);

afterAll(async () => {
  await testApp?.close();
  await storefront?.close();
});

const asAdmin = (call: Parameters<typeof adminCall>[2], siteId = 92) =>
  adminCall(testApp.app, siteId, call, tokens.admin);

async function settings() {
  const response = await asAdmin({ method: 'GET', url: '/admin/delivery' });
  expect(response.statusCode, response.body).toBe(200);
  return adminDeliverySettingsSchema.parse(response.json().data);
}

async function homeCarrier(): Promise<AdminCarrier> {
  return (await settings()).carriers.find((carrier) => carrier.name === 'Transvin Domicile')!;
}

function inputOf(carrier: AdminCarrier, priceOf6ToFrance?: number): CarrierInput {
  return {
    name: carrier.name,
    description: carrier.description,
    isActive: carrier.isActive,
    rates: carrier.rates.map((rate) =>
      priceOf6ToFrance !== undefined && rate.zone === 'FRANCE_METRO' && rate.cartonSize === 6
        ? { ...rate, priceCents: priceOf6ToFrance }
        : rate,
    ),
  };
}

async function storedRates(carrierId: number) {
  return testApp.database.db
    .select()
    .from(carrierRates)
    .where(and(eq(carrierRates.siteId, 92), eq(carrierRates.carrierId, carrierId)));
}

async function shopAddress() {
  return (await settings()).addresses.find((address) => address.calendar !== null)!;
}

async function allowedDays(addressId: number) {
  const response = await siteRequest(testApp.app, 92, {
    method: 'GET',
    url: `/calendar/${addressId}/date/allowed/6/2026`,
  });
  return allowedDatesSchema.parse(response.json().data).days.map((day) => day.date);
}

async function storefrontTags(): Promise<string[]> {
  await testApp.app.backgroundTasks.idle();
  return storefront.revalidated.flat();
}

describe('the role matrix over the delivery routes', () => {
  it('answers 401 to a visitor, 403 to a customer, and serves ADMIN and SUPER_ADMIN', async () => {
    const carrier = await homeCarrier();
    const shop = await shopAddress();
    await expectAdminOnly(testApp.app, 92, tokens, { method: 'GET', url: '/admin/delivery' });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'PUT',
      url: `/admin/carrier/${carrier.id}`,
      payload: () => inputOf(carrier),
    });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'PUT',
      url: `/admin/pickup/${shop.id}`,
      payload: () => shop.calendar!,
    });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'POST',
      url: `/admin/pickup/${shop.id}/closure`,
      payload: () => ({ startsOn: '2026-08-10', endsOn: '2026-08-12', reason: 'Vendanges' }),
    });
    const closures = (await shopAddress()).closures.filter((c) => c.startsOn === '2026-08-10');
    const [first, second] = closures;
    const removal = (id: number) => ({
      method: 'DELETE' as const,
      url: `/admin/pickup/${shop.id}/closure/${id}`,
    });
    expect((await adminCall(testApp.app, 92, removal(first!.id))).statusCode).toBe(401);
    expect((await adminCall(testApp.app, 92, removal(first!.id), tokens.customer)).statusCode).toBe(
      403,
    );
    expect((await adminCall(testApp.app, 92, removal(first!.id), tokens.admin)).statusCode).toBe(
      200,
    );
    expect(
      (await adminCall(testApp.app, 92, removal(second!.id), tokens.superAdmin)).statusCode,
    ).toBe(200);
  });

  it("answers 404 to an administrator naming another site's carrier or address", async () => {
    const carrier = await homeCarrier();
    const shop = await shopAddress();
    const other = await adminRoleTokens(testApp.database.db, 91, 92);
    const update = await adminCall(
      testApp.app,
      91,
      { method: 'PUT', url: `/admin/carrier/${carrier.id}`, payload: inputOf(carrier, 1) },
      other.admin,
    );
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe(CARRIER_NOT_FOUND_MESSAGE);
    const pickup = await adminCall(
      testApp.app,
      91,
      {
        method: 'PUT',
        url: `/admin/pickup/${shop.id}`,
        payload: { slotMinutes: 60, slotCapacity: 1 },
      },
      other.admin,
    );
    expect(pickup.statusCode).toBe(404);
    expect((await shopAddress()).calendar).toEqual(shop.calendar);
    expect((await storedRates(carrier.id)).some((rate) => rate.priceCents === 1)).toBe(false);
  });
});

describe('carriers', () => {
  it('changes a price of the grid: the next quote charges it, and the change is journaled', async () => {
    const carrier = await homeCarrier();
    const visitor = await guestCart(testApp.app, [[await testWine(testApp), 6]]);
    const quote = async () => {
      const response = await siteRequest(testApp.app, 92, {
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
      return shippingQuoteSchema
        .parse(response.json().data)
        .carriers.find((candidate) => candidate.id === carrier.id)!;
    };
    const before = await quote();
    const saved = await asAdmin({
      method: 'PUT',
      url: `/admin/carrier/${carrier.id}`,
      payload: inputOf(carrier, 1790),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await quote()).price).toBe(1790);
    expect(before.price).not.toBe(1790);
    const [entry] = await auditEntries(testApp.database.db, 92, 'carrier');
    expect(entry).toMatchObject({ action: 'update', entityId: String(carrier.id) });
    expect(JSON.stringify(entry!.after)).toContain('1790');
    await asAdmin({
      method: 'PUT',
      url: `/admin/carrier/${carrier.id}`,
      payload: inputOf(carrier),
    });
  });

  it('refuses a negative price, a price with three decimals or a cell given twice, with nothing changed', async () => {
    const carrier = await homeCarrier();
    const rates = await storedRates(carrier.id);
    for (const payload of [
      inputOf(carrier, -100),
      inputOf(carrier, 12.5),
      { ...inputOf(carrier), rates: [...carrier.rates, carrier.rates[0]!] },
      { ...inputOf(carrier), name: '  ' },
    ]) {
      const response = await asAdmin({
        method: 'PUT',
        url: `/admin/carrier/${carrier.id}`,
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    expect(await storedRates(carrier.id)).toEqual(rates);
  });

  it('takes a carrier off the quotes when it is no longer offered', async () => {
    const carrier = await homeCarrier();
    await asAdmin({
      method: 'PUT',
      url: `/admin/carrier/${carrier.id}`,
      payload: { ...inputOf(carrier), isActive: false },
    });
    const visitor = await guestCart(testApp.app, [[await testWine(testApp), 6]]);
    const response = await siteRequest(testApp.app, 92, {
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
    const ids = shippingQuoteSchema.parse(response.json().data).carriers.map((c) => c.id);
    expect(ids).not.toContain(carrier.id);
    await asAdmin({
      method: 'PUT',
      url: `/admin/carrier/${carrier.id}`,
      payload: inputOf(carrier),
    });
  });
});

describe('click-and-collect', () => {
  it('closes the shop on chosen days: they leave the calendar; removing the closure brings them back', async () => {
    const shop = await shopAddress();
    expect(await allowedDays(shop.id)).toContain('2026-06-17');
    const added = await asAdmin({
      method: 'POST',
      url: `/admin/pickup/${shop.id}/closure`,
      payload: { startsOn: '2026-06-16', endsOn: '2026-06-18', reason: 'Salon des vins' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const closure = adminPickupAddressSchema
      .parse(added.json().data)
      .closures.find((candidate) => candidate.startsOn === '2026-06-16')!;
    expect(await allowedDays(shop.id)).not.toContain('2026-06-17');
    const [entry] = await auditEntries(testApp.database.db, 92, 'pickup-calendar');
    expect(entry).toMatchObject({ action: 'create', entityId: String(shop.id) });
    await asAdmin({ method: 'DELETE', url: `/admin/pickup/${shop.id}/closure/${closure.id}` });
    expect(await allowedDays(shop.id)).toContain('2026-06-17');
  });

  it('refuses a closure ending before it starts, or slots out of range, with nothing changed', async () => {
    const shop = await shopAddress();
    const closure = await asAdmin({
      method: 'POST',
      url: `/admin/pickup/${shop.id}/closure`,
      payload: { startsOn: '2026-06-20', endsOn: '2026-06-19', reason: null },
    });
    expect(closure.statusCode).toBe(422);
    expect(closure.json().errors[0].key).toBe('endsOn');
    const slots = await asAdmin({
      method: 'PUT',
      url: `/admin/pickup/${shop.id}`,
      payload: { slotMinutes: 2, slotCapacity: 0 },
    });
    expect(slots.statusCode).toBe(422);
    const after = await shopAddress();
    expect(after.calendar).toEqual(shop.calendar);
    expect(after.closures).toEqual(shop.closures);
  });

  it('changes the slot length, and offers click-and-collect at a new address with the company-addresses tag', async () => {
    const shop = await shopAddress();
    const saved = await asAdmin({
      method: 'PUT',
      url: `/admin/pickup/${shop.id}`,
      payload: { slotMinutes: 60, slotCapacity: 2 },
    });
    expect(saved.statusCode).toBe(200);
    const calendar = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: `/calendar/${shop.id}/date/allowed/6/2026`,
    });
    expect(allowedDatesSchema.parse(calendar.json().data).slotMinutes).toBe(60);
    await asAdmin({ method: 'PUT', url: `/admin/pickup/${shop.id}`, payload: shop.calendar! });

    const [address] = await testApp.database.db
      .select({ countryId: companyAddresses.countryId })
      .from(companyAddresses)
      .where(eq(companyAddresses.id, shop.id));
    const countryId = address!.countryId;
    const [cellar] = await testApp.database.db
      .insert(companyAddresses)
      .values({
        siteId: 92,
        label: 'Cave de Saumur',
        addressLine1: '2 quai Mayaud',
        postalCode: '49400',
        city: 'Saumur',
        countryId,
        types: ['SHOP'],
      })
      .returning({ id: companyAddresses.id });
    storefront.revalidated.length = 0;
    const offered = await asAdmin({
      method: 'PUT',
      url: `/admin/pickup/${cellar!.id}`,
      payload: { slotMinutes: 30, slotCapacity: 3 },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(await storefrontTags()).toEqual(['site:92:company-addresses']);
    const listed = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/company/address',
      query: { isClickAndCollect: 'true' },
    });
    const ids = companyAddressSchema
      .array()
      .parse(listed.json().data)
      .map((address) => address.id);
    expect(ids).toContain(cellar!.id);
    const [row] = await testApp.database.db
      .select()
      .from(pickupCalendars)
      .where(and(eq(pickupCalendars.siteId, 92), eq(pickupCalendars.companyAddressId, cellar!.id)));
    expect(row).toMatchObject({ slotMinutes: 30, slotCapacity: 3 });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDeliverySettingsSchema,
  adminPickupAddressSchema,
  adminCarrierSchema,
  ADDRESS_LABEL_TAKEN_MESSAGE,
  CARRIER_NOT_FOUND_MESSAGE,
  CARRIER_USED_BY_ORDERS_MESSAGE,
  COMPANY_ADDRESS_NOT_FOUND_MESSAGE,
  PICKUP_HAS_BOOKINGS_MESSAGE,
  type AdminCarrier,
  type CarrierInput,
  type NewCarrierInput,
  type NewPickupAddressInput,
} from '@comptoir/contract/admin-delivery';
import { allowedDatesSchema } from '@comptoir/contract/calendar';
import { companyAddressSchema } from '@comptoir/contract/contact';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import { carrierRates, carriers, companyAddresses, pickupCalendars } from '../../db/schema';
import {
  adminCall,
  adminRoleTokens,
  auditEntries,
  expectAdminOnly,
  type AdminRoleTokens,
} from '../../test/admin-roles';
import { productsOf } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { expectPlaced, guestCart, homeDeliveryBody, placeOrder, testWine } from '../../test/orders';
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

/** Lets earlier writes' revalidations land, then forgets them. */
async function forgetStorefrontTags() {
  await testApp.app.backgroundTasks.idle();
  storefront.revalidated.length = 0;
}

/** A new carrier of the test's own, named so that each call makes another one. */
let carriersMade = 0;
function newCarrier(overrides: Partial<NewCarrierInput> = {}): NewCarrierInput {
  carriersMade += 1;
  return {
    name: `Coursier angevin ${carriersMade}`,
    description: 'Livré sous 48 h',
    isActive: true,
    deliveryType: 'DELIVERY',
    rates: [],
    ...overrides,
  };
}

let addressesMade = 0;
async function newAddress(overrides: Partial<NewPickupAddressInput> = {}) {
  addressesMade += 1;
  const france = (await settings()).countries.find((country) => country.name === 'France')!;
  return {
    label: `Chai de Brissac ${addressesMade}`,
    addressLine1: `${addressesMade} rue du Château`,
    postalCode: '49320',
    city: 'Brissac Loire Aubance',
    countryId: france.id,
    slotMinutes: 30,
    slotCapacity: 4,
    ...overrides,
  };
}

async function quoteFor6Bottles() {
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
  return { visitor, quote: shippingQuoteSchema.parse(response.json().data) };
}

async function createdCarrier(overrides: Partial<NewCarrierInput> = {}) {
  const response = await asAdmin({
    method: 'POST',
    url: '/admin/carrier',
    payload: newCarrier(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminCarrierSchema.parse(response.json().data);
}

describe('creating, ordering and deleting carriers', () => {
  it('serves the new routes to ADMIN and SUPER_ADMIN only', async () => {
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'POST',
      url: '/admin/carrier',
      payload: () => newCarrier(),
    });
    const ids = (await settings()).carriers.map((carrier) => carrier.id);
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'PUT',
      url: '/admin/carriers/order',
      payload: () => ({ ids }),
    });
    const [first, second] = [await createdCarrier(), await createdCarrier()];
    const removal = (id: number) => ({ method: 'DELETE' as const, url: `/admin/carrier/${id}` });
    expect((await adminCall(testApp.app, 92, removal(first.id))).statusCode).toBe(401);
    expect((await adminCall(testApp.app, 92, removal(first.id), tokens.customer)).statusCode).toBe(
      403,
    );
    expect(
      (await adminCall(testApp.app, 92, removal(first.id), tokens.otherSiteAdmin)).statusCode,
    ).toBe(401);
    expect((await adminCall(testApp.app, 92, removal(first.id), tokens.admin)).statusCode).toBe(
      200,
    );
    expect(
      (await adminCall(testApp.app, 92, removal(second.id), tokens.superAdmin)).statusCode,
    ).toBe(200);
  });

  it('adds a carrier with an empty grid, which the quote offers once its grid is filled', async () => {
    const created = await createdCarrier({ name: 'Coursier du Layon' });
    expect(created).toMatchObject({
      rates: [],
      isActive: true,
      serviceCode: `MAISON-${created.id}`,
    });
    expect((await quoteFor6Bottles()).quote.carriers.map((c) => c.id)).not.toContain(created.id);
    const [entry] = await auditEntries(testApp.database.db, 92, 'carrier');
    expect(entry).toMatchObject({ action: 'create', entityId: String(created.id), before: null });

    const filled = await asAdmin({
      method: 'PUT',
      url: `/admin/carrier/${created.id}`,
      payload: {
        name: created.name,
        description: created.description,
        isActive: true,
        rates: [{ zone: 'FRANCE_METRO', cartonSize: 6, priceCents: 990 }],
      },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const offered = (await quoteFor6Bottles()).quote.carriers.find((c) => c.id === created.id);
    expect(offered).toMatchObject({ name: 'Coursier du Layon', price: 990 });
    expect((await settings()).carriers.at(-1)!.id).toBe(created.id);
    await asAdmin({ method: 'DELETE', url: `/admin/carrier/${created.id}` });
  });

  it('refuses a carrier without a name or a delivery type, with nothing created', async () => {
    const before = await testApp.database.db.select().from(carriers);
    for (const payload of [
      newCarrier({ name: ' ' }),
      { ...newCarrier(), deliveryType: 'TELEPORT' },
      newCarrier({ rates: [{ zone: 'FRANCE_METRO', cartonSize: 6, priceCents: -1 }] }),
    ]) {
      const response = await asAdmin({ method: 'POST', url: '/admin/carrier', payload });
      expect(response.statusCode).toBe(422);
    }
    expect(await testApp.database.db.select().from(carriers)).toEqual(before);
  });

  it('deletes a carrier with its grid and journals it', async () => {
    const created = await createdCarrier({
      rates: [{ zone: 'FRANCE_METRO', cartonSize: 1, priceCents: 500 }],
    });
    const deleted = await asAdmin({ method: 'DELETE', url: `/admin/carrier/${created.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      adminCarrierSchema
        .array()
        .parse(deleted.json().data)
        .map((c) => c.id),
    ).not.toContain(created.id);
    expect(await storedRates(created.id)).toEqual([]);
    const [entry] = await auditEntries(testApp.database.db, 92, 'carrier');
    expect(entry).toMatchObject({ action: 'delete', entityId: String(created.id), after: null });
  });

  it('refuses to delete a carrier an order was placed with (409), which can still be switched off', async () => {
    const created = await createdCarrier({
      rates: [{ zone: 'FRANCE_METRO', cartonSize: 6, priceCents: 1200 }],
    });
    const { visitor } = await quoteFor6Bottles();
    expectPlaced(await placeOrder(testApp.app, visitor, homeDeliveryBody(visitor, created.id)));
    const refused = await asAdmin({ method: 'DELETE', url: `/admin/carrier/${created.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARRIER_USED_BY_ORDERS_MESSAGE);
    expect((await storedRates(created.id)).length).toBe(1);
    const off = await asAdmin({
      method: 'PUT',
      url: `/admin/carrier/${created.id}`,
      payload: { name: created.name, description: null, isActive: false, rates: created.rates },
    });
    expect(off.statusCode).toBe(200);
    expect((await quoteFor6Bottles()).quote.carriers.map((c) => c.id)).not.toContain(created.id);
  });

  it('reorders the carriers, and refuses an order that misses one (422, nothing changed)', async () => {
    const ids = (await settings()).carriers.map((carrier) => carrier.id);
    const reversed = [...ids].reverse();
    const saved = await asAdmin({
      method: 'PUT',
      url: '/admin/carriers/order',
      payload: { ids: reversed },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settings()).carriers.map((carrier) => carrier.id)).toEqual(reversed);
    const refused = await asAdmin({
      method: 'PUT',
      url: '/admin/carriers/order',
      payload: { ids: reversed.slice(1) },
    });
    expect(refused.statusCode).toBe(422);
    expect((await settings()).carriers.map((carrier) => carrier.id)).toEqual(reversed);
    await asAdmin({ method: 'PUT', url: '/admin/carriers/order', payload: { ids } });
  });

  it("answers 404 to another site's administrator deleting or reordering this site's carriers", async () => {
    const created = await createdCarrier();
    const other = await adminRoleTokens(testApp.database.db, 91, 92);
    const deleted = await adminCall(
      testApp.app,
      91,
      { method: 'DELETE', url: `/admin/carrier/${created.id}` },
      other.admin,
    );
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe(CARRIER_NOT_FOUND_MESSAGE);
    const reordered = await adminCall(
      testApp.app,
      91,
      { method: 'PUT', url: '/admin/carriers/order', payload: { ids: [created.id] } },
      other.admin,
    );
    expect(reordered.statusCode).toBe(404);
    expect((await settings()).carriers.map((carrier) => carrier.id)).toContain(created.id);
    await asAdmin({ method: 'DELETE', url: `/admin/carrier/${created.id}` });
  });
});

describe('click-and-collect addresses', () => {
  async function createdAddress(overrides: Partial<NewPickupAddressInput> = {}) {
    const response = await asAdmin({
      method: 'POST',
      url: '/admin/pickup',
      payload: await newAddress(overrides),
    });
    expect(response.statusCode, response.body).toBe(200);
    return adminPickupAddressSchema.parse(response.json().data);
  }

  it('serves the new routes to ADMIN and SUPER_ADMIN only', async () => {
    const payload = await newAddress();
    let made = 0;
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'POST',
      url: '/admin/pickup',
      payload: () => ({ ...payload, label: `${payload.label} ${(made += 1)}` }),
    });
    const address = await createdAddress();
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'PUT',
      url: `/admin/pickup/${address.id}/address`,
      payload: () => address.fields,
    });
    const [first, second] = [await createdAddress(), await createdAddress()];
    const stop = (id: number) => ({ method: 'DELETE' as const, url: `/admin/pickup/${id}` });
    expect((await adminCall(testApp.app, 92, stop(first.id))).statusCode).toBe(401);
    expect((await adminCall(testApp.app, 92, stop(first.id), tokens.customer)).statusCode).toBe(
      403,
    );
    expect((await adminCall(testApp.app, 92, stop(first.id), tokens.admin)).statusCode).toBe(200);
    expect((await adminCall(testApp.app, 92, stop(second.id), tokens.superAdmin)).statusCode).toBe(
      200,
    );
  });

  it('adds an address offering click-and-collect: listed by the storefront, tag posted, journaled', async () => {
    await forgetStorefrontTags();
    const address = await createdAddress({ label: 'Chai des Ponts-de-Cé' });
    expect(address).toMatchObject({
      label: 'Chai des Ponts-de-Cé',
      calendar: { slotMinutes: 30, slotCapacity: 4 },
      closures: [],
    });
    expect(await storefrontTags()).toEqual(['site:92:company-addresses']);
    const listed = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/company/address',
      query: { isClickAndCollect: 'true' },
    });
    const ids = companyAddressSchema
      .array()
      .parse(listed.json().data)
      .map((row) => row.id);
    expect(ids).toContain(address.id);
    expect(await allowedDays(address.id)).not.toEqual([]);
    const [entry] = await auditEntries(testApp.database.db, 92, 'pickup-calendar');
    expect(entry).toMatchObject({ action: 'create', entityId: String(address.id) });
  });

  it('edits the address fields, with the tag; a name taken is 409, bad fields 422, nothing changed', async () => {
    const address = await createdAddress();
    const taken = await createdAddress();
    await forgetStorefrontTags();
    const saved = await asAdmin({
      method: 'PUT',
      url: `/admin/pickup/${address.id}/address`,
      payload: { ...address.fields, addressLine1: '8 place de la Mairie', city: 'Brissac' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminPickupAddressSchema.parse(saved.json().data).address).toBe(
      '8 place de la Mairie, 49320 Brissac',
    );
    expect(await storefrontTags()).toEqual(['site:92:company-addresses']);
    const [entry] = await auditEntries(testApp.database.db, 92, 'pickup-calendar');
    expect(entry).toMatchObject({ action: 'update', entityId: String(address.id) });

    const current = (await settings()).addresses.find((row) => row.id === address.id)!;
    const conflict = await asAdmin({
      method: 'PUT',
      url: `/admin/pickup/${address.id}/address`,
      payload: { ...current.fields, label: taken.label.toUpperCase() },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errors).toEqual([{ key: 'label', error: ADDRESS_LABEL_TAKEN_MESSAGE }]);
    for (const payload of [
      { ...current.fields, postalCode: '' },
      { ...current.fields, countryId: 999_999 },
      { ...current.fields, city: '  ' },
    ]) {
      const refused = await asAdmin({
        method: 'PUT',
        url: `/admin/pickup/${address.id}/address`,
        payload,
      });
      expect(refused.statusCode).toBe(422);
    }
    const created = await asAdmin({
      method: 'POST',
      url: '/admin/pickup',
      payload: await newAddress({ slotMinutes: 1 }),
    });
    expect(created.statusCode).toBe(422);
    expect((await settings()).addresses.find((row) => row.id === address.id)).toEqual(current);
  });

  it('turns click-and-collect off without future bookings, and refuses it (409) while a slot is held', async () => {
    const address = await createdAddress();
    const days = await allowedDays(address.id);
    const visitor = await guestCart(testApp.app, [[await testWine(testApp), 1]]);
    const dates = allowedDatesSchema.parse(
      (
        await siteRequest(testApp.app, 92, {
          method: 'GET',
          url: `/calendar/${address.id}/date/allowed/6/2026`,
        })
      ).json().data,
    );
    const held = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/calendar/${address.id}/hold`,
      cookies: visitor.cookies,
      payload: {
        idCart: visitor.cart.id,
        date: days[0],
        idSchedule: dates.days[0]!.slots[0]!.idSchedule,
      },
    });
    expect(held.statusCode, held.body).toBe(200);
    const refused = await asAdmin({ method: 'DELETE', url: `/admin/pickup/${address.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PICKUP_HAS_BOOKINGS_MESSAGE);
    expect(
      (await settings()).addresses.find((row) => row.id === address.id)!.calendar,
    ).not.toBeNull();

    const free = await createdAddress();
    await forgetStorefrontTags();
    const stopped = await asAdmin({ method: 'DELETE', url: `/admin/pickup/${free.id}` });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(adminPickupAddressSchema.parse(stopped.json().data).calendar).toBeNull();
    expect(await storefrontTags()).toEqual(['site:92:company-addresses']);
    const [entry] = await auditEntries(testApp.database.db, 92, 'pickup-calendar');
    expect(entry).toMatchObject({ action: 'delete', entityId: String(free.id), after: null });
  });

  it("answers 404 to another site's administrator naming this site's address", async () => {
    const address = await createdAddress();
    const other = await adminRoleTokens(testApp.database.db, 91, 92);
    for (const call of [
      {
        method: 'PUT' as const,
        url: `/admin/pickup/${address.id}/address`,
        payload: { ...address.fields, city: 'Ailleurs' },
      },
      { method: 'DELETE' as const, url: `/admin/pickup/${address.id}` },
    ]) {
      const response = await adminCall(testApp.app, 91, call, other.admin);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
    }
    expect((await settings()).addresses.find((row) => row.id === address.id)).toEqual(address);
  });
});

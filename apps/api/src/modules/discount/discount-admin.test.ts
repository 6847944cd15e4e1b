import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDiscountCodeSchema,
  adminDiscountUseSchema,
  DISCOUNT_CODE_NOT_FOUND_MESSAGE,
  DISCOUNT_CODE_TAKEN_MESSAGE,
  type DiscountCodeInput,
} from '@comptoir/contract/admin-discounts';
import {
  DISCOUNT_CODE_DISABLED_MESSAGE,
  DISCOUNT_CODE_EXHAUSTED_MESSAGE,
  DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE,
} from '@comptoir/contract/discount';
import { discountCodes } from '../../db/schema';
import {
  adminCall,
  adminRoleTokens,
  auditEntries,
  expectAdminOnly,
  type AdminRoleTokens,
} from '../../test/admin-roles';
import {
  createOrderTestApp,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';

let testApp: OrderTestApp;
let tokens: AdminRoleTokens;

beforeAll(async () => {
  testApp = await createOrderTestApp();
  tokens = await adminRoleTokens(testApp.database.db, 92, 91);
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

function newCodeName(): string {
  return `ADM${randomBytes(4).toString('hex').toUpperCase()}`;
}

function codeInput(overrides: Partial<DiscountCodeInput> = {}): DiscountCodeInput {
  return {
    code: newCodeName(),
    type: 'percent',
    amount: 10,
    freeShipping: false,
    startsOn: null,
    endsOn: null,
    minimumCents: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    firstOrderOnly: false,
    categories: [],
    isDisabled: false,
    ...overrides,
  };
}

const asAdmin = (call: Parameters<typeof adminCall>[2], siteId = 92) =>
  adminCall(testApp.app, siteId, call, tokens.admin);

async function createCode(overrides: Partial<DiscountCodeInput> = {}) {
  const response = await asAdmin({
    method: 'POST',
    url: '/admin/discount-code',
    payload: codeInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminDiscountCodeSchema.parse(response.json().data);
}

async function storedCode(id: number) {
  const [row] = await testApp.database.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.siteId, 92), eq(discountCodes.id, id)));
  return row;
}

/**
 * A guest's order of one test wine delivered at home, with the code, and its answer. Each guest
 * has a phone of their own: a code knows its customers by phone too (decision 0079).
 */
async function orderWithCode(
  code: string,
  email = `client-${randomBytes(3).toString('hex')}@example.fr`,
  phone = `07${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`,
) {
  const wine = await testWine(testApp);
  const visitor = await guestCart(testApp.app, [[wine, 6]]);
  const carrierId = await homeCarrierId(testApp.app, visitor);
  return placeOrder(
    testApp.app,
    visitor,
    homeDeliveryBody(visitor, carrierId, {
      discountCode: code,
      user: { phone, email, firstname: 'Camille', lastname: 'Martin', birthdate: '1990-04-12' },
    }),
  );
}

function refusalOf(response: { statusCode: number; json(): any }): string | undefined {
  expect(response.statusCode).toBe(422);
  const errors = response.json().errors as { key: string; error: string }[];
  return errors.find((error) => error.key === 'discountCode')?.error;
}

describe('the role matrix over the discount code routes', () => {
  it('answers 401 to a visitor, 403 to a customer, and serves ADMIN and SUPER_ADMIN', async () => {
    const code = await createCode();
    await expectAdminOnly(testApp.app, 92, tokens, { method: 'GET', url: '/admin/discount-code' });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'POST',
      url: '/admin/discount-code',
      payload: () => codeInput(),
    });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'PUT',
      url: `/admin/discount-code/${code.id}`,
      payload: () => codeInput({ code: code.code, amount: 15 }),
    });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'GET',
      url: `/admin/discount-code/${code.id}/uses`,
    });
  });

  it("answers 404 to an administrator naming another site's code, and changes nothing", async () => {
    const code = await createCode();
    const otherAdmin = await adminRoleTokens(testApp.database.db, 91, 92);
    const update = await adminCall(
      testApp.app,
      91,
      { method: 'PUT', url: `/admin/discount-code/${code.id}`, payload: codeInput({ amount: 90 }) },
      otherAdmin.admin,
    );
    expect(update.statusCode).toBe(404);
    expect(update.json().message).toBe(DISCOUNT_CODE_NOT_FOUND_MESSAGE);
    const uses = await adminCall(
      testApp.app,
      91,
      { method: 'GET', url: `/admin/discount-code/${code.id}/uses` },
      otherAdmin.admin,
    );
    expect(uses.statusCode).toBe(404);
    expect((await storedCode(code.id))!.amount).toBe(10);
  });
});

describe('creating and editing codes', () => {
  it('creates a code in capitals, journals it, and lists it with no use', async () => {
    const name = newCodeName().toLowerCase();
    const created = await createCode({
      code: name,
      type: 'EURO',
      amount: 500,
      minimumCents: 3000,
      maxUses: 50,
      maxUsesPerCustomer: 1,
      startsOn: '2026-01-01',
      endsOn: '2030-12-31',
      categories: ['RED'],
    });
    expect(created).toMatchObject({
      code: name.toUpperCase(),
      type: 'EURO',
      amount: 500,
      minimumCents: 3000,
      maxUses: 50,
      maxUsesPerCustomer: 1,
      categories: ['RED'],
      uses: 0,
      isDisabled: false,
    });
    const [entry] = await auditEntries(testApp.database.db, 92, 'discount-code');
    expect(entry).toMatchObject({ action: 'create', entityId: String(created.id) });
    expect(entry!.after).toMatchObject({ code: name.toUpperCase(), amount: 500 });
    const list = await asAdmin({ method: 'GET', url: '/admin/discount-code' });
    expect(list.json().data.map((code: { id: number }) => code.id)).toContain(created.id);
  });

  it('refuses bad input with 422 on each field, and creates nothing', async () => {
    const name = newCodeName();
    const response = await asAdmin({
      method: 'POST',
      url: '/admin/discount-code',
      payload: codeInput({
        code: name,
        type: 'percent',
        amount: 120,
        startsOn: '2026-06-10',
        endsOn: '2026-06-01',
        maxUses: 0,
      }),
    });
    expect(response.statusCode).toBe(422);
    const keys = (response.json().errors as { key: string }[]).map((error) => error.key);
    expect(keys).toEqual(expect.arrayContaining(['amount', 'endsOn', 'maxUses']));
    const list = await asAdmin({ method: 'GET', url: '/admin/discount-code' });
    expect(list.json().data.some((code: { code: string }) => code.code === name)).toBe(false);
  });

  it('refuses a name another code has, whatever its case, with 409 on the code field', async () => {
    const first = await createCode();
    const response = await asAdmin({
      method: 'POST',
      url: '/admin/discount-code',
      payload: codeInput({ code: first.code.toLowerCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([{ key: 'code', error: DISCOUNT_CODE_TAKEN_MESSAGE }]);
  });

  it('enforces limits set after the code was used: a second use is then refused', async () => {
    const code = await createCode();
    expectPlaced(await orderWithCode(code.code));
    // Down to one use in all: the code has had it.
    const edited = await asAdmin({
      method: 'PUT',
      url: `/admin/discount-code/${code.id}`,
      payload: codeInput({ code: code.code, maxUses: 1 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(adminDiscountCodeSchema.parse(edited.json().data)).toMatchObject({
      maxUses: 1,
      uses: 1,
    });
    expect(refusalOf(await orderWithCode(code.code))).toBe(DISCOUNT_CODE_EXHAUSTED_MESSAGE);

    // Per customer: the same e-mail cannot use it twice once the limit is set.
    const perCustomer = await createCode();
    expectPlaced(await orderWithCode(perCustomer.code, 'fidele@example.fr'));
    await asAdmin({
      method: 'PUT',
      url: `/admin/discount-code/${perCustomer.id}`,
      payload: codeInput({ code: perCustomer.code, maxUsesPerCustomer: 1 }),
    });
    expect(refusalOf(await orderWithCode(perCustomer.code, 'fidele@example.fr'))).toBe(
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
    expectPlaced(await orderWithCode(perCustomer.code, 'autre@example.fr'));
  });

  it('sets a limit per customer, then clears it: the code is open to the same customer again', async () => {
    const code = await createCode({ maxUsesPerCustomer: 2 });
    expect(code.maxUsesPerCustomer).toBe(2);
    expect((await storedCode(code.id))!.maxUsesPerCustomer).toBe(2);
    expectPlaced(await orderWithCode(code.code, 'habitue@example.fr'));
    expectPlaced(await orderWithCode(code.code, 'Habitue+deux@example.fr'));
    expect(refusalOf(await orderWithCode(code.code, 'habitue@example.fr'))).toBe(
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(2),
    );
    const cleared = await asAdmin({
      method: 'PUT',
      url: `/admin/discount-code/${code.id}`,
      payload: codeInput({ code: code.code, maxUsesPerCustomer: null }),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(adminDiscountCodeSchema.parse(cleared.json().data)).toMatchObject({
      maxUsesPerCustomer: null,
      uses: 2,
    });
    expect((await storedCode(code.id))!.maxUsesPerCustomer).toBeNull();
    const [entry] = await auditEntries(testApp.database.db, 92, 'discount-code');
    expect(entry!.before).toMatchObject({ maxUsesPerCustomer: 2 });
    expect(entry!.after).toMatchObject({ maxUsesPerCustomer: null });
    expectPlaced(await orderWithCode(code.code, 'habitue@example.fr'));
  });

  it('disables a code: refused at checkout with the existing message, journaled as disabled', async () => {
    const code = await createCode();
    const disabled = await asAdmin({
      method: 'PUT',
      url: `/admin/discount-code/${code.id}`,
      payload: codeInput({ code: code.code, isDisabled: true }),
    });
    expect(disabled.statusCode).toBe(200);
    expect(refusalOf(await orderWithCode(code.code))).toBe(DISCOUNT_CODE_DISABLED_MESSAGE);
    const [entry] = await auditEntries(testApp.database.db, 92, 'discount-code');
    expect(entry).toMatchObject({ action: 'disable', entityId: String(code.id) });
    expect(entry!.before).toMatchObject({ isDisabled: false });
    expect(entry!.after).toMatchObject({ isDisabled: true });
  });

  it('refuses a bad edit with 422 and leaves the code as it was', async () => {
    const code = await createCode({ maxUses: 5 });
    const response = await asAdmin({
      method: 'PUT',
      url: `/admin/discount-code/${code.id}`,
      payload: codeInput({ code: code.code, maxUses: 2, maxUsesPerCustomer: 3 }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].key).toBe('maxUsesPerCustomer');
    expect((await storedCode(code.id))!.maxUses).toBe(5);
  });
});

describe('GET /admin/discount-code/:id/uses', () => {
  it('lists the orders that used the code, with what it took off', async () => {
    const code = await createCode({ type: 'EURO', amount: 300 });
    const order = expectPlaced(await orderWithCode(code.code, 'lea@example.fr'));
    const response = await asAdmin({ method: 'GET', url: `/admin/discount-code/${code.id}/uses` });
    const uses = adminDiscountUseSchema.array().parse(response.json().data);
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({
      orderId: order.id,
      email: 'lea@example.fr',
      discountCents: 300,
      counts: true,
    });
    const list = await asAdmin({ method: 'GET', url: '/admin/discount-code' });
    const listed = adminDiscountCodeSchema
      .array()
      .parse(list.json().data)
      .find((candidate) => candidate.id === code.id);
    expect(listed).toMatchObject({ uses: 1, discountedCents: 300 });
  });
});

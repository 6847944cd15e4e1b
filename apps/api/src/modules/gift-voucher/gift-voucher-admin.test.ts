import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGiftVoucherSchema,
  GIFT_VOUCHER_EXPIRY_EARLIER_MESSAGE,
  GIFT_VOUCHER_NOT_FOUND_MESSAGE,
} from '@comptoir/contract/admin-gift-vouchers';
import { GIFT_VOUCHER_DISABLED_MESSAGE } from '@comptoir/contract/gift-voucher';
import { giftVouchers } from '../../db/schema';
import {
  adminCall,
  adminRoleTokens,
  auditEntries,
  expectAdminOnly,
  type AdminRoleTokens,
} from '../../test/admin-roles';
import { mailsTo } from '../../test/mails';
import {
  createOrderTestApp,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  type OrderTestApp,
  placeGuestHomeOrder,
  placeOrder,
  testWine,
} from '../../test/orders';
import { newGiftVoucherCode } from './gift-voucher-service';

/** Monday 1 June 2026, 12h00 in Paris. */
const NOW = new Date('2026-06-01T10:00:00Z');

let testApp: OrderTestApp;
let tokens: AdminRoleTokens;
let orderId: number;

beforeAll(async () => {
  testApp = await createOrderTestApp({ now: () => NOW });
  tokens = await adminRoleTokens(testApp.database.db, 92, 91);
  orderId = (await placeHomeOrder()).id;
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

function placeHomeOrder(overrides: Record<string, unknown> = {}) {
  return placeGuestHomeOrder(testApp, { quantity: 6, priceCents: 2000, overrides });
}

/** A voucher issued by the test's order, as the paid order would issue it. */
async function voucher(overrides: Partial<typeof giftVouchers.$inferInsert> = {}) {
  const [created] = await testApp.database.db
    .insert(giftVouchers)
    .values({
      siteId: 92,
      code: newGiftVoucherCode(),
      initialCents: 5000,
      balanceCents: 5000,
      expiresOn: '2027-06-01',
      recipientName: 'Lucie',
      recipientEmail: `lucie-${randomBytes(3).toString('hex')}@example.fr`,
      message: 'Bon anniversaire !',
      sendOn: '2026-06-01',
      buyerName: 'Camille',
      buyerEmail: 'camille@example.fr',
      orderId,
      cartProductId: 1_000_000 + Math.floor(Math.random() * 1_000_000),
      ...overrides,
    })
    .returning();
  return created!;
}

const asAdmin = (call: Parameters<typeof adminCall>[2], siteId = 92) =>
  adminCall(testApp.app, siteId, call, tokens.admin);

async function stored(id: number) {
  const [row] = await testApp.database.db
    .select()
    .from(giftVouchers)
    .where(and(eq(giftVouchers.siteId, 92), eq(giftVouchers.id, id)));
  return row!;
}

describe('the role matrix over the gift voucher routes', () => {
  it('answers 401 to a visitor, 403 to a customer, and serves ADMIN and SUPER_ADMIN', async () => {
    const issued = await voucher();
    await expectAdminOnly(testApp.app, 92, tokens, { method: 'GET', url: '/admin/gift-voucher' });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'POST',
      url: `/admin/gift-voucher/${issued.id}/resend`,
    });
    let day = 2;
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'PUT',
      url: `/admin/gift-voucher/${issued.id}/expiry`,
      // Each allowed call pushes it one more day.
      payload: () => ({ expiresOn: `2027-06-${String(day++).padStart(2, '0')}` }),
    });
    await expectAdminOnly(testApp.app, 92, tokens, {
      method: 'PUT',
      url: `/admin/gift-voucher/${issued.id}/disabled`,
      payload: () => ({ isDisabled: false }),
    });
  });

  it("answers 404 to an administrator naming another site's voucher, and changes nothing", async () => {
    const issued = await voucher();
    const other = await adminRoleTokens(testApp.database.db, 91, 92);
    for (const call of [
      { method: 'POST' as const, url: `/admin/gift-voucher/${issued.id}/resend` },
      {
        method: 'PUT' as const,
        url: `/admin/gift-voucher/${issued.id}/expiry`,
        payload: { expiresOn: '2028-01-01' },
      },
      {
        method: 'PUT' as const,
        url: `/admin/gift-voucher/${issued.id}/disabled`,
        payload: { isDisabled: true },
      },
    ]) {
      const response = await adminCall(testApp.app, 91, call, other.admin);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(GIFT_VOUCHER_NOT_FOUND_MESSAGE);
    }
    expect(await stored(issued.id)).toMatchObject({ expiresOn: '2027-06-01', disabledAt: null });
    expect(await mailsTo(testApp, issued.recipientEmail!)).toHaveLength(0);
  });
});

describe('the vouchers of the site', () => {
  it('lists each voucher with its balance and the orders that spent it', async () => {
    const issued = await voucher();
    const spending = await placeHomeOrder({ giftVoucherCode: issued.code });
    const response = await asAdmin({ method: 'GET', url: '/admin/gift-voucher' });
    const listed = adminGiftVoucherSchema
      .array()
      .parse(response.json().data)
      .find((candidate) => candidate.id === issued.id);
    expect(listed!.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(listed!.redemptions).toEqual([
      expect.objectContaining({ orderId: spending.id, amountCents: 5000 - listed!.balanceCents }),
    ]);
    expect(listed!.balanceCents).toBeLessThan(5000);
  });

  it('mails the voucher again with its PDF, and journals it without the full code', async () => {
    const issued = await voucher();
    const response = await asAdmin({
      method: 'POST',
      url: `/admin/gift-voucher/${issued.id}/resend`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsTo(testApp, issued.recipientEmail!);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.filename).toBe(
      `bon-cadeau-${issued.code.slice(-4).toLowerCase()}.pdf`,
    );
    const [entry] = await auditEntries(testApp.database.db, 92, 'gift-voucher');
    expect(entry).toMatchObject({ action: 'resend', entityId: String(issued.id) });
    expect(JSON.stringify(entry)).not.toContain(issued.code);
  });

  it('extends the expiry: an expired voucher is usable again at checkout', async () => {
    const expired = await voucher({ expiresOn: '2026-05-31' });
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 6]]);
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const refused = await placeOrder(
      testApp.app,
      visitor,
      homeDeliveryBody(visitor, carrierId, { giftVoucherCode: expired.code }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].key).toBe('giftVoucherCode');
    const extended = await asAdmin({
      method: 'PUT',
      url: `/admin/gift-voucher/${expired.id}/expiry`,
      payload: { expiresOn: '2026-12-31' },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(adminGiftVoucherSchema.parse(extended.json().data).expiresOn).toBe('2026-12-31');
    expectPlaced(
      await placeOrder(
        testApp.app,
        visitor,
        homeDeliveryBody(visitor, carrierId, { giftVoucherCode: expired.code }),
      ),
    );
    const [entry] = await auditEntries(testApp.database.db, 92, 'gift-voucher');
    expect(entry).toMatchObject({ action: 'extend' });
    expect(entry!.before).toMatchObject({ expiresOn: '2026-05-31' });
    expect(entry!.after).toMatchObject({ expiresOn: '2026-12-31' });
  });

  it('refuses an earlier day or a bad date with 422, and changes nothing', async () => {
    const issued = await voucher();
    const earlier = await asAdmin({
      method: 'PUT',
      url: `/admin/gift-voucher/${issued.id}/expiry`,
      payload: { expiresOn: '2027-01-01' },
    });
    expect(earlier.statusCode).toBe(422);
    expect(earlier.json().errors).toEqual([
      { key: 'expiresOn', error: GIFT_VOUCHER_EXPIRY_EARLIER_MESSAGE('1 juin 2027') },
    ]);
    const malformed = await asAdmin({
      method: 'PUT',
      url: `/admin/gift-voucher/${issued.id}/expiry`,
      payload: { expiresOn: '2027-02-30' },
    });
    expect(malformed.statusCode).toBe(422);
    expect((await stored(issued.id)).expiresOn).toBe('2027-06-01');
    const badFlag = await asAdmin({
      method: 'PUT',
      url: `/admin/gift-voucher/${issued.id}/disabled`,
      payload: { isDisabled: 'oui' },
    });
    expect(badFlag.statusCode).toBe(422);
    expect((await stored(issued.id)).disabledAt).toBeNull();
  });

  it('disables a voucher: refused at checkout, not mailed again, and enabled back', async () => {
    const issued = await voucher();
    const disabled = await asAdmin({
      method: 'PUT',
      url: `/admin/gift-voucher/${issued.id}/disabled`,
      payload: { isDisabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(adminGiftVoucherSchema.parse(disabled.json().data).disabledAt).not.toBeNull();

    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 6]]);
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const refused = await placeOrder(
      testApp.app,
      visitor,
      homeDeliveryBody(visitor, carrierId, { giftVoucherCode: issued.code }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toContainEqual({
      key: 'giftVoucherCode',
      error: GIFT_VOUCHER_DISABLED_MESSAGE,
    });
    const resend = await asAdmin({
      method: 'POST',
      url: `/admin/gift-voucher/${issued.id}/resend`,
    });
    expect(resend.statusCode).toBe(409);

    const [entry] = await auditEntries(testApp.database.db, 92, 'gift-voucher');
    expect(entry).toMatchObject({ action: 'disable', entityId: String(issued.id) });

    await asAdmin({
      method: 'PUT',
      url: `/admin/gift-voucher/${issued.id}/disabled`,
      payload: { isDisabled: false },
    });
    expect((await stored(issued.id)).disabledAt).toBeNull();
    expectPlaced(
      await placeOrder(
        testApp.app,
        visitor,
        homeDeliveryBody(visitor, carrierId, { giftVoucherCode: issued.code }),
      ),
    );
  });
});

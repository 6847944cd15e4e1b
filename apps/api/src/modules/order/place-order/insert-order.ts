import { createHash } from 'node:crypto';
import type { orderBodySchema } from '@comptoir/contract/order';
import {
  paymentDeadline,
  STANDARD_VAT_RATE_BASIS_POINTS,
  type OrderStatus,
} from '@comptoir/domain/order';
import type { OrderAmounts } from '@comptoir/domain/order-amounts';
import type { z } from 'zod';
import type { CartCaller } from '../../cart';
import type { DiscountCustomer } from '../../discount';
import { snapshotOf } from '../../discount';
import type { OrderGiftVouchers, TakenGiftVoucher } from '../../gift-voucher';
import type { OrderRecord, OrderTransaction } from '../order-repository';
import type { AppliedDiscount } from './apply-discount';
import type { ComputedTotals } from './compute-totals';
import type { RequotedDelivery } from './requote-delivery';

/** Everything the previous steps settled, as the order's row and lines keep it. */
export interface OrderDraft {
  body: z.output<typeof orderBodySchema>;
  caller: CartCaller;
  cartId: number;
  delivery: RequotedDelivery;
  /** The order's lines as the totals made them. */
  lines: ComputedTotals['lines'];
  /** The order's amounts, the voucher's part included. */
  amounts: OrderAmounts;
  discount: AppliedDiscount | null;
  voucher: TakenGiftVoucher | null;
  /** Whom the code's use counts against. */
  customer: DiscountCustomer;
  /** The terms of sale the customer accepted (their hash is kept), null when the site has none. */
  saleTerms: string | null;
  idempotencyKey: string | null;
  requestHash: string;
  at: Date;
}

/**
 * Step 7, inside the transaction: the order's row and lines with their snapshots (customer,
 * carrier, relay point, slot, code, amounts, the terms' hash), its first status, the code's
 * redemption and the voucher's spending; the cart is closed. Answers the stored row.
 */
export async function insertOrder(
  tx: OrderTransaction,
  giftVouchers: OrderGiftVouchers | undefined,
  siteId: number,
  draft: OrderDraft,
): Promise<OrderRecord> {
  const { body, delivery, amounts, discount, voucher, at } = draft;
  const user = draft.caller.user;
  const status: OrderStatus = 'PENDING_PAYMENT';
  const number = await tx.nextNumber(siteId);
  const created = await tx.insertOrder(
    siteId,
    number,
    {
      userId: user?.id ?? null,
      cartId: draft.cartId,
      status,
      paymentMethod: body.paymentMethod,
      isPaid: false,
      paymentDueAt: paymentDeadline(body.paymentMethod, at),
      email: user?.email ?? body.user.email!,
      phone: body.user.phone,
      firstname: user?.firstname ?? body.user.firstname!,
      lastname: user?.lastname ?? body.user.lastname!,
      birthdate: user?.birthdate ?? body.user.birthdate ?? null,
      deliveryAddress: body.address.delivery ?? null,
      billingAddress: body.address.billing,
      message: body.message || null,
      deliveryType: body.delivery.type,
      carrier: delivery.carrier
        ? {
            id: delivery.carrier.id,
            name: delivery.carrier.name,
            serviceCode: delivery.carrier.serviceCode,
          }
        : null,
      accessPoint: delivery.accessPoint
        ? {
            id: delivery.accessPoint.id,
            name: delivery.accessPoint.name,
            addLine1: delivery.accessPoint.addLine1,
            zipCode: delivery.accessPoint.zipCode,
            city: delivery.accessPoint.city,
            country: delivery.accessPoint.country,
          }
        : null,
      slotCompanyAddressId: delivery.slot?.companyAddressId ?? null,
      slotDate: delivery.slot?.date ?? null,
      slotScheduleId: delivery.slot?.scheduleId ?? null,
      productsCents: amounts.productsCents,
      discountCents: amounts.discountCents,
      discount: discount ? snapshotOf(discount.record) : null,
      shippingCents: amounts.shippingCents ?? 0,
      shippingVatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS,
      totalCents: amounts.totalCents,
      vatCents: amounts.vatCents,
      voucherCents: amounts.voucherCents,
      giftVoucherCodeEnd: voucher?.codeEnd ?? null,
      saleTermsHash: draft.saleTerms
        ? createHash('sha256').update(draft.saleTerms).digest('hex')
        : null,
      // The body's acceptSaleTerms (required by the contract) is this acceptance.
      saleTermsAcceptedAt: at,
      idempotencyKey: draft.idempotencyKey,
      requestHash: draft.requestHash,
      createdAt: at,
    },
    draft.lines,
  );
  if (discount) {
    await tx.discounts.recordRedemption(siteId, discount.record.id, created.id, draft.customer, at);
  }
  await tx.recordStatus(siteId, created.id, null, status, 'customer', at);
  if (voucher) await giftVouchers?.record(tx.raw, siteId, voucher, created.id);
  await tx.closeCart(siteId, draft.cartId, at);
  return created;
}

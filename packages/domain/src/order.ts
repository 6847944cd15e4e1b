/*
 * An order's life (issue 10, docs/architecture.md#the-shop-and-the-back-office "Orders are records"): its states, the one table of
 * the moves allowed between them, and the VAT inside a price (prices are TTC, in cents).
 */

export const ORDER_STATUSES = [
  'PENDING_PAYMENT',
  'PAID',
  'PREPARING',
  'SHIPPED',
  'READY_FOR_PICKUP',
  'DELIVERED',
  'PICKED_UP',
  'CANCELLED',
  'REFUNDED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CHEQUE', 'ON_PICKUP', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Every move an order may make. An unpaid order may be prepared only when it is paid at pick-up
 * (docs/requirements/order.md: ON_PICKUP orders are prepared unpaid), so PENDING_PAYMENT → PREPARING is checked
 * against the payment method by `canMove`.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING_PAYMENT: ['PAID', 'PREPARING', 'CANCELLED'],
  PAID: ['PREPARING', 'REFUNDED', 'CANCELLED'],
  PREPARING: ['SHIPPED', 'READY_FOR_PICKUP', 'PAID', 'CANCELLED', 'REFUNDED'],
  SHIPPED: ['DELIVERED', 'REFUNDED'],
  READY_FOR_PICKUP: ['PICKED_UP', 'PAID', 'CANCELLED', 'REFUNDED'],
  DELIVERED: ['REFUNDED'],
  PICKED_UP: ['REFUNDED'],
  CANCELLED: [],
  REFUNDED: [],
};

export interface OrderState {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  /** Whether the money was received (an ON_PICKUP order can be ready or picked up unpaid). */
  isPaid: boolean;
}

/** Why a move is refused, in French, or null when it is allowed. */
export function transitionError(from: OrderState, to: OrderStatus): string | null {
  if (to === 'PAID' && from.isPaid) return 'Cette commande est déjà payée.';
  if (!ORDER_TRANSITIONS[from.status].includes(to)) {
    return `Une commande « ${ORDER_STATUS_LABELS[from.status]} » ne peut pas passer à « ${ORDER_STATUS_LABELS[to]} ».`;
  }
  if (
    from.status === 'PENDING_PAYMENT' &&
    to === 'PREPARING' &&
    from.paymentMethod !== 'ON_PICKUP'
  ) {
    return 'Seule une commande payée au retrait se prépare avant son paiement.';
  }
  if (to === 'REFUNDED' && !from.isPaid) return 'Une commande non payée ne se rembourse pas.';
  if (to === 'CANCELLED' && from.isPaid) {
    return 'Une commande payée se rembourse : elle ne s’annule pas.';
  }
  // An order paid at pick-up leaves the shop paid: picking it up unpaid is refused.
  if (to === 'PICKED_UP' && !from.isPaid) return 'La commande doit être payée avant son retrait.';
  return null;
}

/**
 * The state after a move. Marking an order PAID while it is prepared or waiting for pick-up
 * records the payment and keeps its place in the preparation (PAID is then a payment, not a step
 * back).
 */
export function applyTransition(from: OrderState, to: OrderStatus): OrderState {
  const error = transitionError(from, to);
  if (error) throw new Error(error);
  if (to === 'PAID') {
    const keepsStep = from.status === 'PREPARING' || from.status === 'READY_FOR_PICKUP';
    return { ...from, status: keepsStep ? from.status : 'PAID', isPaid: true };
  }
  return { ...from, status: to };
}

/** Stock goes back to the shelves when an order is cancelled before it left (never after). */
export function releasesStock(from: OrderStatus, to: OrderStatus): boolean {
  return to === 'CANCELLED' && from !== 'CANCELLED';
}

/**
 * Whether a refund puts the order's lines back in stock when the owner does not say otherwise:
 * yes while the bottles are still in the shop, no once shipped, delivered or picked up
 * (decision 0082).
 */
export function refundRestocksByDefault(status: OrderStatus): boolean {
  return status !== 'SHIPPED' && status !== 'DELIVERED' && status !== 'PICKED_UP';
}

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PENDING_PAYMENT: 'en attente de paiement',
  PAID: 'payée',
  PREPARING: 'en préparation',
  SHIPPED: 'expédiée',
  READY_FOR_PICKUP: 'prête à retirer',
  DELIVERED: 'livrée',
  PICKED_UP: 'retirée',
  CANCELLED: 'annulée',
  REFUNDED: 'remboursée',
};

/** How long an unpaid order keeps its stock (docs/requirements/order.md): 30 min by card, 10 days otherwise. */
export function paymentDeadline(method: PaymentMethod, orderedAt: Date): Date | null {
  switch (method) {
    case 'CARD':
      return new Date(orderedAt.getTime() + 30 * 60_000);
    case 'BANK_TRANSFER':
    case 'CHEQUE':
      return new Date(orderedAt.getTime() + 10 * 24 * 60 * 60_000);
    case 'ON_PICKUP':
      return null;
  }
}

/** French VAT on wine and on its shipping: 20 %, in basis points. */
export const STANDARD_VAT_RATE_BASIS_POINTS = 2000;

/**
 * The VAT inside a TTC amount at a rate in basis points, rounded half up to the cent:
 * 1200 cents at 20 % hold 200 cents of VAT.
 */
export function vatInsideCents(totalCents: number, rateBasisPoints: number): number {
  if (totalCents <= 0 || rateBasisPoints <= 0) return 0;
  const rate = BigInt(rateBasisPoints);
  const total = BigInt(totalCents);
  // total − total × 10000 / (10000 + rate), rounded half up in integers.
  const denominator = 10_000n + rate;
  return Number((2n * total * rate + denominator) / (2n * denominator));
}

/** The VAT of an order, one amount per rate (a French invoice shows VAT by rate). */
export function vatByRate(
  amounts: readonly { totalCents: number; vatRateBasisPoints: number }[],
): { rateBasisPoints: number; baseCents: number; vatCents: number }[] {
  const totals = new Map<number, number>();
  for (const amount of amounts) {
    totals.set(
      amount.vatRateBasisPoints,
      (totals.get(amount.vatRateBasisPoints) ?? 0) + amount.totalCents,
    );
  }
  return [...totals]
    .sort(([a], [b]) => a - b)
    .map(([rateBasisPoints, totalCents]) => {
      const vatCents = vatInsideCents(totalCents, rateBasisPoints);
      return { rateBasisPoints, baseCents: totalCents - vatCents, vatCents };
    });
}

import { describe, expect, it } from 'vitest';
import { orderReference, orderRefundSummary, orderStatusSummary } from './order-reference';
import {
  applyTransition,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  paymentDeadline,
  refundRestocksByDefault,
  releasesStock,
  transitionError,
  vatByRate,
  vatInsideCents,
  type OrderState,
} from './order';

const pending = (paymentMethod: OrderState['paymentMethod'] = 'BANK_TRANSFER'): OrderState => ({
  status: 'PENDING_PAYMENT',
  paymentMethod,
  isPaid: false,
});

describe('order transitions', () => {
  it('walks a delivered order: paid, preparing, shipped, delivered', () => {
    let state = pending();
    for (const step of ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'] as const) {
      state = applyTransition(state, step);
      expect(state.status).toBe(step);
    }
    expect(state.isPaid).toBe(true);
  });

  it('prepares an order paid at pick-up before its payment, and takes the payment at the counter', () => {
    let state = applyTransition(pending('ON_PICKUP'), 'PREPARING');
    state = applyTransition(state, 'READY_FOR_PICKUP');
    expect(transitionError(state, 'PICKED_UP')).toBe(
      'La commande doit être payée avant son retrait.',
    );
    state = applyTransition(state, 'PAID');
    expect(state).toEqual({ status: 'READY_FOR_PICKUP', paymentMethod: 'ON_PICKUP', isPaid: true });
    expect(applyTransition(state, 'PICKED_UP').status).toBe('PICKED_UP');
  });

  it('refuses to prepare an unpaid transfer, cheque or card order', () => {
    for (const method of ['BANK_TRANSFER', 'CHEQUE', 'CARD'] as const) {
      expect(transitionError(pending(method), 'PREPARING')).toBe(
        'Seule une commande payée au retrait se prépare avant son paiement.',
      );
    }
  });

  it('never pays an order twice, nor refunds an unpaid one, nor cancels a paid one', () => {
    const paid = applyTransition(pending(), 'PAID');
    expect(transitionError(paid, 'PAID')).toBe('Cette commande est déjà payée.');
    expect(transitionError(pending(), 'REFUNDED')).not.toBeNull();
    expect(transitionError(paid, 'CANCELLED')).toBe(
      'Une commande payée se rembourse : elle ne s’annule pas.',
    );
  });

  it('leaves cancelled and refunded orders where they are', () => {
    for (const status of ORDER_STATUSES) {
      expect(transitionError({ ...pending(), status: 'CANCELLED' }, status)).not.toBeNull();
      expect(
        transitionError({ ...pending(), status: 'REFUNDED', isPaid: true }, status),
      ).not.toBeNull();
    }
  });

  it('never moves a shipped order back to an earlier step', () => {
    const shipped: OrderState = { status: 'SHIPPED', paymentMethod: 'CARD', isPaid: true };
    for (const earlier of ['PENDING_PAYMENT', 'PREPARING', 'CANCELLED'] as const) {
      expect(transitionError(shipped, earlier)).toMatch(/ne peut pas passer/);
    }
    expect(transitionError(shipped, 'PAID')).toBe('Cette commande est déjà payée.');
    expect(() => applyTransition(shipped, 'PAID')).toThrow();
  });

  it('names only known states in its table', () => {
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const target of targets) expect(ORDER_STATUSES).toContain(target);
    }
  });

  it('gives stock back on cancellation only', () => {
    expect(releasesStock('PENDING_PAYMENT', 'CANCELLED')).toBe(true);
    expect(releasesStock('PENDING_PAYMENT', 'PAID')).toBe(false);
    expect(releasesStock('CANCELLED', 'CANCELLED')).toBe(false);
  });

  it('offers to restock a refunded order while its bottles are still in the shop', () => {
    const refundable = ORDER_STATUSES.filter((status) =>
      ORDER_TRANSITIONS[status].includes('REFUNDED'),
    );
    expect(refundable.filter(refundRestocksByDefault)).toEqual([
      'PAID',
      'PREPARING',
      'READY_FOR_PICKUP',
    ]);
    expect(refundRestocksByDefault('SHIPPED')).toBe(false);
    expect(refundRestocksByDefault('DELIVERED')).toBe(false);
    expect(refundRestocksByDefault('PICKED_UP')).toBe(false);
  });
});

describe('payment deadlines', () => {
  const at = new Date('2026-03-01T10:00:00Z');
  it('keeps the stock 30 minutes for a card, 10 days for a transfer or a cheque', () => {
    expect(paymentDeadline('CARD', at)?.toISOString()).toBe('2026-03-01T10:30:00.000Z');
    expect(paymentDeadline('BANK_TRANSFER', at)?.toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(paymentDeadline('CHEQUE', at)?.toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(paymentDeadline('ON_PICKUP', at)).toBeNull();
  });
});

describe('VAT inside TTC prices', () => {
  it('finds 20 % inside a price', () => {
    expect(vatInsideCents(1200, 2000)).toBe(200);
    expect(vatInsideCents(1590, 2000)).toBe(265);
    expect(vatInsideCents(1, 2000)).toBe(0);
    expect(vatInsideCents(0, 2000)).toBe(0);
    expect(vatInsideCents(1055, 550)).toBe(55);
  });

  it('never exceeds the price and matches the rounded real value', () => {
    for (let cents = 0; cents < 5000; cents += 7) {
      for (const rate of [550, 1000, 2000]) {
        const vat = vatInsideCents(cents, rate);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(vat).toBeLessThanOrEqual(cents);
        expect(Math.abs(vat - (cents * rate) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('sums VAT per rate', () => {
    expect(
      vatByRate([
        { totalCents: 1200, vatRateBasisPoints: 2000 },
        { totalCents: 2400, vatRateBasisPoints: 2000 },
        { totalCents: 1055, vatRateBasisPoints: 550 },
      ]),
    ).toEqual([
      { rateBasisPoints: 550, baseCents: 1000, vatCents: 55 },
      { rateBasisPoints: 2000, baseCents: 3000, vatCents: 600 },
    ]);
  });
});

describe('how an order is named', () => {
  it('is « C » and its number on six digits, in every sentence of the journal', () => {
    expect(orderReference(53)).toBe('C000053');
    expect(orderReference(1234567)).toBe('C1234567');
    expect(orderStatusSummary(53, 'SHIPPED')).toBe("Commande C000053 passée à l'état « expédiée »");
    expect(orderStatusSummary(9, 'READY_FOR_PICKUP')).toBe(
      "Commande C000009 passée à l'état « prête à retirer »",
    );
    expect(orderRefundSummary(53)).toBe('Commande C000053 remboursée');
    expect(orderRefundSummary(53, true)).toBe(
      'Commande C000053 remboursée, articles remis en stock',
    );
    expect(orderRefundSummary(53, false)).toBe(
      'Commande C000053 remboursée, articles non remis en stock',
    );
  });
});

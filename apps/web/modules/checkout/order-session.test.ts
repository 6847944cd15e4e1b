import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_TOKEN_HEADER as CONTRACT_HEADER } from '@comptoir/contract/payment';
import type { Order } from '@comptoir/contract/order';
import {
  ORDER_TOKEN_HEADER,
  orderTokenKey,
  orderTokenOf,
  placedOrderOf,
  rememberPlacedOrder,
} from './order-session';

/** A tab's sessionStorage, enough for these functions. */
function fakeSessionStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the placed order's session", () => {
  it('sends the token in the contract’s header, and keeps it where the payment page reads it', () => {
    expect(ORDER_TOKEN_HEADER).toBe(CONTRACT_HEADER);
    expect(orderTokenKey(42)).toBe('comptoir:order-token:42');
  });

  it('keeps the token of the first answer when a retry answers the order without one', () => {
    vi.stubGlobal('window', { sessionStorage: fakeSessionStorage() });
    const order = { id: 42, lines: [], accessToken: 'premier-jeton' } as unknown as Order;
    rememberPlacedOrder(order);
    rememberPlacedOrder({ ...order, accessToken: null });
    expect(orderTokenOf(42)).toBe('premier-jeton');
    expect(placedOrderOf(42)).toMatchObject({ id: 42, accessToken: null });
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_TOKEN_HEADER as CONTRACT_HEADER } from '@comptoir/contract/payment';
import { ORDER_TOKEN_HEADER, orderTokenKey } from './order-session';

describe("the placed order's session", () => {
  it('sends the token in the contract’s header, and keeps it where the payment page reads it', () => {
    expect(ORDER_TOKEN_HEADER).toBe(CONTRACT_HEADER);
    expect(orderTokenKey(42)).toBe('comptoir:order-token:42');
  });
});

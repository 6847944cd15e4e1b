import { describe, expect, it } from 'vitest';
import { createStripeClients, MAX_STRIPE_CLIENTS } from './stripe-client';

describe('the Stripe clients of the sites', () => {
  it('keeps the client of a site that pays often, however many sites come after it', () => {
    const clientOf = createStripeClients(undefined);
    const first = clientOf('sk_test_site_1');
    for (let site = 2; site <= MAX_STRIPE_CLIENTS + 50; site += 1) {
      clientOf(`sk_test_site_${site}`);
      // Site 1 pays all the time: its client stays.
      expect(clientOf('sk_test_site_1')).toBe(first);
    }
    const newest = clientOf(`sk_test_site_${MAX_STRIPE_CLIENTS + 50}`);
    expect(clientOf(`sk_test_site_${MAX_STRIPE_CLIENTS + 50}`)).toBe(newest);
  });

  it('forgets the least recently used client past the bound', () => {
    const clientOf = createStripeClients(undefined, 2);
    const a = clientOf('sk_test_a');
    const b = clientOf('sk_test_b');
    clientOf('sk_test_c');
    expect(clientOf('sk_test_b')).toBe(b);
    expect(clientOf('sk_test_a')).not.toBe(a);
  });
});

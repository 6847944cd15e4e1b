import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { TOO_MANY_CARTS_MESSAGE } from '@comptoir/contract/cart';
import { HttpError } from '../../http/http-error';
import type { RateLimit } from '../../lib/rate-limits';
import { sharedQuota, type QuotaClaim, type SharedQuota } from '../../plugins/redis';

/**
 * Who a cart count belongs to: an IPv4 address as it is, an IPv6 address by its /64 prefix (one
 * subscriber line gets a whole /64, so counting single IPv6 addresses would count nothing).
 * Anything unparsable counts as itself.
 */
export function clientAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/**
 * Anonymous carts opened per client address over a sliding window: in the Redis every instance
 * shares when REDIS_URL is set (decision 0073), in this process otherwise. `request.ip` is the
 * client's address: forwarding headers are believed from TRUST_PROXY peers only (decision 0014).
 */
export class NewCartLimiter {
  private readonly quota: SharedQuota;

  constructor(
    private readonly limit: RateLimit,
    options: { now?: () => number; redis?: Redis | null } = {},
  ) {
    this.quota = sharedQuota(options.redis ?? null, options.now);
  }

  private claim(ip: string): QuotaClaim {
    return { counter: 'new-cart', key: clientAddressKey(ip), limit: this.limit };
  }

  /** Throws the 429 when the address may open no more cart; counts nothing. */
  async check(ip: string): Promise<void> {
    if ((await this.quota.firstFull([this.claim(ip)])) !== null) {
      throw new HttpError(429, TOO_MANY_CARTS_MESSAGE);
    }
  }

  /**
   * Counts one cart about to be opened, or throws the 429 and counts nothing. The check and the
   * count are one step (one Redis script): concurrent requests of one address, on any instances,
   * can never open more than the limit.
   */
  async admit(ip: string): Promise<void> {
    if ((await this.quota.claim([this.claim(ip)])) !== null) {
      throw new HttpError(429, TOO_MANY_CARTS_MESSAGE);
    }
  }
}

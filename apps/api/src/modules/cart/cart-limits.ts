import ipaddr from 'ipaddr.js';
import { TOO_MANY_CARTS_MESSAGE } from '@comptoir/contract/cart';
import { HttpError } from '../../http/http-error';
import { FailureCounter, type RateLimit } from '../../lib/rate-limits';

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
 * Anonymous carts opened per client address over a sliding window, in memory like the other
 * per-address limits (one API process). `request.ip` is the client's address: forwarding headers
 * are believed from TRUST_PROXY peers only (decision 0014).
 */
export class NewCartLimiter {
  private readonly opened: FailureCounter;

  constructor(limit: RateLimit, now: () => number = Date.now) {
    this.opened = new FailureCounter(limit, now);
  }

  /** Throws the 429 when the address may open no more cart; counts nothing. */
  check(ip: string): void {
    if (this.opened.isBlocked(clientAddressKey(ip))) {
      throw new HttpError(429, TOO_MANY_CARTS_MESSAGE);
    }
  }

  /**
   * Counts one cart about to be opened, or throws the 429 and counts nothing. Synchronous check
   * and count: concurrent requests of one address can never open more than the limit.
   */
  admit(ip: string): void {
    this.check(ip);
    this.opened.recordFailure(clientAddressKey(ip));
  }
}

import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { TOO_MANY_CARTS_MESSAGE } from '@comptoir/contract/cart';
import { HttpError } from '../../http/http-error';
import type { RateLimit } from '../../lib/rate-limits';
import { sharedQuota, type QuotaClaim, type SharedQuota } from '../../plugins/redis';

/*
 * The cart module's limits per client address: anonymous carts opened, and the shared budget of
 * code checks (decision 0080).
 */

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

/**
 * Discount and gift-voucher codes judged per client address and per cart: one budget for every
 * call that says whether a code exists, is used up or needs a bigger cart (decision 0080).
 */
export interface CodeCheckLimits {
  perAddress: RateLimit;
  perCart: RateLimit;
}

/** The codes a body carries: each non-empty one is judged (the contract trims them). */
export function codesCarried(...codes: Array<string | null | undefined>): number {
  return codes.filter((code) => typeof code === 'string' && code.length > 0).length;
}

/**
 * The shared budget of code checks (decision 0080). POST /order/discount, POST /order/validate,
 * POST /order and the cart calls that carry a `discountCode` all spend from it, so that a guesser
 * gets the same few tries whichever of them they use. Each code judged spends one try from the
 * client address's budget (all sites together, an IPv6 address by its /64) and one from the
 * cart's, so that neither rotating addresses on one cart nor rotating carts from one address gets
 * more. Counted in the Redis every instance shares when REDIS_URL is set, in this process
 * otherwise (the SharedQuota of decision 0073: check and count in one step). Calls without a code
 * spend nothing.
 */
export class CodeCheckBudget {
  private readonly quota: SharedQuota;

  constructor(
    private readonly limits: CodeCheckLimits,
    options: { now?: () => number; redis?: Redis | null } = {},
  ) {
    this.quota = sharedQuota(options.redis ?? null, options.now);
  }

  /**
   * Spends one try per code from the caller's address and from the cart, or throws the 429 (in
   * French) once either is used up. Only a caller who can open the cart spends: nobody can use up
   * the budget of another visitor's cart by naming its number. A cart the caller cannot open
   * (someone else's, or closed by the order it became) spends nothing and the call goes on to its
   * own answer: every call that judges a code opens the cart first and answers its 404 without
   * judging anything, and an order's idempotent retry answers the order it placed.
   */
  async spendOnCart<Caller extends { address: string }>(
    // The cart service's reader, as a shape: the limits sit below the service and its steps.
    carts: { get(siteId: number, cartId: number, caller: Caller): Promise<unknown> },
    siteId: number,
    cartId: number,
    caller: Caller,
    codes: number,
  ): Promise<void> {
    if (codes === 0) return;
    try {
      await carts.get(siteId, cartId, caller);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return;
      throw error;
    }
    await this.spend(caller.address, { siteId, cartId }, codes);
  }

  /** The same for a call that names no cart (POST /cart opens one): the address's budget only. */
  async spendWithoutCart(address: string, codes: number): Promise<void> {
    await this.spend(address, null, codes);
  }

  private async spend(
    address: string,
    cart: { siteId: number; cartId: number } | null,
    codes: number,
  ): Promise<void> {
    const claims: QuotaClaim[] = [
      {
        counter: 'code-check-address',
        key: clientAddressKey(address),
        limit: this.limits.perAddress,
      },
    ];
    if (cart) {
      claims.push({
        counter: 'code-check-cart',
        key: `${cart.siteId}:${cart.cartId}`,
        limit: this.limits.perCart,
      });
    }
    // One claim per code: each is counted, or refused with nothing counted, in one step.
    for (let code = 0; code < codes; code += 1) {
      if ((await this.quota.claim(claims)) !== null) {
        throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE);
      }
    }
  }
}

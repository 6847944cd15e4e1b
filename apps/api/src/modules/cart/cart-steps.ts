import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import {
  CART_NOT_FOUND_MESSAGE,
  cartSecretCookieName,
  TOO_MANY_CARTS_MESSAGE,
  type Cart,
  type CartDiscount,
  type CartProduct,
} from '@comptoir/contract/cart';
import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@comptoir/contract/discount';
import {
  cartQuantityError,
  cartTotals,
  type DecreasingDiscountTier,
  limitingStock,
  lineTotalCents,
  unitPriceCents,
  unitPriceForQuantityCents,
} from '@comptoir/domain/cart';
import { countBottles } from '@comptoir/domain/delivery';
import {
  customizationCostCents,
  type CustomizationAnswer,
} from '@comptoir/domain/customization-cost';
import { HttpError } from '../../http/http-error';
import type { RateLimit } from '../../lib/rate-limits';
import { markPrivateAnswer } from '../../plugins/private-answers';
import { localCounters, type SharedCounters } from '../../lib/shared-counters';
import { sharedQuota, type QuotaClaim, type SharedQuota } from '../../plugins/redis';
import type { UserRecord } from '../user';
import type {
  CartAnswerRecord,
  CartLineQueries,
  CartRecord,
  CartRepository,
  DeclinationRow,
  NewCartAnswer,
} from './cart-repository';

/*
 * The cart's steps, each a function of its own with its own tests (cart-steps.test.ts): who asks
 * and who owns a cart, find or open the cart, price the cart and check a quantity, the limits
 * per client address (new carts, code checks) and judge the cart's code. Checking a line's
 * answers is in cart-answers.ts with the reading of the request's parts. The cart service
 * (cart-service.ts) reads as calls to them.
 */

// ---------------------------------------------------------------------------------------------
// Who asks, who owns a cart
// ---------------------------------------------------------------------------------------------

/*
 * Who owns a cart (docs/architecture.md#the-shop-and-the-back-office "Ownership"): a cart number grants nothing. An account's cart is
 * its user's; an anonymous cart is the holder's of its secret, kept only as a hash.
 */

/** The hash kept of a cart's secret. */
export function hashCartSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string | null, storedHash: string | null): boolean {
  if (!secret || !storedHash) return false;
  const given = Buffer.from(hashCartSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Whether the caller owns the cart: its account's user, or, for an anonymous cart, the holder of
 * its secret. An order's cart (closed) keeps its owner: the order's replays go only to them.
 */
export function ownsCart(
  cart: { userId: number | null; secretHash: string | null },
  caller: { userId: number | null; secret: string | null },
): boolean {
  if (cart.userId !== null) return caller.userId === cart.userId;
  return secretMatches(caller.secret, cart.secretHash);
}

/** Who is asking: the logged-in user, and the cart secret cookie the browser sent. */
export interface CartCaller {
  user: UserRecord | null;
  secret: string | null;
  /** The client's address (request.ip): anonymous carts opened are counted per address. */
  address: string;
}

/** Who asks for a cart: the logged-in user, and the cart secret cookie of this site. */
export async function cartCallerOf(request: FastifyRequest): Promise<CartCaller> {
  // A cart's answer is its holder's alone (decision 0080).
  markPrivateAnswer(request);
  return {
    user: await request.getUser(),
    secret: request.cookies?.[cartSecretCookieName(request.site.id)] ?? null,
    address: request.ip,
  };
}

// ---------------------------------------------------------------------------------------------
// Find or open the cart
// ---------------------------------------------------------------------------------------------

/*
 * The cart's step "find or open the cart": a caller reaches only a cart they own (anyone else
 * gets the 404 of an unknown cart), and a visitor's new cart counts against their address.
 */

export const cartNotFound = () => new HttpError(404, CART_NOT_FOUND_MESSAGE);

/** The cart if the caller may use it: its account's user, or the holder of its secret. */
export async function accessibleCart(
  repository: Pick<CartRepository, 'findCart'>,
  siteId: number,
  cartId: number,
  caller: CartCaller,
) {
  const cart = await repository.findCart(siteId, cartId);
  if (!cart || !ownsCart(cart, { userId: caller.user?.id ?? null, secret: caller.secret })) {
    throw cartNotFound();
  }
  return cart;
}

/**
 * A new cart: bound to the user, or anonymous with a fresh secret (only its hash is kept). An
 * anonymous cart counts against its address's limit, and past it nothing is created (429).
 */
export async function openNewCart(
  queries: Pick<CartLineQueries, 'createCart'>,
  newCarts: NewCartLimiter,
  siteId: number,
  caller: CartCaller,
) {
  const { user } = caller;
  if (user) return { cart: await queries.createCart(siteId, user.id, null), newSecret: null };
  await newCarts.admit(caller.address);
  const newSecret = randomBytes(32).toString('base64url');
  return {
    cart: await queries.createCart(siteId, null, hashCartSecret(newSecret)),
    newSecret,
  };
}

// ---------------------------------------------------------------------------------------------
// A product's customizations and the answers to them
// ---------------------------------------------------------------------------------------------

/*
 * A product's customizations as pricing and the answers' check (cart-answers.ts) read them.
 */

export type CustomizationRules = Awaited<ReturnType<CartRepository['listCustomizations']>>;
type CustomizationRow = CustomizationRules['customizations'][number];
type ValueRow = CustomizationRules['values'][number];
export interface RuleWithValues extends CustomizationRow {
  values: ValueRow[];
}

/** The customizations of each product, each with its select values. */
export function rulesByProduct(rules: CustomizationRules): Map<number, RuleWithValues[]> {
  const byProduct = new Map<number, RuleWithValues[]>();
  for (const customization of rules.customizations) {
    const values = rules.values.filter((value) => value.customizationId === customization.id);
    const list = byProduct.get(customization.productId) ?? [];
    list.push({ ...customization, values });
    byProduct.set(customization.productId, list);
  }
  return byProduct;
}

/** An answer as the domain's cost and gap rules read it. */
export function asDomainAnswer(answer: CartAnswerRecord | NewCartAnswer): CustomizationAnswer {
  return {
    textValue: answer.textValue ?? null,
    checkboxValue: answer.checkboxValue ?? null,
    selectValue: answer.selectKey
      ? { key: answer.selectKey, value: answer.selectValue ?? null }
      : null,
    filename: answer.filename ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Price the cart, check a quantity
// ---------------------------------------------------------------------------------------------

/*
 * The cart's steps "price" and "check the quantity": every cart call answers the whole cart
 * priced from the catalogue now, and a quantity is checked against the product's rules and
 * stock with the spec's messages.
 */

/** The declination's price rule as the domain reads it. */
function pricingOf(declination: DeclinationRow) {
  return {
    priceCents: declination.priceCents,
    fixedPriceCents: declination.fixedPriceCents,
    discountType: declination.discountType,
    discountAmount: declination.discountAmount,
  };
}

/**
 * Stock for the domain check, by the storefront's rule (`limitingStock`): null when the site does
 * not use stock (USE_STOCK off, docs/requirements/site-parameters.md) or the declination's stock
 * is not managed.
 */
export function stockOf(declination: DeclinationRow, useStock: boolean): number | null {
  return limitingStock(declination, useStock);
}

/**
 * Prices one unit: the quantity tier's price, plus each answer's cost, a percentage being of the
 * unit price before quantity discounts (decision 0024).
 */
export function priceUnit(
  declination: DeclinationRow,
  tiers: readonly DecreasingDiscountTier[],
  rules: readonly RuleWithValues[],
  answers: readonly (CartAnswerRecord | NewCartAnswer)[],
  quantity: number,
) {
  const baseUnit = unitPriceCents(pricingOf(declination));
  const unit = unitPriceForQuantityCents(pricingOf(declination), tiers, quantity);
  const costs = answers.map((answer) => {
    const rule = rules.find((candidate) => candidate.id === answer.customizationId);
    return {
      customizationId: answer.customizationId,
      costCents: rule ? customizationCostCents(rule, asDomainAnswer(answer), baseUnit) : 0,
    };
  });
  return {
    unitPriceCents: unit,
    costs,
    customizationCostCents: costs.reduce((sum, cost) => sum + cost.costCents, 0),
  };
}

/** The whole cart, priced from the catalogue now (docs/requirements/cart.md: every cart call answers it). */
export async function priceCart(repository: CartRepository, cart: CartRecord): Promise<Cart> {
  const lines = await repository.listLines(cart.siteId, cart.id);
  const declinationRows = await repository.findDeclinations(
    cart.siteId,
    lines.map((line) => line.declinationId),
  );
  const productIds = [...new Set(declinationRows.map((row) => row.productId))];
  const [tiers, rules, answers, vouchers] = await Promise.all([
    repository.listDecreasingDiscounts(cart.siteId, productIds),
    repository.listCustomizations(cart.siteId, productIds).then(rulesByProduct),
    repository.listAnswers(
      cart.siteId,
      lines.map((line) => line.id),
    ),
    repository.listGiftVoucherLines(
      cart.siteId,
      lines.map((line) => line.id),
    ),
  ]);
  const products: CartProduct[] = [];
  for (const line of lines) {
    const declination = declinationRows.find((row) => row.declinationId === line.declinationId);
    if (!declination) continue;
    const productRules = rules.get(declination.productId) ?? [];
    const lineAnswers = answers.filter((answer) => answer.cartProductId === line.id);
    const voucher = vouchers.find((candidate) => candidate.cartProductId === line.id);
    // A gift voucher line costs the amount chosen for it (checked when it was added).
    const price = voucher
      ? { unitPriceCents: voucher.amountCents, costs: [], customizationCostCents: 0 }
      : priceUnit(
          declination,
          tiers.filter((tier) => tier.productId === declination.productId),
          productRules,
          lineAnswers,
          line.quantity,
        );
    products.push({
      id: line.id,
      productId: declination.productId,
      declinationId: declination.declinationId,
      quantity: line.quantity,
      type: declination.type,
      isDematerialized: declination.isDematerialized,
      hasShippingFees: declination.hasShippingFees,
      capacity: declination.capacity,
      capacityUnit: declination.capacityUnit,
      sellByMultipleOf: declination.sellByMultipleOf,
      name: voucher ? `${declination.name} pour ${voucher.recipientName}` : declination.name,
      year: declination.year,
      imageUrl: declination.declinationImageUrl ?? declination.productImageUrl,
      unitPriceCents: price.unitPriceCents,
      customizationCostCents: price.customizationCostCents,
      customizations: lineAnswers.map((answer) => ({
        customizationId: answer.customizationId,
        label: productRules.find((rule) => rule.id === answer.customizationId)?.label ?? '',
        textValue: answer.textValue,
        checkboxValue: answer.checkboxValue,
        selectValue: answer.selectKey ? { key: answer.selectKey, value: answer.selectValue } : null,
        filename: answer.filename,
        formAnswer: (answer.formAnswer as Record<string, unknown> | null) ?? null,
        costCents:
          price.costs.find((cost) => cost.customizationId === answer.customizationId)?.costCents ??
          0,
      })),
      totalCents: lineTotalCents({
        quantity: line.quantity,
        unitPriceCents: price.unitPriceCents,
        customizationCostCents: price.customizationCostCents,
      }),
      ...(voucher ? { isGiftVoucher: true } : {}),
    });
  }
  const totals = cartTotals(products);
  return {
    id: cart.id,
    type: cart.type,
    products,
    totalProduct: totals.totalProductCents,
    totalQuantity: totals.totalQuantity,
    bottleCount: countBottles(products),
    isDematerialized: products.length > 0 && products.every((product) => product.isDematerialized),
    // The code, if the cart carries one, is judged after (withCartCode, below).
    discount: null,
    totalCents: totals.totalProductCents,
  };
}

/** Throws the spec's quantity message (docs/requirements/cart.md) when the quantity cannot be in the cart. */
export function checkQuantity(
  declination: DeclinationRow,
  quantity: number,
  alreadyInCart: number,
  useStock: boolean,
) {
  const error = cartQuantityError({
    quantity,
    sellByMultipleOf: declination.sellByMultipleOf,
    productType: declination.type,
    stock: stockOf(declination, useStock),
    alreadyInCart,
  });
  if (error) throw new HttpError(422, error);
}

// ---------------------------------------------------------------------------------------------
// The per-address limits: new carts and the code checks
// ---------------------------------------------------------------------------------------------

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
    options: { now?: () => number; counters?: SharedCounters } = {},
  ) {
    this.quota = sharedQuota(options.counters ?? localCounters(), options.now);
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
    options: { now?: () => number; counters?: SharedCounters } = {},
  ) {
    this.quota = sharedQuota(options.counters ?? localCounters(), options.now);
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

// ---------------------------------------------------------------------------------------------
// Judge its code
// ---------------------------------------------------------------------------------------------

/*
 * The cart's step "judge its code" (decision 0099): the `discountCode` of POST /cart and
 * POST /cart/{cartId} is judged by the discount module, the one home of the code's rules, which
 * plugs its judge in (compose.ts); the cart only keeps the code and shows the judgement.
 */

/** What the discount module says of a code on a priced cart, with the checkout's messages. */
export type CartCodeJudgement =
  | { outcome: 'UNKNOWN' }
  | { outcome: 'REFUSED'; code: string; label: string; message: string }
  | {
      outcome: 'USABLE';
      code: string;
      label: string;
      reductionCents: number;
      freeShipping: boolean;
    };

export type CartCodeJudge = (
  siteId: number,
  code: string,
  cart: Cart,
  caller: CartCaller,
) => Promise<CartCodeJudgement>;

/** The code the cart keeps, as the cart shows it: a code gone from the site says so too. */
function shownDiscount(code: string, judgement: CartCodeJudgement): CartDiscount {
  switch (judgement.outcome) {
    case 'UNKNOWN':
      return {
        code,
        label: '',
        reductionCents: 0,
        freeShipping: false,
        message: DISCOUNT_CODE_UNKNOWN_MESSAGE,
      };
    case 'REFUSED':
      return {
        code: judgement.code,
        label: judgement.label,
        reductionCents: 0,
        freeShipping: false,
        message: judgement.message,
      };
    case 'USABLE':
      return {
        code: judgement.code,
        label: judgement.label,
        reductionCents: judgement.reductionCents,
        freeShipping: judgement.freeShipping,
        message: null,
      };
  }
}

/** The priced cart with the code it keeps judged now, and its total less the reduction. */
export async function withCartCode(
  judge: CartCodeJudge | null,
  siteId: number,
  cart: Cart,
  code: string | null,
  caller: CartCaller,
): Promise<Cart> {
  if (code === null || judge === null) return cart;
  const discount = shownDiscount(code, await judge(siteId, code, cart, caller));
  return {
    ...cart,
    discount,
    totalCents: Math.max(0, cart.totalProduct - discount.reductionCents),
  };
}

/**
 * A code sent with a cart call, judged against the cart as it is: the code to keep when it
 * applies, else the checkout's 422 (its message, on the `discountCode` field).
 */
export function codeToKeep(judgement: CartCodeJudgement): string {
  if (judgement.outcome === 'USABLE') return judgement.code;
  const message =
    judgement.outcome === 'UNKNOWN' ? DISCOUNT_CODE_UNKNOWN_MESSAGE : judgement.message;
  throw new HttpError(422, message, [{ key: 'discountCode', error: message }]);
}

/** The code a cart applies to an order placed from it: only one that applies as shown. */
export function cartCodeForOrder(cart: Cart): string | null {
  return cart.discount !== null && cart.discount.message === null ? cart.discount.code : null;
}

import type { Cart, CartProduct } from '@comptoir/contract/cart';
import { cartQuantityError } from '@comptoir/domain/add-to-cart';
import { countBottles } from '@comptoir/domain/bottle-count';
import { cartTotals, lineTotalCents } from '@comptoir/domain/cart-lines';
import { customizationCostCents } from '@comptoir/domain/customization-cost';
import {
  unitPriceCents,
  unitPriceForQuantityCents,
  type DecreasingDiscountTier,
} from '@comptoir/domain/declination-price';
import { HttpError } from '../../../http/http-error';
import type {
  CartAnswerRecord,
  CartRecord,
  CartRepository,
  DeclinationRow,
  NewCartAnswer,
} from '../cart-repository';
import { asDomainAnswer, rulesByProduct, type RuleWithValues } from './check-answers';

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

/** Stock for the domain check: null when the declination's stock is not managed. */
export function stockOf(declination: DeclinationRow): number | null {
  return declination.isStockManaged ? declination.stock : null;
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
    // The code, if the cart carries one, is judged after (cart-steps/cart-code.ts).
    discount: null,
    totalCents: totals.totalProductCents,
  };
}

/** Throws the spec's quantity message (docs/requirements/cart.md) when the quantity cannot be in the cart. */
export function checkQuantity(
  declination: DeclinationRow,
  quantity: number,
  alreadyInCart: number,
) {
  const error = cartQuantityError({
    quantity,
    sellByMultipleOf: declination.sellByMultipleOf,
    productType: declination.type,
    stock: stockOf(declination),
    alreadyInCart,
  });
  if (error) throw new HttpError(422, error);
}

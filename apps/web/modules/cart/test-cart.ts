import type { Cart, CartProduct } from '@comptoir/contract/cart';

/** A cart line as the API answers it, for the cart module's tests. */
export function testLine(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id: 11,
    productId: 3,
    declinationId: 7,
    quantity: 6,
    type: 'WINE',
    isDematerialized: false,
    hasShippingFees: true,
    capacity: 75,
    capacityUnit: 'CENTILITRE',
    sellByMultipleOf: 1,
    name: 'Anjou Blanc Les Schistes',
    year: 2023,
    imageUrl: '/sites/92/catalogue/anjou-blanc.png',
    unitPriceCents: 1250,
    customizationCostCents: 0,
    customizations: [],
    totalCents: 7500,
    ...overrides,
  };
}

/** A cart as the API answers it; totals follow the lines unless given. */
export function testCart(overrides: Partial<Omit<Cart, 'discount'>> & { discount?: Cart['discount'] } = {}): Cart {
  const products = overrides.products ?? [testLine()];
  const totalProduct = products.reduce((total, line) => total + line.totalCents, 0);
  return {
    id: 42,
    type: 'MAIN_CART',
    products,
    totalProduct,
    discount: null,
    totalCents: totalProduct - (overrides.discount?.reductionCents ?? 0),
    totalQuantity: products.reduce((total, line) => total + line.quantity, 0),
    bottleCount: products.reduce((total, line) => total + line.quantity, 0),
    isDematerialized: false,
    ...overrides,
  };
}

import type { Cart, CartProduct } from '@comptoir/contract/cart';

/** A priced cart line as the cart module answers it, with the figures a test names. */
export function cartLine(line: Partial<CartProduct> & Pick<CartProduct, 'id' | 'declinationId'>) {
  const quantity = line.quantity ?? 1;
  const unitPriceCents = line.unitPriceCents ?? 1000;
  return {
    productId: line.declinationId,
    quantity,
    type: 'WINE',
    isDematerialized: false,
    hasShippingFees: true,
    capacity: 75,
    capacityUnit: 'CENTILITRE',
    sellByMultipleOf: 1,
    name: `Cuvée ${line.declinationId}`,
    year: 2022,
    imageUrl: null,
    unitPriceCents,
    customizationCostCents: 0,
    customizations: [],
    totalCents: unitPriceCents * quantity,
    ...line,
  } satisfies CartProduct;
}

/** A cart of these lines, its totals summed as the cart module sums them. */
export function cartOf(id: number, products: CartProduct[]): Cart {
  const totalProduct = products.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    id,
    type: 'MAIN_CART',
    products,
    discount: null,
    totalCents: totalProduct,
    totalProduct,
    totalQuantity: products.reduce((sum, line) => sum + line.quantity, 0),
    bottleCount: products.reduce((sum, line) => sum + line.quantity, 0),
    isDematerialized: products.length > 0 && products.every((line) => line.isDematerialized),
  };
}

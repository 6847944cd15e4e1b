import type { Declination, Product } from '@comptoir/contract/product';

/** A declination for the tests: a 75 cl 2022 bottle at 12,50 €, 10 in stock, unless told. */
export function testDeclination(id: number, extra: Partial<Declination> = {}): Declination {
  const priceCents = extra.priceCents ?? 1250;
  return {
    id,
    year: 2022,
    capacity: 75,
    capacityUnit: 'CENTILITRE',
    variations: [],
    priceCents,
    fixedPriceCents: null,
    discountType: 'NONE',
    discountAmount: 0,
    unitPriceCents: priceCents,
    quantity: 10,
    setQuantity: true,
    sellByMultipleOf: 1,
    imageUrl: null,
    ...extra,
  };
}

/** A product for the tests: a red wine with one declination, unless told. */
export function testProduct(id: number, extra: Partial<Product> = {}): Product {
  const declinations = extra.declinations ?? [testDeclination(id * 10)];
  return {
    id,
    type: 'WINE',
    subtype: 'BOTTLE',
    name: `Cuvée ${id}`,
    slug: `cuvee-${id}`,
    summary: null,
    kind: 'RED',
    region: 'Val de Loire',
    appellation: 'Anjou',
    alcoholTenths: 125,
    tags: [],
    imageUrl: `/sites/92/products/cuvee-${id}.png`,
    isDematerialized: false,
    hasShippingFees: true,
    priceCents: Math.min(...declinations.map((declination) => declination.unitPriceCents)),
    declinations,
    description: null,
    features: [],
    mealIcons: [],
    decreasingDiscounts: [],
    labels: [],
    ...extra,
  };
}

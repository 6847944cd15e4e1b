import type { ProductType } from '@comptoir/domain/catalogue';

/*
 * The words of the purchase box: what a unit is called, and the confirmation after an add.
 * Plain functions, shared by the quantity picker and the customization steps.
 */

export interface UnitWords {
  singular: string;
  plural: string;
}

/** A wine counts in bottles; a box, a ticket or a voucher in units. */
export function unitWords(productType: ProductType): UnitWords {
  return productType === 'WINE'
    ? { singular: 'bouteille', plural: 'bouteilles' }
    : { singular: 'unité', plural: 'unités' };
}

/** « 6 bouteilles », « 1 unité ». */
export function countLabel(count: number, productType: ProductType): string {
  const words = unitWords(productType);
  return `${count} ${Math.abs(count) > 1 ? words.plural : words.singular}`;
}

/**
 * The confirmation after an add: what went in, then what the cart holds (docs/requirements/cart.md
 * totalQuantity): « 6 bouteilles ajoutées à votre panier. Il contient maintenant 8 articles. »
 */
export function addedMessage(
  quantity: number,
  productType: ProductType,
  cartQuantity: number,
): string {
  const added = `${countLabel(quantity, productType)} ${quantity > 1 ? 'ajoutées' : 'ajoutée'} à votre panier.`;
  return `${added} Il contient maintenant ${cartQuantity} ${cartQuantity > 1 ? 'articles' : 'article'}.`;
}

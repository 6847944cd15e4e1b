'use client';

import type { Order } from '@comptoir/contract/order';
import { addToCart } from '../cart/add-to-cart';

export interface ReorderOutcome {
  /** The lines put back in the cart. */
  added: number;
  /** The lines that could not be, with the cart's reason ("… n'est plus en vente."). */
  refused: { name: string; message: string }[];
}

/**
 * « Commander à nouveau »: each line of the order goes back to the cart through the product
 * pages' own add-to-cart call, one after the other (each answer is the cart the next one
 * extends). The API prices them as they are now and refuses what is no longer on sale or in
 * stock; what it refused is said line by line.
 */
export async function reorder(
  siteId: number,
  order: Pick<Order, 'lines'>,
  add: typeof addToCart = addToCart,
): Promise<ReorderOutcome> {
  const outcome: ReorderOutcome = { added: 0, refused: [] };
  for (const line of order.lines) {
    const result = await add({
      siteId,
      declinationId: line.declinationId,
      quantity: line.quantity,
    });
    if (result.ok) outcome.added += 1;
    else {
      outcome.refused.push({
        name: line.year ? `${line.name} ${line.year}` : line.name,
        message: result.message,
      });
    }
  }
  return outcome;
}

/** The outcome in one French sentence. */
export function reorderText(outcome: ReorderOutcome): string {
  const { added, refused } = outcome;
  if (refused.length === 0) {
    return added === 1
      ? 'Le produit de cette commande est de nouveau dans votre panier.'
      : `Les ${added} produits de cette commande sont de nouveau dans votre panier.`;
  }
  if (added === 0) return 'Aucun produit de cette commande n’a pu être ajouté à votre panier.';
  return `${added} produit${added > 1 ? 's' : ''} sur ${added + refused.length} ${
    added > 1 ? 'sont' : 'est'
  } de nouveau dans votre panier.`;
}

import { allowedDeliveryTypes } from '@comptoir/domain/delivery';
import type { DeliveryType } from '../../lib/stores/cart-store';

/*
 * A cart with nothing to ship (decision 0086), apart from the delivery step's model: the cart's
 * lines and the checkout read it, the delivery step (which only sends such a cart on) does not
 * load it.
 */

/**
 * Whether the cart has nothing to ship (only gift vouchers or other dematerialized lines, the
 * domain's rule): it has no delivery step, and goes from the cart straight to the checkout.
 */
export function nothingToShip(lines: readonly { isDematerialized: boolean }[]): boolean {
  return allowedDeliveryTypes(lines, false)[0] === 'no_delivery';
}

/**
 * The delivery type a cart is read with: no_delivery for a cart with nothing to ship, whatever
 * an earlier cart left in the store; the stored choice otherwise, unless it is no_delivery (a
 * wine was added since), which leaves the choice to be made.
 */
export function cartDeliveryType(
  lines: readonly { isDematerialized: boolean }[],
  stored: DeliveryType | null,
): DeliveryType | null {
  if (nothingToShip(lines)) return 'no_delivery';
  return stored === 'no_delivery' ? null : stored;
}

import type { Cart } from '@comptoir/contract/cart';
import { CART_NOT_FOUND_MESSAGE } from '@comptoir/contract/cart';
import { HttpError } from '../../http/http-error';
import type { UserRecord } from '../user/user-repository';
import { NOT_LOGGED_IN_MESSAGE } from '../user/user-service';
import type { CartRecord, CartRepository } from './cart-repository';

/** Carts hold no products until the shop issue adds them. */
function toCart(record: CartRecord): Cart {
  return { id: record.id, products: [], totalProduct: 0 };
}

export function createCartService(repository: CartRepository) {
  return {
    /** A logged-in user gets their main cart (created the first time); a visitor a new one. */
    async openMainCart(siteId: number, user: UserRecord | null): Promise<Cart> {
      if (!user) return toCart(await repository.create(siteId, null));
      const existing = await repository.findMainCart(siteId, user.id);
      return toCart(existing ?? (await repository.create(siteId, user.id)));
    },

    /**
     * After login, the cart kept in the browser becomes the user's main cart. Another user's
     * cart, or another site's, is answered exactly like a cart that does not exist.
     */
    async makeDefault(siteId: number, cartId: number, user: UserRecord | null): Promise<Cart> {
      if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
      const cart = await repository.claimAsMainCart(siteId, cartId, user.id);
      if (!cart) throw new HttpError(404, CART_NOT_FOUND_MESSAGE);
      return toCart(cart);
    },
  };
}

import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import { OUT_OF_STOCK_ORDER_MESSAGE } from '@comptoir/contract/order';
import { CART_CHANGED_MESSAGE } from '@comptoir/contract/shipping';
import { HttpError } from '../../../http/http-error';
import type { OrderTransaction } from '../order-repository';
import { refusedWith } from './refused';

/** A declination as the order reads it under its lock. */
export type HeldDeclination = Awaited<ReturnType<OrderTransaction['lockDeclinations']>>[number];

/**
 * Step 3, inside the transaction: locks the cart's declinations in id order (two orders never
 * wait for each other in a circle) and takes the units of those whose stock is managed. Any line
 * short of stock refuses the order (422, each line named) and the transaction gives back what
 * was taken; a declination gone from the catalogue is a changed cart (409).
 */
export async function holdStock(
  tx: Pick<OrderTransaction, 'lockDeclinations' | 'takeStock'>,
  siteId: number,
  cart: Cart,
  quantities: ReadonlyMap<number, number>,
): Promise<HeldDeclination[]> {
  const declinations = await tx.lockDeclinations(
    siteId,
    [...quantities.keys()].sort((a, b) => a - b),
  );
  const stockErrors: FieldError[] = [];
  for (const declination of declinations) {
    if (!declination.isStockManaged) continue;
    const quantity = quantities.get(declination.id) ?? 0;
    if (!(await tx.takeStock(siteId, declination.id, quantity))) {
      const line = cart.products.find((candidate) => candidate.declinationId === declination.id)!;
      stockErrors.push({
        key: `products.${line.id}`,
        error: OUT_OF_STOCK_ORDER_MESSAGE(line.name, declination.stock),
      });
    }
  }
  if (declinations.length !== quantities.size) throw new HttpError(409, CART_CHANGED_MESSAGE);
  if (stockErrors.length > 0) throw refusedWith(stockErrors);
  return declinations;
}

'use client';

import { formatPrice } from '@comptoir/domain/money';
import { useCartStore } from '../../lib/stores/cart-store';
import { IntentLink } from '../../ui/intent-link';
import { CATALOGUE_PATH } from '../catalogue/catalogue-paths';
import { CartLineImage } from './cart-line-image';
import { lineDetails, unitsLabel } from './cart-lines-view';
import { CART_PATH } from './cart-paths';
import styles from './mini-cart.module.css';

/** The most lines the mini-cart lists; the cart page has them all. */
const SHOWN_LINES = 4;

/**
 * The cart at a glance under the header's badge (SEE_CART_ON_HOVER), loaded the first time it
 * opens: the last lines added, the products' total and the way to the cart page.
 */
export function MiniCart() {
  const cart = useCartStore((state) => state.cart);
  const lines = cart?.products ?? [];
  return (
    <section className={styles.panel} aria-label="Aperçu du panier" data-testid="mini-cart">
      {cart === null || lines.length === 0 ? (
        <>
          <p className={styles.empty}>Votre panier est vide pour le moment.</p>
          <IntentLink href={CATALOGUE_PATH} className={styles.action}>
            Découvrir nos vins
          </IntentLink>
        </>
      ) : (
        <>
          <p className={styles.summary}>{unitsLabel(cart.totalQuantity)} dans votre panier</p>
          <ul role="list" className={styles.lines}>
            {lines
              .slice(-SHOWN_LINES)
              .reverse()
              .map((line) => (
                <li key={line.id} className={styles.line}>
                  <CartLineImage src={line.imageUrl} width={36} />
                  <div className={styles.text}>
                    <p className={styles.name}>{line.name}</p>
                    <p className={styles.details}>
                      {[lineDetails(line), `× ${line.quantity}`].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                  <p className={styles.price}>{formatPrice(line.totalCents)}</p>
                </li>
              ))}
          </ul>
          {lines.length > SHOWN_LINES ? (
            <p className={styles.more}>
              et {lines.length - SHOWN_LINES} autre{lines.length - SHOWN_LINES > 1 ? 's' : ''} ligne
              {lines.length - SHOWN_LINES > 1 ? 's' : ''} dans le panier
            </p>
          ) : null}
          <p className={styles.total}>
            <span>Total des produits</span>
            <strong>{formatPrice(cart.totalProduct)}</strong>
          </p>
          <IntentLink href={CART_PATH} className={styles.action}>
            Voir mon panier
          </IntentLink>
        </>
      )}
    </section>
  );
}

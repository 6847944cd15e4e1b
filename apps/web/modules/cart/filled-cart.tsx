'use client';

import { useMemo, useState, type ReactNode, type RefObject } from 'react';
import type { Cart, CartProduct } from '@comptoir/contract/cart';
import { formatPrice } from '@comptoir/domain/money';
import { slugify } from '@comptoir/domain/slug';
import { useCartStore } from '../../lib/stores/cart-store';
import { IntentLink } from '../../ui/intent-link';
import { browserApi } from '../account/browser-api';
import { CATALOGUE_PATH, productPath } from '../catalogue/catalogue-paths';
import { deliveryFeeLine } from '@comptoir/domain/delivery';
import { CHECKOUT_PATH } from '../checkout/checkout-paths';
import { DELIVERY_PATH, deliveryTotals } from '../delivery/delivery-model';
import { cartDeliveryType, nothingToShip } from './cart-delivery-type';
import { cartActions } from './cart-actions';
import { CartCode } from './cart-code';
import { CartLineImage } from './cart-line-image';
import { customizationLines, lineDetails, unitTotalCents, unitsLabel } from './cart-lines-view';
import { CartQuantity } from './cart-quantity';
import styles from './cart.module.css';

export interface FilledCartProps {
  siteId: number;
  cart: Cart;
  /** The heading that takes the focus after a removal (CartView moves it there). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  ids: string;
  /** The cart's error message, with its close button, or null. */
  errorBox: ReactNode;
  /** The same message beside a refused line, followed by what the cart kept of it. */
  lineErrorBox: (kept: string) => ReactNode;
  errorId: string;
  errorMessage: string | null;
  /** The line whose change was refused: the message shows beside it. */
  failedLine: number | null;
  setFailedLine: (line: number | null) => void;
  /** Says what a removal or emptying did, and sends the focus to the heading of what is left. */
  announce: (message: string) => void;
  announcement: string;
}

/**
 * The cart page with lines in it: each line's picture, name, vintage, format, customizations,
 * unit price, quantity and total; removal, emptying and the totals. A chunk of its own, loaded
 * when the cart has lines: an empty cart (a new visitor's) shows none of it (decision 0059).
 */
export function FilledCart({
  siteId,
  cart,
  headingRef,
  ids,
  errorBox,
  lineErrorBox,
  errorId,
  errorMessage,
  failedLine,
  setFailedLine,
  announce,
  announcement,
}: FilledCartProps) {
  const storedType = useCartStore((state) => state.deliveryType);
  const setDelivery = useCartStore((state) => state.setDelivery);
  const carrier = useCartStore((state) => state.carrier);
  const actions = useMemo(() => cartActions(browserApi(siteId), useCartStore), [siteId]);
  const [pending, setPending] = useState<number | 'cart' | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);

  async function run(target: number | 'cart', change: () => Promise<boolean>, done?: string) {
    setPending(target);
    const accepted = await change();
    setPending(null);
    setFailedLine(accepted || target === 'cart' ? null : target);
    if (accepted && done) announce(done);
    return accepted;
  }

  const lines = cart.products;
  const deliveryType = cartDeliveryType(lines, storedType);
  const delivered = deliveryTotals(cart.totalProduct, deliveryType, carrier);
  // The code the cart carries (decision 0099): its reduction, and free delivery while it applies.
  const code = cart.discount;
  const reductionCents = code?.reductionCents ?? 0;
  const feeCents = delivered.feeCents !== null && code?.freeShipping ? 0 : delivered.feeCents;
  const totalCents =
    delivered.totalCents === null || feeCents === null
      ? null
      : cart.totalProduct - reductionCents + feeCents;
  const fee = deliveryType ? deliveryFeeLine(deliveryType, feeCents) : null;
  /** Gift vouchers only: nothing to deliver, the checkout comes next (decision 0086). */
  const dematerialized = nothingToShip(lines);
  const errorOnLine = failedLine !== null && lines.some((line) => line.id === failedLine);

  return (
    <div className={styles.layout}>
      <section aria-labelledby={`${ids}-lines`} className={styles.linesSection}>
        <h2 id={`${ids}-lines`} ref={headingRef} tabIndex={-1} className={styles.heading}>
          Vos articles{' '}
          <span className={styles.headingCount}>({unitsLabel(cart.totalQuantity)})</span>
        </h2>
        {errorOnLine ? null : errorBox}
        <ul role="list" className={styles.lines} aria-busy={pending !== null}>
          {lines.map((line) => (
            <CartLine
              key={line.id}
              line={line}
              disabled={pending !== null}
              error={failedLine === line.id ? lineErrorBox(keptQuantityNote(line)) : null}
              errorId={failedLine === line.id && errorMessage ? errorId : null}
              onQuantity={(quantity) => run(line.id, () => actions.changeQuantity(line, quantity))}
              onRemove={() =>
                void run(
                  line.id,
                  () => actions.removeLine(line),
                  `${line.name} a été retiré du panier.`,
                )
              }
            />
          ))}
        </ul>
        <div className={styles.emptyCart}>
          {confirmEmpty ? (
            <div role="group" aria-labelledby={`${ids}-confirm`} className={styles.confirm}>
              <p id={`${ids}-confirm`}>Retirer tous les articles de votre panier ?</p>
              <button
                type="button"
                className="button"
                disabled={pending !== null}
                onClick={() =>
                  void run('cart', () => actions.emptyCart(), 'Votre panier a été vidé.').then(() =>
                    setConfirmEmpty(false),
                  )
                }
              >
                Oui, vider le panier
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setConfirmEmpty(false)}
              >
                Annuler
              </button>
            </div>
          ) : (
            <button
              type="button"
              className={styles.textButton}
              disabled={pending !== null}
              onClick={() => setConfirmEmpty(true)}
            >
              Vider le panier
            </button>
          )}
        </div>
      </section>
      <aside aria-labelledby={`${ids}-summary`} className={styles.summary}>
        <h2 id={`${ids}-summary`} className={styles.heading}>
          Récapitulatif
        </h2>
        <dl className={styles.totals}>
          <div>
            <dt>Articles</dt>
            <dd>{cart.totalQuantity}</dd>
          </div>
          <div className={(fee && totalCents !== null) || code ? undefined : styles.grandTotal}>
            <dt>Total des produits</dt>
            <dd data-testid="cart-total">{formatPrice(cart.totalProduct)}</dd>
          </div>
          {code ? (
            <div>
              <dt>
                Code {code.code}
                {code.label ? ` (${code.label})` : ''}
              </dt>
              <dd data-testid="cart-discount">
                {code.message === null ? `−${formatPrice(reductionCents)}` : 'non appliqué'}
              </dd>
            </div>
          ) : null}
          {code && !(fee && totalCents !== null) ? (
            <div className={styles.grandTotal}>
              <dt>Total</dt>
              <dd data-testid="cart-grand-total">{formatPrice(cart.totalCents)}</dd>
            </div>
          ) : null}
          {fee && totalCents !== null ? (
            <>
              <div>
                <dt>{fee.label}</dt>
                <dd data-testid="cart-delivery-fee">{fee.value}</dd>
              </div>
              <div className={styles.grandTotal}>
                <dt>Total</dt>
                <dd data-testid="cart-grand-total">{formatPrice(totalCents)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {code?.message ? (
          <p className={styles.note} data-testid="cart-discount-message">
            {code.message}
          </p>
        ) : null}
        <CartCode discount={code} setCode={actions.setCode} disabled={pending !== null} />
        <p className={styles.note}>
          {feeCents === null ? 'Prix TTC, hors frais de livraison.' : 'Prix TTC.'}
        </p>
        {dematerialized ? (
          <IntentLink
            href={CHECKOUT_PATH}
            className="button"
            onClick={() => setDelivery({ deliveryType: 'no_delivery' })}
          >
            Saisir mes coordonnées
          </IntentLink>
        ) : (
          <IntentLink href={DELIVERY_PATH} className="button">
            Choisir la livraison
          </IntentLink>
        )}
        <IntentLink href={CATALOGUE_PATH} className="button button-secondary">
          Continuer mes achats
        </IntentLink>
      </aside>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

/** After a refusal, what the cart kept of the line: the field shows it too. */
export function keptQuantityNote(line: Pick<CartProduct, 'quantity'>): string {
  return `La quantité reste à ${line.quantity}.`;
}

interface CartLineProps {
  line: CartProduct;
  disabled: boolean;
  error: ReactNode;
  errorId: string | null;
  onQuantity: (quantity: number) => Promise<boolean>;
  onRemove: () => void;
}

function CartLine({ line, disabled, error, errorId, onQuantity, onRemove }: CartLineProps) {
  const details = lineDetails(line);
  const customizations = customizationLines(line);
  return (
    <li className={styles.line} data-testid="cart-line">
      <div className={styles.picture}>
        <CartLineImage src={line.imageUrl} width={72} />
      </div>
      <div className={styles.description}>
        <h3 className={styles.name}>
          {line.isGiftVoucher ? (
            // A gift voucher has no product page: it is bought on /offrir-un-bon-cadeau.
            line.name
          ) : (
            <IntentLink href={productPath({ id: line.productId, slug: slugify(line.name) })}>
              {line.name}
            </IntentLink>
          )}
        </h3>
        {details ? <p className={styles.details}>{details}</p> : null}
        {customizations.length > 0 ? (
          <ul role="list" className={styles.customizations}>
            {customizations.map((customization) => (
              <li key={customization.id}>
                {customization.text}
                {customization.cost ? (
                  <span className={styles.cost}> ({customization.cost})</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <p className={styles.unitPrice}>
          {formatPrice(unitTotalCents(line))} l’unité
          {line.customizationCostCents > 0 ? (
            <span className={styles.cost}>
              {' '}
              dont {formatPrice(line.customizationCostCents)} de personnalisation
            </span>
          ) : null}
        </p>
      </div>
      <div className={styles.controls}>
        {line.isGiftVoucher ? (
          <p className={styles.details}>Quantité : {line.quantity}</p>
        ) : (
          <CartQuantity
            name={line.name}
            quantity={line.quantity}
            sellByMultipleOf={line.sellByMultipleOf}
            disabled={disabled}
            errorId={errorId}
            onChange={onQuantity}
          />
        )}
        <p className={styles.lineTotal}>
          <span className="visually-hidden">Total de la ligne : </span>
          {formatPrice(line.totalCents)}
        </p>
        <button
          type="button"
          className={styles.textButton}
          disabled={disabled}
          onClick={onRemove}
          aria-label={`Retirer ${line.name} du panier`}
        >
          Retirer
        </button>
      </div>
      {error ? <div className={styles.lineError}>{error}</div> : null}
    </li>
  );
}

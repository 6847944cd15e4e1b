'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Declination, Product } from '@comptoir/contract/product';
import {
  decreaseQuantity,
  increaseQuantity,
  normalizeMultiple,
  parseQuantity,
  quantityChoices,
} from '@comptoir/domain/cart';
import { IntentLink } from '../../ui/intent-link';
import type { CartAnswer } from '../cart/add-to-cart';
import { CART_PATH } from '../cart/cart-paths';
import styles from './catalogue.module.css';
import { addedMessage, unitWords } from './purchase-text';

/*
 * The quantity picker and the add-to-cart button of a product page (docs/requirements/cart.md). The
 * quantity is free text with the picker's first 20 multiples offered, − and + step by the
 * multiple; what the visitor typed is sent as read (parseQuantity), so that the API names what is
 * wrong with it in the spec's words, shown here in place.
 */

/**
 * The add-to-cart call and the cart store, fetched when the visitor heads for the button (a
 * pointer, a finger or the focus reaching it) rather than with the page: most visits of a product page add nothing.
 */
const loadAddToCart = () => import('../cart/add-to-cart');

interface PurchaseFormProps {
  siteId: number;
  declination: Declination;
  productType: Product['type'];
  /** The customization answers and their files, as the customization steps hold them. */
  answers: readonly CartAnswer[];
  files: ReadonlyMap<string, File>;
  /** The quantity as read, for the customization price. */
  onQuantityChange: (quantity: number) => void;
}

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'added'; message: string }
  | { kind: 'failed'; message: string };

export function PurchaseForm({
  siteId,
  declination,
  productType,
  answers,
  files,
  onQuantityChange,
}: PurchaseFormProps) {
  const ids = useId();
  const multiple = normalizeMultiple(declination.sellByMultipleOf);
  const [text, setText] = useState(String(multiple));
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const quantity = parseQuantity(text, multiple);
  const words = unitWords(productType);

  useEffect(() => {
    onQuantityChange(quantity);
  }, [quantity, onQuantityChange]);

  const change = (next: string) => {
    setText(next);
    if (outcome.kind !== 'sending') setOutcome({ kind: 'idle' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome.kind === 'sending') return;
    // Non-numeric input falls back to the multiple (docs/requirements/cart.md): the field shows what is sent.
    setText(String(quantity));
    setOutcome({ kind: 'sending' });
    let addToCart: Awaited<ReturnType<typeof loadAddToCart>>['addToCart'];
    try {
      ({ addToCart } = await loadAddToCart());
    } catch {
      setOutcome({
        kind: 'failed',
        message: 'Le panier ne se charge pas. Vérifiez votre connexion et réessayez.',
      });
      return;
    }
    const result = await addToCart({
      siteId,
      declinationId: declination.id,
      quantity,
      customizations: answers,
      files,
    });
    setOutcome(
      result.ok
        ? { kind: 'added', message: addedMessage(quantity, productType, result.cart.totalQuantity) }
        : { kind: 'failed', message: result.message },
    );
  };

  const failed = outcome.kind === 'failed';
  return (
    <form className={styles.purchaseForm} onSubmit={submit} noValidate>
      <div className={styles.quantity}>
        <label htmlFor={`${ids}-quantity`} className={styles.quantityLabel}>
          Quantité
        </label>
        <div className={styles.stepper}>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={`Retirer ${multiple} ${multiple > 1 ? words.plural : words.singular}`}
            aria-controls={`${ids}-quantity`}
            disabled={quantity <= multiple}
            onClick={() => change(String(decreaseQuantity(quantity, multiple)))}
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            id={`${ids}-quantity`}
            className={styles.quantityInput}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            list={`${ids}-choices`}
            value={text}
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? `${ids}-outcome` : undefined}
            onChange={(event) => change(event.target.value)}
            onBlur={() => setText(String(parseQuantity(text, multiple)))}
          />
          <datalist id={`${ids}-choices`}>
            {quantityChoices(multiple).map((choice) => (
              <option key={choice} value={choice} />
            ))}
          </datalist>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={`Ajouter ${multiple} ${multiple > 1 ? words.plural : words.singular}`}
            aria-controls={`${ids}-quantity`}
            onClick={() => change(String(increaseQuantity(quantity, multiple)))}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      <button
        type="submit"
        className={`button ${styles.addButton}`}
        aria-disabled={outcome.kind === 'sending' ? true : undefined}
        onPointerEnter={() => void loadAddToCart()}
        onFocus={() => void loadAddToCart()}
      >
        {outcome.kind === 'sending' ? 'Ajout en cours…' : 'Ajouter au panier'}
      </button>
      <div
        id={`${ids}-outcome`}
        className={styles.purchaseOutcome}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="purchase-outcome"
      >
        {outcome.kind === 'added' ? (
          <p className={styles.added}>
            {outcome.message} <IntentLink href={CART_PATH}>Voir le panier</IntentLink>
          </p>
        ) : null}
        {outcome.kind === 'failed' ? <p className={styles.addError}>{outcome.message}</p> : null}
      </div>
    </form>
  );
}

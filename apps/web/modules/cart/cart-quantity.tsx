'use client';

import { useId, useRef, useState } from 'react';
import styles from './cart.module.css';
import {
  decreaseQuantity,
  increaseQuantity,
  normalizeMultiple,
  parseQuantity,
  quantityChoices,
} from '@comptoir/domain/cart';

interface CartQuantityProps {
  /** The line's product, for the controls' names. */
  name: string;
  quantity: number;
  sellByMultipleOf: number;
  disabled: boolean;
  /** The id of the message that says why the last quantity was refused, if it is this line's. */
  errorId: string | null;
  /** Asks the API for this quantity; resolves to whether it was accepted. */
  onChange: (quantity: number) => Promise<boolean>;
}

/**
 * A cart line's quantity (docs/requirements/cart.md): − and + move by the product's multiple, − never below it; the
 * field takes any number and suggests the first 20 multiples; what is not a number falls back to
 * the multiple. The API decides: after a refusal the field shows what the cart kept, as the line
 * and the totals do, and the message beside it says why (issue 30, decision 0084).
 */
export function CartQuantity({
  name,
  quantity,
  sellByMultipleOf,
  disabled,
  errorId,
  onChange,
}: CartQuantityProps) {
  const ids = useId();
  const multiple = normalizeMultiple(sellByMultipleOf);
  /** What the visitor is typing, until it is sent; null shows the cart's quantity. */
  const [draft, setDraft] = useState<string | null>(null);

  /** A change on its way: the blur that follows Enter (the field is disabled meanwhile) sends none. */
  const sending = useRef(false);

  async function commit(next: number) {
    if (sending.current) return;
    if (next === quantity) {
      setDraft(null);
      return;
    }
    setDraft(String(next));
    sending.current = true;
    try {
      await onChange(next);
    } finally {
      sending.current = false;
      // Accepted or refused, the field then shows what the cart holds.
      setDraft(null);
    }
  }

  function commitDraft() {
    if (draft !== null) void commit(parseQuantity(draft, multiple));
  }

  const current = draft === null ? quantity : parseQuantity(draft, multiple);
  return (
    <div className={styles.quantity} role="group" aria-labelledby={`${ids}-label`}>
      <label id={`${ids}-label`} htmlFor={`${ids}-input`} className={styles.quantityLabel}>
        Quantité
        <span className="visually-hidden"> de {name}</span>
        {multiple > 1 ? <span className={styles.quantityHint}>par {multiple}</span> : null}
      </label>
      <div className={styles.quantityControls}>
        <button
          type="button"
          className={styles.quantityStep}
          aria-label={`Retirer ${multiple > 1 ? multiple : 'une'} unité${multiple > 1 ? 's' : ''}`}
          disabled={disabled || current <= multiple}
          onClick={() => void commit(decreaseQuantity(current, multiple))}
        >
          −
        </button>
        <input
          id={`${ids}-input`}
          className={styles.quantityInput}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          list={`${ids}-choices`}
          value={draft ?? String(quantity)}
          disabled={disabled}
          aria-describedby={errorId ?? undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commitDraft}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitDraft();
            }
          }}
        />
        <datalist id={`${ids}-choices`}>
          {quantityChoices(multiple).map((choice) => (
            <option key={choice} value={choice} />
          ))}
        </datalist>
        <button
          type="button"
          className={styles.quantityStep}
          aria-label={`Ajouter ${multiple > 1 ? multiple : 'une'} unité${multiple > 1 ? 's' : ''}`}
          disabled={disabled}
          onClick={() => void commit(increaseQuantity(current, multiple))}
        >
          +
        </button>
      </div>
    </div>
  );
}

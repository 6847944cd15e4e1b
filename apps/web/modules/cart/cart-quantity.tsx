'use client';

import { useId, useState } from 'react';
import styles from './cart.module.css';
import {
  decreaseQuantity,
  increaseQuantity,
  normalizeMultiple,
  parseQuantity,
  quantityChoices,
} from '@comptoir/domain/quantity-picker';

interface CartQuantityProps {
  /** The line's product, for the controls' names. */
  name: string;
  quantity: number;
  sellByMultipleOf: number;
  disabled: boolean;
  /** The id of the message that explains why the last quantity was refused, if it is this line's. */
  errorId: string | null;
  /** Asks the API for this quantity; resolves to whether it was accepted. */
  onChange: (quantity: number) => Promise<boolean>;
}

/**
 * A cart line's quantity (docs/requirements/cart.md): − and + move by the product's multiple, − never below it; the
 * field takes any number and suggests the first 20 multiples; what is not a number falls back to
 * the multiple. The API decides: a refused quantity stays in the field, marked invalid, beside
 * the API's message, until the visitor changes it.
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
  const [draft, setDraft] = useState<string | null>(null);
  // A refused quantity stays only while its message shows: once the message goes (dismissed,
  // another change, a success), the field shows the cart's quantity again.
  const [shownError, setShownError] = useState(errorId);
  if (shownError !== errorId) {
    setShownError(errorId);
    if (errorId === null) setDraft(null);
  }

  async function commit(next: number) {
    if (next === quantity) {
      setDraft(null);
      return;
    }
    setDraft(String(next));
    if (await onChange(next)) setDraft(null);
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
          aria-invalid={errorId !== null && draft !== null ? true : undefined}
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

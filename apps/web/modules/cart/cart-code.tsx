'use client';

import { useId, useRef, useState } from 'react';
import type { CartDiscount } from '@comptoir/contract/cart';
import codeStyles from './cart-code.module.css';
import styles from './cart.module.css';

const EMPTY_CODE_MESSAGE = 'Saisissez votre code.';

export interface CartCodeProps {
  /** The code the cart carries (decision 0099), or null. */
  discount: CartDiscount | null;
  /** Sends the code ('' takes it off): null once done, else the API's message in French. */
  setCode: (code: string) => Promise<string | null>;
  disabled: boolean;
}

/**
 * The cart's discount code (decision 0099): typed and applied with Enter or « Appliquer », judged
 * by the API with the checkout's rules and messages; the code the cart keeps, with its removal.
 * Part of the filled cart's chunk: a new visitor's empty cart loads none of it, and it needs no
 * validation library (an empty field is the only check made here).
 */
export function CartCode({ discount, setCode, disabled }: CartCodeProps) {
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');

  async function send(code: string) {
    setPending(true);
    setStatus('');
    const refusal = await setCode(code);
    setPending(false);
    return refusal;
  }

  async function apply() {
    const code = typed.trim();
    if (code === '') {
      setError(EMPTY_CODE_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    const refusal = await send(code);
    setError(refusal);
    if (refusal === null) {
      setTyped('');
      setStatus('Le code a été appliqué à votre panier.');
    } else {
      inputRef.current?.focus();
    }
  }

  async function remove(code: string) {
    const refusal = await send('');
    setError(refusal);
    if (refusal === null) setStatus(`Le code ${code} a été retiré.`);
    // The removal button is gone with the code: the focus goes back to the field.
    inputRef.current?.focus();
  }

  const errorId = `${ids}-error`;
  const busy = disabled || pending;
  return (
    <div className={codeStyles.code}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void apply();
        }}
      >
        <label htmlFor={`${ids}-code`} className={codeStyles.label}>
          Code de réduction
        </label>
        <div className={codeStyles.row}>
          <input
            ref={inputRef}
            id={`${ids}-code`}
            name="discountCode"
            className={codeStyles.input}
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="done"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              if (error) setError(null);
            }}
          />
          <button
            type="submit"
            className="button button-secondary"
            aria-disabled={busy || undefined}
            aria-busy={pending || undefined}
          >
            {pending ? 'Vérification…' : 'Appliquer'}
          </button>
        </div>
        {error ? (
          <p id={errorId} className={codeStyles.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {discount ? (
        <p className={codeStyles.applied}>
          <span>
            Code <strong>{discount.code}</strong>
            {discount.message === null ? ' appliqué' : ' enregistré'}
          </span>
          <button
            type="button"
            className={styles.textButton}
            disabled={busy}
            onClick={() => void remove(discount.code)}
          >
            Retirer<span className="visually-hidden"> le code {discount.code}</span>
          </button>
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

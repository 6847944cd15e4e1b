'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import controls from '../admin-controls.module.css';
import styles from './orders.module.css';

/**
 * A button whose action cannot be undone (cancel, refund, anonymise): the first press shows what
 * will happen and asks again, with the focus on the confirmation so a keyboard user lands there.
 * `children` are the choices that go with the action (a refund's restocking), shown with the
 * question.
 */
export function ConfirmingButton({
  label,
  question,
  confirmLabel,
  busy,
  onConfirm,
  children,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => Promise<void>;
  children?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button
        type="button"
        className={`${controls.button} ${controls.dangerButton}`}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div role="group" aria-label={label} className={styles.card}>
      <p>{question}</p>
      {children}
      <div className={styles.actions}>
        <button
          ref={confirmButton}
          type="button"
          className={`${controls.button} ${controls.dangerButton}`}
          disabled={busy}
          onClick={async () => {
            await onConfirm();
            setAsking(false);
          }}
        >
          {confirmLabel}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          disabled={busy}
          onClick={() => setAsking(false)}
        >
          Ne rien faire
        </button>
      </div>
    </div>
  );
}

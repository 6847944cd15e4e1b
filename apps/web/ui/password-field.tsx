'use client';

import { useId, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, fieldIds } from './field-ids';
import styles from './forms.module.css';

interface PasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** 'current-password' to sign in, 'new-password' to choose one (password managers rely on it). */
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  hint?: ReactNode;
}

/** A password input with a button that shows what was typed, for people who type on a phone. */
export function PasswordField({
  label,
  registration,
  autoComplete,
  error,
  hint,
}: PasswordFieldProps) {
  const ids = fieldIds(useId());
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={ids.control} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.passwordWrapper}>
        <input
          id={ids.control}
          type={visible ? 'text' : 'password'}
          className={styles.control}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
          {...registration}
        />
        <button
          type="button"
          className={styles.revealButton}
          aria-controls={ids.control}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Masquer' : 'Afficher'}
          <span className="visually-hidden"> le mot de passe</span>
        </button>
      </div>
      {error && (
        <p id={ids.error} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

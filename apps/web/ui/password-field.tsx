'use client';

import { useState } from 'react';
import { Field, type FieldProps } from './field';
import styles from './forms.module.css';

interface PasswordFieldProps extends Omit<FieldProps, 'optional'> {
  /** 'current-password' to sign in, 'new-password' to choose one (password managers rely on it). */
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with a button that shows what was typed, for people who type on a phone. */
export function PasswordField({
  label,
  registration,
  autoComplete,
  error,
  hint,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <div className={styles.passwordWrapper}>
          <input
            type={visible ? 'text' : 'password'}
            className={styles.control}
            autoComplete={autoComplete}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            {...control}
            {...registration}
          />
          <button
            type="button"
            className={styles.revealButton}
            aria-controls={control.id}
            aria-pressed={visible}
            onClick={() => setVisible(!visible)}
          >
            {visible ? 'Masquer' : 'Afficher'}
            <span className="visually-hidden"> le mot de passe</span>
          </button>
        </div>
      )}
    </Field>
  );
}

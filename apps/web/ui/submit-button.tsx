import type { ReactNode } from 'react';
import styles from './forms.module.css';

interface SubmitButtonProps {
  children: ReactNode;
  /** While the form is being sent: the button says so and a second click does nothing. */
  pending: boolean;
  pendingLabel?: string;
  variant?: 'primary' | 'secondary' | 'danger';
}

const VARIANT_CLASS = {
  primary: 'button',
  secondary: 'button button-secondary',
  danger: `button ${styles.danger}`,
} as const;

export function SubmitButton({
  children,
  pending,
  pendingLabel = 'Envoi en cours…',
  variant = 'primary',
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`${VARIANT_CLASS[variant]} ${styles.submit}`}
      aria-busy={pending || undefined}
      // aria-disabled keeps the button focusable while sending; the handler ignores the click.
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending && <span className={styles.spinner} aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </button>
  );
}

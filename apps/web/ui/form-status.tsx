import type { ReactNode } from 'react';
import styles from './forms.module.css';

/**
 * A polite live region for the outcome of a form ("your password was changed"). It is always in
 * the page, empty until there is news, so that assistive technologies announce its first message.
 */
export function FormStatus({ children }: { children?: ReactNode }) {
  return (
    <p role="status" className={styles.status}>
      {children}
    </p>
  );
}

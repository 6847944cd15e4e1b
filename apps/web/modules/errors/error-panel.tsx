import type { ReactNode } from 'react';
import styles from './error-panel.module.css';

interface ErrorPanelProps {
  /** A large decorative code above the title, such as 404. */
  code?: string;
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}

/** The body of the not-found and error pages, inside the site's layout. */
export function ErrorPanel({ code, title, children, actions }: ErrorPanelProps) {
  return (
    <section className={`container ${styles.panel}`}>
      {/* Drawn by CSS from the attribute: a decoration, not text to read or contrast-check. */}
      {code && <div className={styles.code} data-code={code} aria-hidden="true" />}
      <h1 className={styles.title}>{title}</h1>
      {children}
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}

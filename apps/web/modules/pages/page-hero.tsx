import type { ReactNode } from 'react';
import styles from './page-hero.module.css';

interface PageHeroProps {
  title: string;
  intro: string | null;
  /** Shown above the title, e.g. the breadcrumb. */
  before?: ReactNode;
  /** Links under the introduction. */
  actions?: ReactNode;
  variant?: 'home' | 'page';
}

/** The opening of a page: its title (the page's only h1) and introduction. */
export function PageHero({ title, intro, before, actions, variant = 'page' }: PageHeroProps) {
  return (
    <section className={styles.hero} data-variant={variant}>
      <div className={`container ${styles.inner}`}>
        {before}
        <h1 className={styles.title}>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </section>
  );
}

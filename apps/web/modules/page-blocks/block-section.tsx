import { useId, type ReactNode } from 'react';
import styles from './page-blocks.module.css';

interface BlockSectionProps {
  /** The block's heading; without one, the block is a plain part of the page, not a region. */
  title?: string | null;
  className?: string;
  children: ReactNode;
}

/**
 * A block with a title is a section named by its h2 (the page's h1 is in the hero), so that it
 * appears in the landmarks and headings a screen reader lists; an untitled one is a plain group.
 */
export function BlockSection({ title, className, children }: BlockSectionProps) {
  const headingId = useId();
  if (!title) return <div className={className}>{children}</div>;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

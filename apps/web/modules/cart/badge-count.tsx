import styles from './cart-badge.module.css';

/**
 * The units as the badge shows them, and their words for assistive technologies. A module of its
 * own: the bottom bar's cart shortcut shows it too, and importing it from cart-badge.tsx copied
 * the whole header badge (mini-cart loader, link, current URL) into the shortcut's chunk
 * (decision 0038).
 */
export function BadgeCount({ count, corner = false }: { count: number; corner?: boolean }) {
  // Nothing for an empty cart: at hydration the count is not known yet, and « vide » would lie.
  if (count === 0) return null;
  return (
    <span className={`${styles.count} ${corner ? styles.corner : ''}`} data-testid="cart-count">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> article{count > 1 ? 's' : ''}</span>
    </span>
  );
}

import styles from './reviews.module.css';

/**
 * Five stars filled up to the rating (4.4 fills four stars and part of the fifth). The stars are
 * one image for assistive technologies, named by `label` ("Note : 5 sur 5"). They are drawn by
 * the stylesheet (a mask of five stars over two colours), not by ten inline SVGs per rating: a
 * page of reviews carried 70 of them twice, in its HTML and in its RSC payload (decision 0031).
 */
export function Stars({ rating, label }: { rating: number; label: string }) {
  const filled = `${Math.min(5, Math.max(0, rating)) * 20}%`;
  return (
    <span role="img" aria-label={label} className={styles.stars}>
      <span className={styles.starsFilled} style={{ width: filled }} />
    </span>
  );
}

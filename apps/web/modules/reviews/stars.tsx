import styles from './reviews.module.css';

const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z';

function StarRow() {
  return (
    <>
      {Array.from({ length: 5 }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          aria-hidden="true"
          focusable="false"
        >
          <path d={STAR} />
        </svg>
      ))}
    </>
  );
}

/**
 * Five stars filled up to the rating (4.4 fills four stars and part of the fifth). The stars are
 * one image for assistive technologies, named by `label` ("Note : 5 sur 5").
 */
export function Stars({ rating, label }: { rating: number; label: string }) {
  const filled = `${Math.min(5, Math.max(0, rating)) * 20}%`;
  return (
    <span role="img" aria-label={label} className={styles.stars}>
      <span className={styles.starsEmpty}>
        <StarRow />
      </span>
      <span className={styles.starsFilled} style={{ width: filled }}>
        <StarRow />
      </span>
    </span>
  );
}

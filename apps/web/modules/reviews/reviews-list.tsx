import type { ReviewList } from '@comptoir/contract/review';
import {
  authorInitial,
  formatRating,
  formatReviewDate,
  ratingLabel,
  reviewCountLabel,
} from './review-format';
import styles from './reviews.module.css';
import { Stars } from './stars';

/**
 * The average rating of all the site's reviews, then each shown review with its stars, author,
 * date and words, and the source (Google asks for its reviews to be attributed).
 */
export function ReviewsList({ reviews }: { reviews: ReviewList }) {
  return (
    <>
      {reviews.averageRating !== null && (
        <p className={styles.average}>
          <span className={styles.averageValue} aria-hidden="true">
            {formatRating(reviews.averageRating)}
          </span>
          <Stars
            rating={reviews.averageRating}
            label={ratingLabel(reviews.averageRating, 'Note moyenne')}
          />
          <span className={styles.averageCount}>
            {reviewCountLabel(reviews.ratingCount)} Google
          </span>
        </p>
      )}
      <ul role="list" className={styles.list}>
        {reviews.list.map((review) => (
          <li key={review.id} className={styles.review}>
            <Stars rating={review.rating} label={ratingLabel(review.rating)} />
            {review.text && (
              <blockquote className={styles.text}>
                <p>{review.text}</p>
              </blockquote>
            )}
            <p className={styles.author}>
              {review.authorPhotoUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- owner-chosen URL on any host (docs/decisions/0023)
                <img
                  src={review.authorPhotoUrl}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className={styles.avatar}
                />
              ) : (
                <span className={styles.avatar} aria-hidden="true">
                  {authorInitial(review.authorName)}
                </span>
              )}
              <span>
                <span className={styles.authorName}>{review.authorName}</span>
                <time dateTime={review.publishedAt} className={styles.date}>
                  {formatReviewDate(review.publishedAt)}
                </time>
              </span>
            </p>
          </li>
        ))}
      </ul>
      <p className={styles.attribution}>Avis publiés par leurs auteurs sur Google.</p>
    </>
  );
}

'use client';

import { useState } from 'react';
import { updateAdminReviewVisibility, type AdminReview } from '@comptoir/contract/admin-reviews';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import { formatReviewDate } from '../../reviews/review-format';
import controls from '../admin-controls.module.css';
import list from '../frame/admin-list.module.css';
import styles from '../site-content/site-content.module.css';

const small = `${controls.button} ${controls.secondary} ${controls.small}`;

/**
 * The site's reviews, hidden ones included: the owner shows or hides each of them on the
 * storefront. The text is the author's and stays as it is (Google's rules), hence no form here;
 * a row has one button, so the list does not use ItemActions (edit and delete do not apply).
 */
export function ReviewsEditor({ siteId, initial }: { siteId: number; initial: AdminReview[] }) {
  const [reviews, setReviews] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const api = browserApi(siteId);
  const hiddenCount = reviews.filter((review) => review.hidden).length;

  async function toggle(review: AdminReview) {
    setBusy(true);
    try {
      const saved = await api.call(updateAdminReviewVisibility, {
        params: { id: review.id },
        body: { hidden: !review.hidden },
      });
      setReviews((current) => current.map((item) => (item.id === saved.id ? saved : item)));
      setStatus(
        `Avis de ${saved.authorName} ${saved.hidden ? 'masqué : le site ne l’affiche plus' : 'affiché sur le site'}.`,
      );
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={controls.section} aria-labelledby="avis">
      <h2 id="avis" className={controls.sectionTitle}>
        Avis ({reviews.length}
        {hiddenCount > 0 ? `, dont ${hiddenCount} masqué${hiddenCount > 1 ? 's' : ''}` : ''})
      </h2>
      {reviews.length === 0 ? (
        <p className={controls.hint}>
          Le site n’a pas encore d’avis : ils arrivent de Google une fois par jour quand la fiche de
          l’établissement est reliée au site.
        </p>
      ) : (
        <ul className={list.items}>
          {reviews.map((review) => (
            <li key={review.id} className={list.item} data-testid="admin-review">
              <div className={list.itemRow}>
                <span className={styles.itemText}>
                  <span className={styles.itemTitle}>
                    {review.authorName} — {review.rating} sur 5
                  </span>
                  <span className={controls.hint}>
                    {formatReviewDate(review.publishedAt)} ·{' '}
                    {review.hidden ? 'Masqué sur le site' : 'Affiché sur le site'}
                  </span>
                  <span>{review.text ?? <em>Note sans commentaire.</em>}</span>
                </span>
                <span className={controls.buttons}>
                  <button
                    type="button"
                    className={small}
                    disabled={busy}
                    onClick={() => toggle(review)}
                    aria-label={`${review.hidden ? 'Afficher' : 'Masquer'} l’avis de ${review.authorName} du ${formatReviewDate(review.publishedAt)}`}
                  >
                    {review.hidden ? 'Afficher' : 'Masquer'}
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </section>
  );
}

'use client';

import { updateAdminReviewVisibility, type AdminReview } from '@comptoir/contract/admin-reviews';
import { browserApi } from '../../account/browser-api';
import { formatReviewDate } from '../../reviews/review-format';
import controls from '../admin-controls.module.css';
import { AdminList } from '../frame/admin-list';
import styles from '../site-content/site-content.module.css';

const small = `${controls.button} ${controls.secondary} ${controls.small}`;

function hiddenCountOf(reviews: readonly AdminReview[]): number {
  return reviews.filter((review) => review.hidden).length;
}

/**
 * The site's reviews, hidden ones included: the owner shows or hides each of them on the
 * storefront. The text is the author's and stays as it is (Google's rules), hence no form here:
 * a row has one button, « Masquer » or « Afficher », and neither add nor delete.
 */
export function ReviewsEditor({ siteId, initial }: { siteId: number; initial: AdminReview[] }) {
  const api = browserApi(siteId);
  return (
    <AdminList<AdminReview, never>
      headingId="avis"
      heading={(reviews) => {
        const hiddenCount = hiddenCountOf(reviews);
        return `Avis (${reviews.length}${hiddenCount > 0 ? `, dont ${hiddenCount} masqué${hiddenCount > 1 ? 's' : ''}` : ''})`;
      }}
      initial={initial}
      empty="Le site n’a pas encore d’avis : ils arrivent de Google une fois par jour quand la fiche de l’établissement est reliée au site."
      nameOf={(review) => review.authorName}
      itemAttributes={() => ({ 'data-testid': 'admin-review' })}
      renderItem={(review) => (
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
      )}
      actions={(review, list) => (
        <span className={controls.buttons}>
          <button
            type="button"
            className={small}
            disabled={list.busy}
            onClick={() =>
              list.run(async () => {
                const saved = await api.call(updateAdminReviewVisibility, {
                  params: { id: review.id },
                  body: { hidden: !review.hidden },
                });
                list.replace(saved);
                return `Avis de ${saved.authorName} ${saved.hidden ? 'masqué : le site ne l’affiche plus' : 'affiché sur le site'}.`;
              })
            }
            aria-label={`${review.hidden ? 'Afficher' : 'Masquer'} l’avis de ${review.authorName} du ${formatReviewDate(review.publishedAt)}`}
          >
            {review.hidden ? 'Afficher' : 'Masquer'}
          </button>
        </span>
      )}
    />
  );
}

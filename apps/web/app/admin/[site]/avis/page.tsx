import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminReviews } from '@comptoir/contract/admin-reviews';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { ReviewsEditor } from '../../../../modules/admin/reviews/reviews-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Avis clients' };

/** The customer reviews the storefront may show, and the owner's choice among them. */
export default async function ReviewsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const reviews = await (await adminScreenApi(siteId)).call(listAdminReviews);
  return (
    <>
      <h1>Avis clients</h1>
      <p>
        Les avis laissés sur Google. Masquez ceux que le site ne doit pas afficher ; la note moyenne
        affichée compte toujours tous les avis. Chaque changement s&apos;affiche sur le site dès
        qu&apos;il est enregistré.
      </p>
      <ReviewsEditor siteId={siteId} initial={reviews} />
    </>
  );
}

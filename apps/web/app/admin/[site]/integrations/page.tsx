import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  getAnalyticsSettings,
  getGoogleReviewsSettings,
  getRelaySettings,
} from '@comptoir/contract/admin-integrations';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { IntegrationsEditor } from '../../../../modules/admin/integrations/integrations-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Intégrations' };

/** The services the site connects to: audience measurement, Google reviews, relay points. */
export default async function IntegrationsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminScreenApi(siteId);
  const [analytics, googleReviews, relay] = await Promise.all([
    api.call(getAnalyticsSettings),
    api.call(getGoogleReviewsSettings),
    api.call(getRelaySettings),
  ]);
  return (
    <>
      <h1>Intégrations</h1>
      <p>
        Les services extérieurs du site. Les clés secrètes ne s’affichent jamais : elles sont
        gardées chiffrées, et chaque changement est inscrit au journal sans elles.
      </p>
      <IntegrationsEditor
        siteId={siteId}
        analytics={analytics}
        googleReviews={googleReviews}
        relay={relay}
      />
    </>
  );
}

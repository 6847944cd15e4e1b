import type { Metadata } from 'next';
import { BUILD_SAMPLE_SITE } from '../../../../../lib/site-id';
import { OrderDetail } from '../../../../../modules/account/order-detail';
import { loadAccountPageSite } from '../../../../../modules/account/site-page.server';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Ma commande',
  robots: { index: false },
};

/** The build checks the route with the sample (see the layout); orders render on their visit. */
export async function generateStaticParams() {
  return [{ id: BUILD_SAMPLE_SITE }];
}

/** /mon-compte/commandes/<id>: the page is the same for everyone, the order is read in the browser. */
export default async function AccountOrderPage({
  params,
}: {
  params: Promise<{ site: string; id: string }>;
}) {
  const { siteId } = await loadAccountPageSite(params);
  return <OrderDetail siteId={siteId} />;
}

import type { Metadata } from 'next';
import { OrderHistory } from '../../../../modules/account/order-history';
import { loadAccountPageSite } from '../../../../modules/account/site-page.server';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Mes commandes',
  robots: { index: false },
};

export default async function AccountOrdersPage({ params }: { params: Promise<{ site: string }> }) {
  const { siteId } = await loadAccountPageSite(params);
  return <OrderHistory siteId={siteId} />;
}

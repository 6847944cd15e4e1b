import { IntentLink } from '../../../../ui/intent-link';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminGiftVouchers } from '@comptoir/contract/admin-gift-vouchers';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { GiftVouchersManager } from '../../../../modules/admin/shop/gift-vouchers-manager';

export const instant = false;

export const metadata: Metadata = { title: 'Bons cadeaux' };

/** The gift vouchers sold on the site, their balances and uses. */
export default async function GiftVouchersPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const vouchers = await (await adminScreenApi(siteId)).call(getAdminGiftVouchers);
  return (
    <>
      <h1>Bons cadeaux</h1>
      <p>
        Les bons vendus sur le site : ce qu’il reste sur chacun, les commandes qui l’ont utilisé. Le
        montant, la limite et la durée de validité des nouveaux bons se règlent dans{' '}
        <IntentLink href="/admin/theme#boutique">Thème et paramètres</IntentLink>.
      </p>
      <GiftVouchersManager siteId={siteId} initial={vouchers} />
    </>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminDiscountCodes } from '@comptoir/contract/admin-discounts';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { DiscountCodesManager } from '../../../../modules/admin/shop/discount-codes-manager';

export const instant = false;

export const metadata: Metadata = { title: 'Codes de réduction' };

/** The site's discount codes, their limits and the orders that used them. */
export default async function DiscountCodesPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const codes = await (await adminScreenApi(siteId)).call(getAdminDiscountCodes);
  return (
    <>
      <h1>Codes de réduction</h1>
      <p>
        Les codes que vos clients saisissent au paiement. Un changement vaut dès la commande
        suivante ; une commande annulée rend son utilisation au code.
      </p>
      <DiscountCodesManager siteId={siteId} initial={codes} />
    </>
  );
}

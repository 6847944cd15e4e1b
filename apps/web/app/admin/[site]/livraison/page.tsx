import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminDeliverySettings } from '@comptoir/contract/admin-delivery';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { DeliverySettingsEditor } from '../../../../modules/admin/shop/delivery-settings-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Livraison' };

/** Carriers and their price grids, click-and-collect slots and closures. */
export default async function DeliveryPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const settings = await (await adminScreenApi(siteId)).call(getAdminDeliverySettings);
  return (
    <>
      <h1>Livraison</h1>
      <p>
        Les transporteurs et leurs prix, le retrait en boutique et ses fermetures. Chaque changement
        vaut pour le prochain calcul des frais de livraison.
      </p>
      <DeliverySettingsEditor siteId={siteId} settings={settings} />
    </>
  );
}

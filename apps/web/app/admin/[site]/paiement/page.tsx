import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminPaymentSettings } from '@comptoir/contract/admin-payment';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { PaymentSettingsEditor } from '../../../../modules/admin/shop/payment-settings-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Paiement' };

/** Card payment (Stripe keys), bank details for transfers and the cheque payee (decision 0107). */
export default async function PaymentSettingsPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const settings = await (await adminScreenApi(siteId)).call(getAdminPaymentSettings);
  return (
    <>
      <h1>Paiement</h1>
      <p>
        Les moyens de paiement proposés à vos clients : la carte bancaire avec votre compte Stripe,
        le virement et le chèque avec vos coordonnées. Chaque changement vaut dès la prochaine
        commande.
      </p>
      <PaymentSettingsEditor siteId={siteId} settings={settings} />
    </>
  );
}

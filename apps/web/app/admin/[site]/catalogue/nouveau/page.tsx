import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminProducts } from '@comptoir/contract/admin-catalogue';
import { parseSiteId } from '../../../../../lib/site-id';
import { ProductForm } from '../../../../../modules/admin/catalogue/product-form';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Nouveau produit' };

export default async function NewProductPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const catalogue = await (await adminScreenApi(siteId)).call(listAdminProducts);
  return (
    <>
      <p>
        <IntentLink href="/admin/catalogue">← Catalogue</IntentLink>
      </p>
      <h1>Nouveau produit</h1>
      <ProductForm
        siteId={siteId}
        product={null}
        mealIcons={catalogue.mealIcons}
        otherProducts={catalogue.products}
      />
    </>
  );
}

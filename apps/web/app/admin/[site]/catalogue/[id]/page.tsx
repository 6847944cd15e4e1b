import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminProduct, listAdminProducts } from '@comptoir/contract/admin-catalogue';
import { ApiError } from '@comptoir/contract/request';
import { parseSiteId } from '../../../../../lib/site-id';
import { ProductForm } from '../../../../../modules/admin/catalogue/product-form';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Produit' };

export default async function ProductPage({
  params,
}: {
  params: Promise<{ site: string; id: string }>;
}) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const productId = parseSiteId(id);
  if (siteId === null || productId === null) notFound();
  const api = await adminScreenApi(siteId);
  const [product, catalogue] = await Promise.all([
    api.call(getAdminProduct, { params: { id: productId } }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }),
    api.call(listAdminProducts),
  ]);
  return (
    <>
      <p>
        <IntentLink href="/admin/catalogue">← Catalogue</IntentLink>
      </p>
      <h1>{product.name}</h1>
      <ProductForm
        siteId={siteId}
        product={product}
        mealIcons={catalogue.mealIcons}
        otherProducts={catalogue.products}
      />
    </>
  );
}

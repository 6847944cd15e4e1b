import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  getLowStock,
  listAdminProducts,
} from '@comptoir/contract/admin-catalogue';
import { parseSiteId } from '../../../../lib/site-id';
import { CatalogueManager } from '../../../../modules/admin/catalogue/catalogue-manager';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';

export const instant = false;

export const metadata: Metadata = { title: 'Catalogue' };

interface CataloguePageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The site's products with their declinations, the low stocks, bulk edits and the CSV. */
export default async function CataloguePage({ params, searchParams }: CataloguePageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const asked = Number((await searchParams).seuil);
  const threshold =
    Number.isInteger(asked) && asked >= 0 && asked <= 100_000 ? asked : DEFAULT_LOW_STOCK_THRESHOLD;
  const api = await adminScreenApi(siteId);
  const [catalogue, lowStock] = await Promise.all([
    api.call(listAdminProducts),
    api.call(getLowStock, { query: { threshold } }),
  ]);
  return (
    <>
      <h1>Catalogue</h1>
      <p>
        Les produits de la boutique et leurs déclinaisons (millésimes, contenances). Les prix et les
        stocks changés ici s&apos;affichent sur le site dans les secondes qui suivent.
      </p>
      <CatalogueManager siteId={siteId} products={catalogue.products} lowStock={lowStock} />
    </>
  );
}

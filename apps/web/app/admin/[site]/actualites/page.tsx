import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminNews } from '@comptoir/contract/admin-news';
import { parseSiteId } from '../../../../lib/site-id';
import { adminApi } from '../../../../modules/admin/frame/admin-session.server';
import { NewsManager } from '../../../../modules/admin/news/news-manager';

export const instant = false;

export const metadata: Metadata = { title: 'Actualités' };

/** The site's news, published or not. */
export default async function NewsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const items = await (await adminApi(siteId)).call(listAdminNews);
  return (
    <>
      <h1>Actualités</h1>
      <p>
        Les nouvelles du site : une actualité « à la une » est mise en avant sur les pages qui
        affichent les actualités.
      </p>
      <NewsManager siteId={siteId} items={items} />
    </>
  );
}

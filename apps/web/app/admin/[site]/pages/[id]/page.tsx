import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminPage } from '@comptoir/contract/admin-pages';
import { ApiError } from '@comptoir/contract/client';
import { rowIdSchema } from '@comptoir/contract/ids';
import { parseSiteId } from '../../../../../lib/site-id';
import { adminApi } from '../../../../../modules/admin/frame/admin-session.server';
import { BlockEditor } from '../../../../../modules/admin/pages/block-editor';

export const instant = false;

interface BlockEditorPageProps {
  params: Promise<{ site: string; id: string }>;
}

async function loadPage({ params }: BlockEditorPageProps) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const pageId = rowIdSchema.safeParse(id);
  if (siteId === null || !pageId.success) notFound();
  try {
    const page = await (await adminApi(siteId)).call(getAdminPage, { params: { id: pageId.data } });
    return { siteId, page };
  } catch (error) {
    // Another site's page, or one deleted since: the back office's 404.
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

export async function generateMetadata(props: BlockEditorPageProps): Promise<Metadata> {
  const { page } = await loadPage(props);
  return { title: `Contenu de « ${page.title} »` };
}

/** A page's blocks, with the storefront's preview of the unsaved state and publishing. */
export default async function BlockEditorPage(props: BlockEditorPageProps) {
  const { siteId, page } = await loadPage(props);
  return (
    <>
      <h1>Contenu de « {page.title} »</h1>
      <p>
        Adresse : <code>{page.url}</code>
      </p>
      <BlockEditor key={page.id} siteId={siteId} page={page} />
    </>
  );
}

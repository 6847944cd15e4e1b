import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseSiteId } from '../../../lib/site-id';
import { DraftPreviewReceiver } from '../../../modules/admin/pages/draft-preview-receiver';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Aperçu',
  robots: { index: false, follow: false },
};

/**
 * The storefront page of the back office's block editor, in its frame: the site's own layout
 * (header, menu, theme, footer) around the unsaved blocks the editor sends it. The same for
 * everyone and empty on its own: only an administrator of the site gets a draft drawn.
 */
export default async function DraftPreviewPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  return <DraftPreviewReceiver siteId={siteId} />;
}

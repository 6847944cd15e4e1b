import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseSiteId } from '../../../lib/site-id';
import { DRAFT_QUERY_PARAMETER } from '../../../modules/admin/pages/draft-preview-messages';
import { DraftPreview } from '../../../modules/admin/pages/draft-preview';

/** Drawn per request, for the administrator's own draft: never cached. */
export const instant = false;

export const metadata: Metadata = {
  title: 'Aperçu',
  robots: { index: false, follow: false },
};

interface DraftPreviewPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The storefront page of the back office's block editor, in its frame: the site's own layout
 * (header, menu, theme, footer) around the unsaved blocks the editor puts in the address. Only an
 * administrator of the site gets a draft drawn.
 */
export default async function DraftPreviewPage({ params, searchParams }: DraftPreviewPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const value = (await searchParams)[DRAFT_QUERY_PARAMETER];
  return <DraftPreview siteId={siteId} encoded={typeof value === 'string' ? value : null} />;
}

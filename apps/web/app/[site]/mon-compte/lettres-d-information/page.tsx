import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NewsletterPreferences } from '../../../../modules/account/newsletter-preferences';
import { loadAccountPageSite } from '../../../../modules/account/site-page.server';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: "Lettres d'information",
  robots: { index: false },
};

export default async function AccountNewslettersPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const { siteId, newsletterEnabled } = await loadAccountPageSite(params);
  if (!newsletterEnabled) notFound();
  return <NewsletterPreferences siteId={siteId} />;
}

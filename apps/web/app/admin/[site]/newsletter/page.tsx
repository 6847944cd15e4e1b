import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminNewsletterLists } from '@comptoir/contract/admin-newsletter';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { NewsletterListsEditor } from '../../../../modules/admin/site-content/newsletter-lists-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Newsletter' };

/** The site's mailing lists: visitors subscribe to them from their account or the site's form. */
export default async function NewsletterPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const lists = await (await adminScreenApi(siteId)).call(listAdminNewsletterLists);
  return (
    <>
      <h1>Newsletter</h1>
      <p>
        Les listes de diffusion auxquelles les visiteurs s&apos;inscrivent, avec leurs inscrits et
        leur export pour votre outil d&apos;envoi.
      </p>
      <NewsletterListsEditor siteId={siteId} initial={lists} />
    </>
  );
}

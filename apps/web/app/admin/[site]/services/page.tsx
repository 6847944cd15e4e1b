import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminServices } from '@comptoir/contract/admin-services';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { ServicesEditor } from '../../../../modules/admin/site-content/services-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Prestations' };

/** The services the storefront shows (cards of the services blocks, each service's page). */
export default async function ServicesPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const services = await (await adminScreenApi(siteId)).call(listAdminServices);
  return (
    <>
      <h1>Prestations</h1>
      <p>
        Les prestations que le site présente, dans l&apos;ordre où il les affiche. Chaque changement
        s&apos;affiche sur le site dès qu&apos;il est enregistré.
      </p>
      <ServicesEditor siteId={siteId} initial={services} />
    </>
  );
}

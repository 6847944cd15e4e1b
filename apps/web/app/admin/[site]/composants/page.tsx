import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminComponentConfs } from '@comptoir/contract/admin-component-confs';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { ComponentConfsEditor } from '../../../../modules/admin/component-confs/component-confs-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Composants' };

/** The display options of the storefront's components (services pages, reviews blocks). */
export default async function ComponentConfsPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const confs = await (await adminScreenApi(siteId)).call(listAdminComponentConfs);
  return (
    <>
      <h1>Composants</h1>
      <p>
        Les réglages d&apos;affichage de certains éléments du site. Chaque changement s&apos;affiche
        sur le site dès qu&apos;il est enregistré.
      </p>
      <ComponentConfsEditor siteId={siteId} initial={confs} />
    </>
  );
}

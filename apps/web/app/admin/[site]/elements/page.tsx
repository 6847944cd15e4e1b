import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminElementLists } from '@comptoir/contract/admin-theme';
import { parseSiteId } from '../../../../lib/site-id';
import { ElementListsEditor } from '../../../../modules/admin/elements/element-lists-editor';
import { adminApi } from '../../../../modules/admin/frame/admin-session.server';

export const instant = false;

export const metadata: Metadata = { title: "Listes d'éléments" };

/** The site's element lists (the promotional banner first) and all their items. */
export default async function ElementsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const lists = await (await adminApi(siteId)).call(getAdminElementLists);
  return (
    <>
      <h1>Listes d&apos;éléments</h1>
      <p>
        Les petites listes du site : les messages du bandeau promotionnel, les logos et liens du
        pied de page… Chaque changement s&apos;affiche sur le site dès qu&apos;il est enregistré.
      </p>
      <ElementListsEditor siteId={siteId} lists={lists} />
    </>
  );
}

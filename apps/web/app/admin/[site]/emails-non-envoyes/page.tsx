import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listUndeliveredMails } from '@comptoir/contract/admin-mails';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { UndeliveredMails } from '../../../../modules/admin/mails/undelivered-mails';

export const instant = false;

export const metadata: Metadata = { title: 'E-mails non envoyés' };

/** The site's mails the mail server refused, and « Renvoyer » (decision 0115). */
export default async function UndeliveredMailsPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const { list } = await (await adminScreenApi(siteId)).call(listUndeliveredMails);
  return (
    <>
      <h1>E-mails non envoyés</h1>
      <p>
        Les e-mails que le serveur d’envoi a refusés : confirmations de commande, factures,
        réinitialisations de mot de passe… Le site réessaie chacun pendant environ une heure ; après
        le dernier essai, il attend que vous le renvoyiez. Renvoyez-le une fois la cause réglée (une
        adresse corrigée, le serveur d’envoi de nouveau joignable).
      </p>
      <UndeliveredMails siteId={siteId} initial={list} />
    </>
  );
}

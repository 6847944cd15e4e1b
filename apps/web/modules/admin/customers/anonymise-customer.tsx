'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { anonymiseCustomer } from '@comptoir/contract/admin-customers';
import { failureMessage } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { ConfirmingButton } from '../orders/confirming-button';

/** Erasing a customer (RGPD): their orders stay for the accounts, without the person. */
export function AnonymiseCustomer({ siteId, customerId }: { siteId: number; customerId: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  return (
    <>
      <ConfirmingButton
        label="Anonymiser ce client"
        question="Le compte sera supprimé, avec ses paniers, ses abonnements et les e-mails qui lui ont été envoyés. Ses commandes restent pour la comptabilité, sans son nom, son e-mail, son téléphone ni ses adresses. C’est définitif."
        confirmLabel="Oui, anonymiser"
        busy={busy}
        onConfirm={async () => {
          setBusy(true);
          setFailure('');
          try {
            const { anonymisedOrders } = await browserApi(siteId).call(anonymiseCustomer, {
              params: { id: customerId },
            });
            notifySuccess(
              `Client anonymisé : ${anonymisedOrders} commande${anonymisedOrders > 1 ? 's' : ''} conservée${anonymisedOrders > 1 ? 's' : ''} sans ses données.`,
            );
            router.push('/admin/clients');
          } catch (error) {
            notifyError(failureMessage(error));
            setFailure(failureMessage(error));
            setBusy(false);
          }
        }}
      />
      <p role="status" className={controls.status}>
        {failure}
      </p>
    </>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { unsubscribeAdminNewsletterSubscriber } from '@comptoir/contract/admin-newsletter';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';

/** Takes one address off a list, then redraws the list (counts and pages change with it). */
export function UnsubscribeButton({
  siteId,
  listId,
  subscriberId,
  email,
}: {
  siteId: number;
  listId: number;
  subscriberId: number;
  email: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function unsubscribe() {
    if (!window.confirm(`Désinscrire ${email} de cette liste ?`)) return;
    setBusy(true);
    try {
      await browserApi(siteId).call(unsubscribeAdminNewsletterSubscriber, {
        params: { id: listId, subscriberId },
      });
      setStatus(`${email} désinscrit.`);
      router.refresh();
    } catch (error) {
      setStatus(failureMessage(error));
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
        disabled={busy}
        onClick={unsubscribe}
        aria-label={`Désinscrire ${email}`}
      >
        Désinscrire
      </button>
      <span role="status" className={controls.status}>
        {status}
      </span>
    </>
  );
}

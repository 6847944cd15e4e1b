'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  contactReplySchema,
  markContactMessage,
  replyToContactMessage,
  type ContactReply,
} from '@comptoir/contract/admin-messages';
import { failureMessage, serverFieldErrors } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import styles from './messages.module.css';

interface MessageActionsProps {
  siteId: number;
  messageId: number;
  isRead: boolean;
  defaultSubject: string;
}

/**
 * What the owner does with an open message: it is marked read once opened; it can be marked
 * unread again, and answered by mail (the form checks with the API's own schema).
 */
export function MessageActions({ siteId, messageId, isRead, defaultSubject }: MessageActionsProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const markedOnOpen = useRef(false);
  const form = useForm<ContactReply>({
    resolver: zodResolver(contactReplySchema),
    defaultValues: { subject: defaultSubject, message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (isRead || markedOnOpen.current) return;
    markedOnOpen.current = true;
    browserApi(siteId)
      .call(markContactMessage, { params: { id: messageId }, body: { read: true } })
      .then(() => router.refresh())
      .catch((error: unknown) => notifyError(failureMessage(error)));
  }, [isRead, siteId, messageId, router]);

  const markUnread = async () => {
    setBusy(true);
    try {
      await browserApi(siteId).call(markContactMessage, {
        params: { id: messageId },
        body: { read: false },
      });
      notifySuccess('Le message est marqué non lu.');
      router.push('/admin/messages');
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const send = form.handleSubmit(async (reply) => {
    try {
      await browserApi(siteId).call(replyToContactMessage, {
        params: { id: messageId },
        body: reply,
      });
      notifySuccess('Votre réponse est envoyée.');
      form.reset({ subject: reply.subject, message: '' });
      router.refresh();
    } catch (error) {
      for (const { field, message } of serverFieldErrors(error, ['subject', 'message'] as const)) {
        form.setError(field, { message });
      }
      notifyError(failureMessage(error));
    }
  });

  return (
    <>
      <p>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void markUnread()}
          disabled={busy}
        >
          Marquer comme non lu
        </button>
      </p>
      <form onSubmit={send} noValidate aria-labelledby="repondre" className={styles.replyForm}>
        <h2 id="repondre">Répondre par e-mail</h2>
        <div className={styles.field}>
          <label htmlFor="reponse-objet">Objet</label>
          <input
            id="reponse-objet"
            type="text"
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? 'reponse-objet-erreur' : undefined}
            {...form.register('subject')}
          />
          {errors.subject && (
            <p id="reponse-objet-erreur" className={styles.error}>
              {errors.subject.message}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor="reponse-message">Votre réponse</label>
          <textarea
            id="reponse-message"
            rows={8}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'reponse-message-erreur' : undefined}
            {...form.register('message')}
          />
          {errors.message && (
            <p id="reponse-message-erreur" className={styles.error}>
              {errors.message.message}
            </p>
          )}
        </div>
        <button type="submit" className={styles.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Envoi…' : 'Envoyer la réponse'}
        </button>
      </form>
    </>
  );
}

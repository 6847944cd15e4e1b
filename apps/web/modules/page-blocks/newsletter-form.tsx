'use client';

import { useState } from 'react';
import type { z } from 'zod';
import type { subscribeNewsletterBodySchema } from '@comptoir/contract/newsletter';
import { ApiForm } from '../../ui/api-form';
import { FormStatus } from '../../ui/form-status';
import { EmailField } from '../../ui/person-fields';
import { useApiForm } from '../../ui/use-api-form';
import { browserApi } from '../account/browser-api';
import styles from './newsletter-block.module.css';

/**
 * The sign-up form of the newsletter block: an address, checked here with the API's own rule,
 * then POST /newsletter/subscribe (every list of the site), which mails a confirmation link
 * (double opt-in). The answer is the same whether or not the address was already subscribed, so
 * the form never tells who is.
 */
export function NewsletterForm({ siteId }: { siteId: number }) {
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const form = useApiForm({
    contract: () => import('./newsletter-contract').then((module) => module.newsletterContract),
    defaultValues: { email: '' } satisfies z.input<typeof subscribeNewsletterBodySchema>,
    serverFields: ['email'],
    submit: async (body: z.output<typeof subscribeNewsletterBodySchema>, contract) => {
      await browserApi(siteId).call(contract.endpoint, { body });
      form.reset();
      setSubscribed(contract.subscribedMessage);
    },
  });

  return (
    <div className={styles.formArea}>
      <FormStatus>{subscribed}</FormStatus>
      {!subscribed && (
        <ApiForm
          form={form}
          className={styles.form}
          label="Inscription à la lettre d'information"
          submitLabel="Je m'inscris"
        >
          <EmailField {...form.bind('email')} />
        </ApiForm>
      )}
      <p className={styles.notice}>
        Une lettre de temps en temps, jamais de publicité de tiers. Nous vous envoyons d&apos;abord
        un lien pour confirmer votre adresse ; chaque lettre permet ensuite de se désinscrire.
      </p>
    </div>
  );
}

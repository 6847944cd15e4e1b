'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  subscribeNewsletter,
  subscribeNewsletterBodySchema,
} from '@comptoir/contract/newsletter';
import { FormStatus } from '../../ui/form-status';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { browserApi } from '../account/browser-api';
import styles from './newsletter-block.module.css';

type NewsletterValues = z.input<typeof subscribeNewsletterBodySchema>;

/**
 * The sign-up form of the newsletter block: an address, checked here with the API's own rule,
 * then POST /newsletter/subscribe (every list of the site), which mails a confirmation link
 * (double opt-in). The answer is the same whether or not the address was already subscribed, so
 * the form never tells who is.
 */
export function NewsletterForm({ siteId }: { siteId: number }) {
  const [subscribed, setSubscribed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterValues, unknown, z.output<typeof subscribeNewsletterBodySchema>>({
    resolver: zodResolver(subscribeNewsletterBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await browserApi(siteId).call(subscribeNewsletter, { body });
      reset();
      setSubscribed(true);
    } catch (error) {
      reportFailure(error, setError, ['email'] as const);
    }
  });

  return (
    <div className={styles.formArea}>
      <FormStatus>{subscribed ? NEWSLETTER_SUBSCRIBED_MESSAGE : null}</FormStatus>
      {!subscribed && (
        <form
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          aria-label="Inscription à la lettre d'information"
        >
          <TextField
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            registration={register('email')}
            error={errors.email?.message}
          />
          <SubmitButton pending={isSubmitting}>Je m&apos;inscris</SubmitButton>
        </form>
      )}
      <p className={styles.notice}>
        Une lettre de temps en temps, jamais de publicité de tiers. Nous vous envoyons d&apos;abord
        un lien pour confirmer votre adresse ; chaque lettre permet ensuite de se désinscrire.
      </p>
    </div>
  );
}

'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  MESSAGE_SENT_MESSAGE,
  sendMessage,
  sendMessageBodySchema,
} from '@comptoir/contract/contact';
import { CheckboxField } from '../../ui/checkbox-field';
import { FormStatus } from '../../ui/form-status';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import formStyles from '../../ui/forms.module.css';
import { browserApi } from '../account/browser-api';
import styles from './contact.module.css';
import { TextareaField } from './textarea-field';

type ContactValues = z.input<typeof sendMessageBodySchema>;

const FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'subject',
  'message',
  'consent',
] as const;

/** The contact form: checked here with the API's own rules, then sent to POST /message. */
export function ContactForm({ siteId }: { siteId: number }) {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues, unknown, z.output<typeof sendMessageBodySchema>>({
    resolver: zodResolver(sendMessageBodySchema),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      subject: '',
      message: '',
      consent: false,
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await browserApi(siteId).call(sendMessage, { body });
      reset();
      setSent(true);
    } catch (error) {
      reportFailure(error, setError, FIELDS);
    }
  });

  return (
    <div className={formStyles.form}>
      <FormStatus>{sent ? MESSAGE_SENT_MESSAGE : null}</FormStatus>
      {sent ? (
        <p>
          <button type="button" className={styles.linkButton} onClick={() => setSent(false)}>
            Écrire un autre message
          </button>
        </p>
      ) : (
        <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Nous écrire">
          <div className={styles.row}>
            <TextField
              label="Prénom"
              autoComplete="given-name"
              registration={register('firstname')}
              error={errors.firstname?.message}
            />
            <TextField
              label="Nom"
              autoComplete="family-name"
              registration={register('lastname')}
              error={errors.lastname?.message}
            />
          </div>
          <div className={styles.row}>
            <TextField
              label="Adresse e-mail"
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              registration={register('email')}
              error={errors.email?.message}
            />
            <TextField
              label="Téléphone"
              type="tel"
              autoComplete="tel"
              optional
              registration={register('phone')}
              error={errors.phone?.message}
            />
          </div>
          <TextField
            label="Objet"
            optional
            registration={register('subject')}
            error={errors.subject?.message}
          />
          <TextareaField
            label="Votre message"
            hint={`Entre ${MESSAGE_MIN_LENGTH} et ${MESSAGE_MAX_LENGTH} caractères.`}
            rows={7}
            maxLength={MESSAGE_MAX_LENGTH}
            registration={register('message')}
            error={errors.message?.message}
          />
          <CheckboxField
            label="J’accepte d’être recontacté(e) au sujet de ma demande."
            required
            registration={register('consent')}
            error={errors.consent?.message}
          />
          <div className={formStyles.actions}>
            <SubmitButton pending={isSubmitting}>Envoyer le message</SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}

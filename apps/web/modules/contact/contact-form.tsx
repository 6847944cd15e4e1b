'use client';

import { useState } from 'react';
import type { z } from 'zod';
import type { sendMessageBodySchema } from '@comptoir/contract/contact';
import { ApiForm } from '../../ui/api-form';
import { CheckboxField } from '../../ui/checkbox-field';
import { FormStatus } from '../../ui/form-status';
import { EmailField, NameFields, PhoneField } from '../../ui/person-fields';
import { TextField } from '../../ui/text-field';
import { TextareaField } from '../../ui/textarea-field';
import { useApiForm } from '../../ui/use-api-form';
import formStyles from '../../ui/forms.module.css';
import { browserApi } from '../account/browser-api';
import styles from './contact.module.css';

interface ContactFormProps {
  siteId: number;
  /** The message's length limits (the contract's), read by the server page and shown as a hint. */
  messageLength: { min: number; max: number };
}

/** The contact form: checked here with the API's own rules, then sent to POST /message. */
export function ContactForm({ siteId, messageLength }: ContactFormProps) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm({
    contract: () => import('./contact-contract').then((module) => module.contactContract),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      subject: '',
      message: '',
      consent: false,
    } as z.input<typeof sendMessageBodySchema>,
    serverFields: ['firstname', 'lastname', 'email', 'phone', 'subject', 'message', 'consent'],
    submit: async (body: z.output<typeof sendMessageBodySchema>, contract) => {
      await browserApi(siteId).call(contract.endpoint, { body });
      form.reset();
      setSent(contract.sentMessage);
    },
  });

  return (
    <div className={formStyles.form}>
      <FormStatus>{sent}</FormStatus>
      {sent ? (
        <p>
          <button type="button" className={styles.linkButton} onClick={() => setSent(null)}>
            Écrire un autre message
          </button>
        </p>
      ) : (
        <ApiForm form={form} label="Nous écrire" submitLabel="Envoyer le message">
          <NameFields firstname={form.bind('firstname')} lastname={form.bind('lastname')} />
          <div className={formStyles.row}>
            <EmailField {...form.bind('email')} />
            <PhoneField {...form.bind('phone')} />
          </div>
          <TextField label="Objet" optional {...form.bind('subject')} />
          <TextareaField
            label="Votre message"
            hint={`Entre ${messageLength.min} et ${messageLength.max} caractères.`}
            rows={7}
            maxLength={messageLength.max}
            {...form.bind('message')}
          />
          <CheckboxField
            label="J’accepte d’être recontacté(e) au sujet de ma demande."
            required
            {...form.bind('consent')}
          />
        </ApiForm>
      )}
    </div>
  );
}

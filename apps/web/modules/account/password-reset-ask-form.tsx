'use client';

import { IntentLink } from '../../ui/intent-link';
import { useState } from 'react';
import type { z } from 'zod';
import type { askPasswordResetBodySchema } from '@comptoir/contract/auth';
import { ApiForm } from '../../ui/api-form';
import { FormStatus } from '../../ui/form-status';
import { EmailField } from '../../ui/person-fields';
import { useApiForm } from '../../ui/use-api-form';
import formStyles from '../../ui/forms.module.css';
import { AUTH_PATH } from './account-paths';
import { browserApi } from './browser-api';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function PasswordResetAskForm({ siteId }: { siteId: number }) {
  const [asked, setAsked] = useState<string | null>(null);
  const form = useApiForm({
    contract: () => import('./account-contracts').then((module) => module.resetAskContract),
    defaultValues: { email: '' } satisfies z.input<typeof askPasswordResetBodySchema>,
    serverFields: ['email'],
    submit: async (body: z.output<typeof askPasswordResetBodySchema>, contract) => {
      await browserApi(siteId).call(contract.endpoint, { body });
      setAsked(contract.askedMessage);
    },
  });

  return (
    <div className={formStyles.form}>
      <FormStatus>{asked}</FormStatus>
      {asked ? (
        <p>
          <IntentLink href={AUTH_PATH}>Retour à la connexion</IntentLink>
        </p>
      ) : (
        <ApiForm
          form={form}
          submitLabel="Recevoir le lien"
          actions={<IntentLink href={AUTH_PATH}>Retour à la connexion</IntentLink>}
        >
          <EmailField label="Adresse e-mail de votre compte" {...form.bind('email')} />
        </ApiForm>
      )}
    </div>
  );
}

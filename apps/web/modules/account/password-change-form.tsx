'use client';

import { IntentLink } from '../../ui/intent-link';
import { useState } from 'react';
import type { z } from 'zod';
import { PASSWORD_RULE_MESSAGE } from '@comptoir/domain/password-strength';
import { ApiForm } from '../../ui/api-form';
import { PasswordField } from '../../ui/password-field';
import { notifySuccess } from '../../ui/toaster';
import { useApiForm } from '../../ui/use-api-form';
import { PASSWORD_RESET_ASK_PATH } from './account-paths';
import { browserApi } from './browser-api';
import type { ChangePasswordFormValues, changePasswordFormSchema } from './form-schemas';
import { endSessionOn401 } from './use-account-failure';
import styles from './account.module.css';

const CHANGED_MESSAGE =
  'Votre mot de passe est modifié. Vos autres appareils devront se reconnecter avec le nouveau.';

/** PUT /user/password: the current password, then the new one twice. */
export function PasswordChangeForm({ siteId }: { siteId: number }) {
  const [status, setStatus] = useState<string | null>(null);
  const form = useApiForm({
    contract: () => import('./account-contracts').then((module) => module.changePasswordContract),
    defaultValues: {
      currentPassword: '',
      newPassword: '',
      newPasswordConfirmation: '',
    } satisfies ChangePasswordFormValues,
    serverFields: ['currentPassword', 'newPassword'],
    submit: async (
      { currentPassword, newPassword }: z.output<typeof changePasswordFormSchema>,
      { endpoint },
    ) => {
      setStatus(null);
      await browserApi(siteId).call(endpoint, { body: { currentPassword, newPassword } });
      form.reset();
      setStatus(CHANGED_MESSAGE);
      notifySuccess('Votre mot de passe est modifié.');
    },
    onFailure: endSessionOn401,
  });

  return (
    <section className={styles.card} aria-labelledby="changer-mot-de-passe">
      <h2 id="changer-mot-de-passe" className={styles.panelTitle}>
        Changer mon mot de passe
      </h2>
      <ApiForm
        form={form}
        label="Changer mon mot de passe"
        submitLabel="Changer le mot de passe"
        pendingLabel="Enregistrement…"
        actions={
          <IntentLink href={PASSWORD_RESET_ASK_PATH}>Mot de passe actuel oublié ?</IntentLink>
        }
        status={status}
      >
        <PasswordField
          label="Mot de passe actuel"
          autoComplete="current-password"
          {...form.bind('currentPassword')}
        />
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          hint={PASSWORD_RULE_MESSAGE}
          {...form.bind('newPassword')}
        />
        <PasswordField
          label="Confirmation du nouveau mot de passe"
          autoComplete="new-password"
          {...form.bind('newPasswordConfirmation')}
        />
      </ApiForm>
    </section>
  );
}

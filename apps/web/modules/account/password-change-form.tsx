'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePassword } from '@comptoir/contract/user';
import { PASSWORD_RULE_MESSAGE } from '@comptoir/domain/password-strength';
import { FormStatus } from '../../ui/form-status';
import { PasswordField } from '../../ui/password-field';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { notifySuccess } from '../../ui/toaster';
import formStyles from '../../ui/forms.module.css';
import { PASSWORD_RESET_ASK_PATH } from './account-paths';
import { browserApi } from './browser-api';
import { changePasswordFormSchema, type ChangePasswordFormValues } from './form-schemas';
import { endSessionOn401 } from './use-account-failure';
import styles from './account.module.css';

const CHANGED_MESSAGE =
  'Votre mot de passe est modifié. Vos autres appareils devront se reconnecter avec le nouveau.';

/** PUT /user/password: the current password, then the new one twice. */
export function PasswordChangeForm({ siteId }: { siteId: number }) {
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setStatus(null);
    try {
      await browserApi(siteId).call(changePassword, { body: { currentPassword, newPassword } });
      reset();
      setStatus(CHANGED_MESSAGE);
      notifySuccess('Votre mot de passe est modifié.');
    } catch (error) {
      reportFailure(error, setError, ['currentPassword', 'newPassword']);
      endSessionOn401(error);
    }
  });

  return (
    <section className={styles.card} aria-labelledby="changer-mot-de-passe">
      <h2 id="changer-mot-de-passe" className={styles.panelTitle}>
        Changer mon mot de passe
      </h2>
      <form
        className={formStyles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label="Changer mon mot de passe"
      >
        <PasswordField
          label="Mot de passe actuel"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          hint={PASSWORD_RULE_MESSAGE}
          registration={register('newPassword')}
          error={errors.newPassword?.message}
        />
        <PasswordField
          label="Confirmation du nouveau mot de passe"
          autoComplete="new-password"
          registration={register('newPasswordConfirmation')}
          error={errors.newPasswordConfirmation?.message}
        />
        <FormStatus>{status}</FormStatus>
        <div className={formStyles.actions}>
          <SubmitButton pending={isSubmitting} pendingLabel="Enregistrement…">
            Changer le mot de passe
          </SubmitButton>
          <Link href={PASSWORD_RESET_ASK_PATH}>Mot de passe actuel oublié ?</Link>
        </div>
      </form>
    </section>
  );
}

'use client';

import { IntentLink } from '../../ui/intent-link';
import { useParams, useRouter } from 'next/navigation';
import type { z } from 'zod';
import { PASSWORD_RULE_MESSAGE } from '@comptoir/domain/password-strength';
import { ApiForm } from '../../ui/api-form';
import { PasswordField } from '../../ui/password-field';
import { notifySuccess } from '../../ui/toaster';
import { useApiForm } from '../../ui/use-api-form';
import { AUTH_PATH, PASSWORD_RESET_ASK_PATH } from './account-paths';
import { browserApi } from './browser-api';
import type { ResetPasswordFormValues, resetPasswordFormSchema } from './form-schemas';
import styles from './account.module.css';

/** The token of /password/reset/{token}: the route's optional catch-all, one segment or none. */
function tokenFrom(segments: string | string[] | undefined): string | null {
  const value = Array.isArray(segments) ? segments.join('/') : segments;
  return value && value.trim() !== '' ? value : null;
}

/**
 * The page the reset mail links to (/password/reset/{token}); without a token it explains where
 * to find the link and how to ask for another. The token is only sent back with the new password.
 */
export function PasswordReset({ siteId }: { siteId: number }) {
  const token = tokenFrom(useParams<{ token?: string[] }>().token);
  if (!token) {
    return (
      <div className={styles.stack}>
        <p>
          Pour choisir un nouveau mot de passe, ouvrez le lien que nous vous avons envoyé par e-mail
          : il mène à cette page et vous identifie. Il est valable une heure et ne sert qu&apos;une
          fois.
        </p>
        <p>Vous n&apos;avez pas reçu de lien, ou il n&apos;est plus valable ?</p>
        <p>
          <IntentLink href={PASSWORD_RESET_ASK_PATH} className="button">
            Demander un nouveau lien
          </IntentLink>
        </p>
      </div>
    );
  }
  return <PasswordResetForm siteId={siteId} token={token} />;
}

function PasswordResetForm({ siteId, token }: { siteId: number; token: string }) {
  const router = useRouter();
  const form = useApiForm({
    contract: () => import('./account-contracts').then((module) => module.resetContract),
    defaultValues: { password: '', passwordConfirmation: '' } satisfies ResetPasswordFormValues,
    serverFields: ['password'],
    submit: async ({ password }: z.output<typeof resetPasswordFormSchema>, { endpoint }) => {
      await browserApi(siteId).call(endpoint, { body: { token, password } });
      notifySuccess('Votre mot de passe est modifié. Connectez-vous avec le nouveau.');
      router.push(AUTH_PATH);
    },
  });

  return (
    <ApiForm
      form={form}
      submitLabel="Enregistrer le mot de passe"
      actions={<IntentLink href={PASSWORD_RESET_ASK_PATH}>Demander un nouveau lien</IntentLink>}
    >
      <PasswordField
        label="Nouveau mot de passe"
        autoComplete="new-password"
        hint={PASSWORD_RULE_MESSAGE}
        {...form.bind('password')}
      />
      <PasswordField
        label="Confirmation du nouveau mot de passe"
        autoComplete="new-password"
        {...form.bind('passwordConfirmation')}
      />
    </ApiForm>
  );
}

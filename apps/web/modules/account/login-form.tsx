'use client';

import { IntentLink } from '../../ui/intent-link';
import type { z } from 'zod';
import type { loginBodySchema } from '@comptoir/contract/auth';
import { ApiForm } from '../../ui/api-form';
import { PasswordField } from '../../ui/password-field';
import { EmailField } from '../../ui/person-fields';
import { useApiForm } from '../../ui/use-api-form';
import { PASSWORD_RESET_ASK_PATH } from './account-paths';
import { browserApi } from './browser-api';

interface LoginFormProps {
  siteId: number;
  /** Called once the session is open and the cart attached. */
  onLoggedIn: () => void;
}

export function LoginForm({ siteId, onLoggedIn }: LoginFormProps) {
  const form = useApiForm({
    contract: () => import('./account-contracts').then((module) => module.loginContract),
    defaultValues: { email: '', password: '' } satisfies z.input<typeof loginBodySchema>,
    serverFields: ['email', 'password'],
    submit: async (body: z.output<typeof loginBodySchema>, { endpoint, completeLogin }) => {
      const session = await browserApi(siteId).call(endpoint, { body });
      await completeLogin(siteId, session.user);
      onLoggedIn();
    },
  });

  return (
    <ApiForm
      form={form}
      label="Connexion"
      submitLabel="Se connecter"
      pendingLabel="Connexion…"
      actions={<IntentLink href={PASSWORD_RESET_ASK_PATH}>Mot de passe oublié ?</IntentLink>}
    >
      <EmailField autoComplete="username" {...form.bind('email')} />
      <PasswordField
        label="Mot de passe"
        autoComplete="current-password"
        {...form.bind('password')}
      />
    </ApiForm>
  );
}

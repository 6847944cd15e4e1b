'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { login, loginBodySchema } from '@comptoir/contract/auth';
import { PasswordField } from '../../ui/password-field';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import formStyles from '../../ui/forms.module.css';
import { PASSWORD_RESET_ASK_PATH } from './account-paths';
import { browserApi } from './browser-api';
import { completeLogin } from './session';

type LoginValues = z.input<typeof loginBodySchema>;

interface LoginFormProps {
  siteId: number;
  /** Called once the session is open and the cart attached. */
  onLoggedIn: () => void;
}

export function LoginForm({ siteId, onLoggedIn }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, z.output<typeof loginBodySchema>>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const session = await browserApi(siteId).call(login, { body });
      await completeLogin(siteId, session.user);
      onLoggedIn();
    } catch (error) {
      reportFailure(error, setError, ['email', 'password']);
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Connexion">
      <TextField
        label="Adresse e-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        registration={register('email')}
        error={errors.email?.message}
      />
      <PasswordField
        label="Mot de passe"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <div className={formStyles.actions}>
        <SubmitButton pending={isSubmitting} pendingLabel="Connexion…">
          Se connecter
        </SubmitButton>
        <Link href={PASSWORD_RESET_ASK_PATH}>Mot de passe oublié ?</Link>
      </div>
    </form>
  );
}

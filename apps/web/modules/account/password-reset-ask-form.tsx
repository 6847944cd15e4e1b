'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  askPasswordReset,
  askPasswordResetBodySchema,
  RESET_ASKED_MESSAGE,
} from '@comptoir/contract/auth';
import { FormStatus } from '../../ui/form-status';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import formStyles from '../../ui/forms.module.css';
import { AUTH_PATH } from './account-paths';
import { browserApi } from './browser-api';

type AskValues = z.input<typeof askPasswordResetBodySchema>;

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function PasswordResetAskForm({ siteId }: { siteId: number }) {
  const [asked, setAsked] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AskValues, unknown, z.output<typeof askPasswordResetBodySchema>>({
    resolver: zodResolver(askPasswordResetBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await browserApi(siteId).call(askPasswordReset, { body });
      setAsked(true);
    } catch (error) {
      reportFailure(error, setError, ['email']);
    }
  });

  return (
    <div className={formStyles.form}>
      <FormStatus>{asked ? RESET_ASKED_MESSAGE : null}</FormStatus>
      {asked ? (
        <p>
          <Link href={AUTH_PATH}>Retour à la connexion</Link>
        </p>
      ) : (
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label="Adresse e-mail de votre compte"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            registration={register('email')}
            error={errors.email?.message}
          />
          <div className={formStyles.actions}>
            <SubmitButton pending={isSubmitting}>Recevoir le lien</SubmitButton>
            <Link href={AUTH_PATH}>Retour à la connexion</Link>
          </div>
        </form>
      )}
    </div>
  );
}

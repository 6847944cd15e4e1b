'use client';

import type { ReactNode } from 'react';
import type { z } from 'zod';
import { PASSWORD_RULE_MESSAGE } from '@comptoir/domain/password-strength';
import { ApiForm } from '../../ui/api-form';
import { CheckboxField } from '../../ui/checkbox-field';
import { PasswordField } from '../../ui/password-field';
import { BirthdateField, EmailField, NameFields, PhoneField } from '../../ui/person-fields';
import { useApiForm } from '../../ui/use-api-form';
import { browserApi } from './browser-api';
import type { RegisterFormValues, registerFormSchema } from './form-schemas';

interface RegisterFormProps {
  siteId: number;
  /** ASK_BIRTHDATE_AT_REGISTER (or BLOCK_MINORS): the birth date is asked, and required. */
  askBirthdate: boolean;
  onLoggedIn: () => void;
  /** The terms of use checkbox's label (terms-label.tsx, rendered by the server page). */
  termsLabel: ReactNode;
}

type RegisterOutput = z.output<ReturnType<typeof registerFormSchema>>;

export function RegisterForm({ siteId, askBirthdate, onLoggedIn, termsLabel }: RegisterFormProps) {
  const form = useApiForm({
    contract: () =>
      import('./account-contracts').then((module) => module.registerContract(askBirthdate)),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      birthdate: '',
      password: '',
      passwordConfirmation: '',
    } satisfies Partial<RegisterFormValues> as RegisterFormValues,
    serverFields: [
      'firstname',
      'lastname',
      'email',
      'phone',
      'birthdate',
      'password',
      'passwordConfirmation',
      'acceptTerms',
    ],
    submit: async (
      { passwordConfirmation: _confirmation, ...body }: RegisterOutput,
      { endpoint, completeLogin },
    ) => {
      const session = await browserApi(siteId).call(endpoint, {
        body: askBirthdate ? body : { ...body, birthdate: null },
      });
      await completeLogin(siteId, session.user);
      onLoggedIn();
    },
  });

  return (
    <ApiForm
      form={form}
      label="Création de compte"
      submitLabel="Créer mon compte"
      pendingLabel="Création du compte…"
    >
      <NameFields firstname={form.bind('firstname')} lastname={form.bind('lastname')} />
      <EmailField {...form.bind('email')} />
      <PhoneField {...form.bind('phone')} />
      {askBirthdate && <BirthdateField {...form.bind('birthdate')} />}
      <PasswordField
        label="Mot de passe"
        autoComplete="new-password"
        hint={PASSWORD_RULE_MESSAGE}
        {...form.bind('password')}
      />
      <PasswordField
        label="Confirmation du mot de passe"
        autoComplete="new-password"
        {...form.bind('passwordConfirmation')}
      />
      <CheckboxField required {...form.bind('acceptTerms')} label={termsLabel} />
    </ApiForm>
  );
}

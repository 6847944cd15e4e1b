'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { register as registerAccount } from '@comptoir/contract/auth';
import { PASSWORD_RULE_MESSAGE } from '@comptoir/domain/password-strength';
import { CheckboxField } from '../../ui/checkbox-field';
import { PasswordField } from '../../ui/password-field';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import formStyles from '../../ui/forms.module.css';
import { browserApi } from './browser-api';
import { registerFormSchema, type RegisterFormValues } from './form-schemas';
import { completeLogin } from './session';
import { TermsLabel } from './terms-label';

interface RegisterFormProps {
  siteId: number;
  /** ASK_BIRTHDATE_AT_REGISTER (or BLOCK_MINORS): the birth date is asked, and required. */
  askBirthdate: boolean;
  onLoggedIn: () => void;
}

const FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'birthdate',
  'password',
  'passwordConfirmation',
  'acceptTerms',
] as const;

export function RegisterForm({ siteId, askBirthdate, onLoggedIn }: RegisterFormProps) {
  const schema = useMemo(
    () => registerFormSchema({ birthdateRequired: askBirthdate }),
    [askBirthdate],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      birthdate: '',
      password: '',
      passwordConfirmation: '',
    },
  });

  const onSubmit = handleSubmit(async ({ passwordConfirmation: _confirmation, ...body }) => {
    try {
      const session = await browserApi(siteId).call(registerAccount, {
        body: askBirthdate ? body : { ...body, birthdate: null },
      });
      await completeLogin(siteId, session.user);
      onLoggedIn();
    } catch (error) {
      reportFailure(error, setError, FIELDS);
    }
  });

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Création de compte"
    >
      <div className={formStyles.row}>
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
      {askBirthdate && (
        <TextField
          label="Date de naissance"
          type="date"
          autoComplete="bday"
          registration={register('birthdate')}
          error={errors.birthdate?.message}
        />
      )}
      <PasswordField
        label="Mot de passe"
        autoComplete="new-password"
        hint={PASSWORD_RULE_MESSAGE}
        registration={register('password')}
        error={errors.password?.message}
      />
      <PasswordField
        label="Confirmation du mot de passe"
        autoComplete="new-password"
        registration={register('passwordConfirmation')}
        error={errors.passwordConfirmation?.message}
      />
      <CheckboxField
        required
        registration={register('acceptTerms')}
        error={errors.acceptTerms?.message}
        label={<TermsLabel />}
      />
      <div className={formStyles.actions}>
        <SubmitButton pending={isSubmitting} pendingLabel="Création du compte…">
          Créer mon compte
        </SubmitButton>
      </div>
    </form>
  );
}

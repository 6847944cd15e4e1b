'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateUser, userProfileBodySchema, type User } from '@comptoir/contract/user';
import { useAccountStore } from '../../lib/stores/account-store';
import { FormStatus } from '../../ui/form-status';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { notifySuccess } from '../../ui/toaster';
import formStyles from '../../ui/forms.module.css';
import { browserApi } from './browser-api';
import { endSessionOn401 } from './use-account-failure';
import styles from './account.module.css';

type ProfileValues = z.input<typeof userProfileBodySchema>;

const SAVED_MESSAGE = 'Vos informations sont enregistrées.';

function valuesOf(user: User): ProfileValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone ?? '',
    birthdate: user.birthdate ?? '',
  };
}

/** The member's own information (PUT /user). The e-mail address is the login: shown, not edited. */
export function ProfileForm({ siteId }: { siteId: number }) {
  const user = useAccountStore((state) => state.user);
  if (!user) return null;
  return <ProfileFormFor key={user.id} siteId={siteId} user={user} />;
}

function ProfileFormFor({ siteId, user }: { siteId: number; user: User }) {
  const setMember = useAccountStore((state) => state.setMember);
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues, unknown, z.output<typeof userProfileBodySchema>>({
    resolver: zodResolver(userProfileBodySchema),
    defaultValues: valuesOf(user),
  });

  const onSubmit = handleSubmit(async (body) => {
    setStatus(null);
    try {
      const updated = await browserApi(siteId).call(updateUser, { body });
      reset(valuesOf(updated));
      setMember(updated);
      setStatus(SAVED_MESSAGE);
      notifySuccess(SAVED_MESSAGE);
    } catch (error) {
      reportFailure(error, setError, ['firstname', 'lastname', 'phone', 'birthdate']);
      endSessionOn401(error);
    }
  });

  return (
    <section className={styles.card} aria-labelledby="mes-informations">
      <h2 id="mes-informations" className={styles.panelTitle}>
        Mes informations
      </h2>
      <dl className={styles.identity}>
        <dt>Adresse e-mail (identifiant de connexion)</dt>
        <dd>{user.email}</dd>
      </dl>
      <form
        className={formStyles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label="Mes informations"
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
        <div className={formStyles.row}>
          <TextField
            label="Téléphone"
            type="tel"
            autoComplete="tel"
            optional
            registration={register('phone')}
            error={errors.phone?.message}
          />
          <TextField
            label="Date de naissance"
            type="date"
            autoComplete="bday"
            optional
            registration={register('birthdate')}
            error={errors.birthdate?.message}
          />
        </div>
        <FormStatus>{status}</FormStatus>
        <div className={formStyles.actions}>
          <SubmitButton pending={isSubmitting} pendingLabel="Enregistrement…">
            Enregistrer mes informations
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

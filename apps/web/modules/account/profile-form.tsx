'use client';

import { useState } from 'react';
import type { z } from 'zod';
import type { User, userProfileBodySchema } from '@comptoir/contract/user';
import { useAccountStore } from '../../lib/stores/account-store';
import { ApiForm } from '../../ui/api-form';
import { BirthdateField, NameFields, PhoneField } from '../../ui/person-fields';
import { notifySuccess } from '../../ui/toaster';
import { useApiForm } from '../../ui/use-api-form';
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
  const form = useApiForm({
    contract: () => import('./account-contracts').then((module) => module.profileContract),
    defaultValues: valuesOf(user),
    serverFields: ['firstname', 'lastname', 'phone', 'birthdate'],
    submit: async (body: z.output<typeof userProfileBodySchema>, { endpoint }) => {
      setStatus(null);
      const updated = await browserApi(siteId).call(endpoint, { body });
      form.reset(valuesOf(updated));
      setMember(updated);
      setStatus(SAVED_MESSAGE);
      notifySuccess(SAVED_MESSAGE);
    },
    onFailure: endSessionOn401,
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
      <ApiForm
        form={form}
        label="Mes informations"
        submitLabel="Enregistrer mes informations"
        pendingLabel="Enregistrement…"
        status={status}
      >
        <NameFields firstname={form.bind('firstname')} lastname={form.bind('lastname')} />
        <div className={formStyles.row}>
          <PhoneField {...form.bind('phone')} />
          <BirthdateField optional {...form.bind('birthdate')} />
        </div>
      </ApiForm>
    </section>
  );
}

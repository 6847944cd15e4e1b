'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import {
  INVITATION_LIFETIME_DAYS,
  SITE_TEMPLATES,
  SITE_TEMPLATE_LABELS,
  createPlatformSite,
  inviteSiteAdmin,
  siteAddressesSchema,
  siteAdminInviteSchema,
  siteCreateSchema,
  updatePlatformSite,
  type PlatformSite,
  type SiteAddresses,
  type SiteAddressesInput,
  type SiteAdminInviteInput,
  type SiteCreateInput,
} from '@comptoir/contract/admin-platform';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import { TextField } from '../../../ui/text-field';
import { notifySuccess } from '../../../ui/toaster';
import styles from '../forms/form-builder.module.css';

/** Runs a write, puts the API's field errors on their fields, and says what failed. */
async function submitted<V extends FieldValues>(
  write: () => Promise<unknown>,
  setError: UseFormSetError<V>,
  setFailure: (message: string | null) => void,
): Promise<boolean> {
  setFailure(null);
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ApiError) {
      for (const { key, error: message } of error.errors) {
        setError(key as Path<V>, { message }, { shouldFocus: true });
      }
    }
    setFailure(failureMessage(error));
    return false;
  }
}

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.error} role="alert">
      {message}
    </p>
  ) : null;
}

function AddressFields({
  register,
  errors,
}: {
  register: ReturnType<typeof useForm<SiteAddressesInput>>['register'];
  errors: Partial<Record<'name' | 'devUrl' | 'prodUrl', { message?: string }>>;
}) {
  return (
    <>
      <TextField label="Nom du site" registration={register('name')} error={errors.name?.message} />
      <div className={styles.grid}>
        <TextField
          label="Adresse de production"
          optional
          type="url"
          spellCheck={false}
          registration={register('prodUrl')}
          error={errors.prodUrl?.message}
          hint="L’adresse publique, par exemple https://www.mon-site.fr."
        />
        <TextField
          label="Adresse de test"
          optional
          type="url"
          spellCheck={false}
          registration={register('devUrl')}
          error={errors.devUrl?.message}
          hint="Celle d’un serveur d’essai ; les liens des e-mails y mènent hors production."
        />
      </div>
    </>
  );
}

function CreateSiteForm({ onCreate }: { onCreate: (body: SiteCreateInput) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SiteCreateInput>({
    defaultValues: { name: '', template: 'BROCHURE', devUrl: '', prodUrl: '' },
    resolver: zodResolver(siteCreateSchema) as never,
  });
  const submit = handleSubmit(async (values) => {
    if (await submitted(() => onCreate(values), setError, setFailure)) reset();
  });
  return (
    <form className={styles.section} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className={styles.sectionTitle}>Créer un site</h2>
      <fieldset className={styles.types}>
        <legend>Modèle</legend>
        {SITE_TEMPLATES.map((template) => (
          <label key={template}>
            <input type="radio" value={template} {...register('template')} />
            {SITE_TEMPLATE_LABELS[template]}
          </label>
        ))}
      </fieldset>
      <p className={styles.note}>
        Le nouveau site reprend du modèle ses couleurs, polices, réglages et pages du menu (vides),
        et pour la boutique la structure du catalogue, sans les produits ni l’identité de
        l’entreprise.
      </p>
      <AddressFields register={register as never} errors={errors} />
      <Failure message={failure} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Création…' : 'Créer le site'}
        </button>
      </div>
    </form>
  );
}

function AddressesForm({
  site,
  onSave,
}: {
  site: PlatformSite;
  onSave: (body: SiteAddresses) => Promise<unknown>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SiteAddressesInput, unknown, SiteAddresses>({
    defaultValues: { name: site.name, devUrl: site.devUrl ?? '', prodUrl: site.prodUrl ?? '' },
    resolver: zodResolver(siteAddressesSchema),
  });
  const submit = handleSubmit(async (values) => {
    await submitted(() => onSave(values), setError, setFailure);
  });
  return (
    <form className={styles.grid} onSubmit={(event) => void submit(event)} noValidate>
      <AddressFields register={register} errors={errors} />
      <Failure message={failure} />
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary} disabled={isSubmitting}>
          Enregistrer les adresses
        </button>
      </div>
    </form>
  );
}

function InviteForm({ onInvite }: { onInvite: (body: SiteAdminInviteInput) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SiteAdminInviteInput>({
    defaultValues: { email: '', firstname: '', lastname: '' },
    resolver: zodResolver(siteAdminInviteSchema) as never,
  });
  const submit = handleSubmit(async (values) => {
    if (await submitted(() => onInvite(values), setError, setFailure)) reset();
  });
  return (
    <form className={styles.grid} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Prénom"
        registration={register('firstname')}
        error={errors.firstname?.message}
      />
      <TextField label="Nom" registration={register('lastname')} error={errors.lastname?.message} />
      <TextField
        label="Adresse e-mail"
        type="email"
        registration={register('email')}
        error={errors.email?.message}
        hint={`Un lien lui est envoyé pour choisir son mot de passe : il sert une fois, pendant ${INVITATION_LIFETIME_DAYS} jours.`}
      />
      <Failure message={failure} />
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary} disabled={isSubmitting}>
          {isSubmitting ? 'Envoi…' : 'Inviter'}
        </button>
      </div>
    </form>
  );
}

function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details>
      <summary className={styles.tool}>{summary}</summary>
      <div className={styles.placement}>{children}</div>
    </details>
  );
}

/** The platform's sites, a new site from a template, addresses and administrators. */
export function PlatformManager({ siteId, sites }: { siteId: number; sites: PlatformSite[] }) {
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const router = useRouter();
  const done = (message: string) => {
    notifySuccess(message);
    router.refresh();
  };
  return (
    <div className={styles.builder}>
      <CreateSiteForm
        onCreate={async (body) => {
          const created = await api.call(createPlatformSite, { body });
          done(`Site « ${created.name} » créé (n° ${created.id}).`);
        }}
      />
      <section aria-labelledby="titre-sites" className={styles.builder}>
        <h2 id="titre-sites" className={styles.sectionTitle}>
          Sites de la plateforme ({sites.length})
        </h2>
        <ul className={styles.formList}>
          {sites.map((site) => (
            <li key={site.id} className={styles.formCard}>
              <h3 className={styles.fieldTitle}>
                {site.name} <span className={styles.note}>(n° {site.id})</span>
              </h3>
              <p className={styles.note}>
                Production : {site.prodUrl ?? 'aucune'} · Test : {site.devUrl ?? 'aucune'}
                {site.isECommerce ? ' · Boutique en ligne' : ' · Site vitrine'}
              </p>
              <p className={styles.note}>
                {site.admins.length === 0
                  ? 'Aucun administrateur.'
                  : `Administrateurs : ${site.admins
                      .map(
                        (admin) =>
                          `${admin.firstname} ${admin.lastname} <${admin.email}>${admin.hasPassword ? '' : ' (invitation en attente)'}`,
                      )
                      .join(', ')}`}
              </p>
              <div className={styles.actions}>
                <Disclosure summary={`Adresses de « ${site.name} »`}>
                  <AddressesForm
                    site={site}
                    onSave={async (body) => {
                      await api.call(updatePlatformSite, { params: { id: site.id }, body });
                      done('Adresses enregistrées.');
                    }}
                  />
                </Disclosure>
                <Disclosure summary={`Inviter un administrateur de « ${site.name} »`}>
                  <InviteForm
                    onInvite={async (body) => {
                      await api.call(inviteSiteAdmin, { params: { id: site.id }, body });
                      done(`Invitation envoyée à ${body.email}.`);
                    }}
                  />
                </Disclosure>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import {
  INVITATION_LIFETIME_DAYS,
  SITE_TEMPLATES,
  SITE_TEMPLATE_LABELS,
  createPlatformSite,
  inviteSiteAdmin,
  siteAddressesSchema,
  siteAdminInviteSchema,
  siteCreateSchema,
  platformHostSchema,
  updatePlatformHost,
  updatePlatformSite,
  type PlatformHost,
  type PlatformHostInput,
  type PlatformSite,
  type SiteAddresses,
  type SiteAddressesInput,
  type SiteAdminInviteInput,
  type SiteCreateInput,
} from '@comptoir/contract/admin-platform';
import { browserApi } from '../../account/browser-api';
import { TextField } from '../../../ui/text-field';
import { notifySuccess } from '../../../ui/toaster';
import { useApiForm, type ApiForm, type FieldBinding } from '../../../ui/use-api-form';
import styles from '../forms/form-builder.module.css';

/**
 * A form of this screen on useApiForm, as the back office's list editors: the contract's schema
 * checks it, the API's field errors go beside their fields (the first takes the focus) and its
 * message into the form's alert; once sent, a form that makes something new is emptied.
 */
function usePlatformForm<Values extends FieldValues, Output>({
  resolver,
  defaultValues,
  serverFields,
  send,
  emptyAfter = false,
}: {
  resolver: Resolver<Values, unknown, Output>;
  defaultValues: DefaultValues<Values>;
  serverFields: readonly Path<Values>[];
  send: (values: Output) => Promise<unknown>;
  emptyAfter?: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form: ApiForm<Values> = useApiForm<Values, Output, { resolver: typeof resolver }>({
    contract: () => Promise.resolve({ resolver }),
    defaultValues,
    serverFields,
    notify: setFailure,
    submit: async (values) => {
      setFailure(null);
      await send(values);
      if (emptyAfter) form.reset();
    },
  });
  return { form, failure };
}

const ADDRESS_FIELDS = ['name', 'prodUrl', 'devUrl'] as const;

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.error} role="alert">
      {message}
    </p>
  ) : null;
}

type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The site's name and addresses, in the new site's form and in each site's. */
function AddressFields({ bind }: { bind: (name: AddressField) => FieldBinding }) {
  return (
    <>
      <TextField label="Nom du site" {...bind('name')} />
      <div className={styles.grid}>
        <TextField
          label="Adresse de production"
          optional
          type="url"
          spellCheck={false}
          {...bind('prodUrl')}
          hint="L’adresse publique, par exemple https://www.mon-site.fr."
        />
        <TextField
          label="Adresse de test"
          optional
          type="url"
          spellCheck={false}
          {...bind('devUrl')}
          hint="Celle d’un serveur d’essai ; les liens des e-mails y mènent hors production."
        />
      </div>
    </>
  );
}

function CreateSiteForm({ onCreate }: { onCreate: (body: SiteCreateInput) => Promise<unknown> }) {
  const { form, failure } = usePlatformForm<SiteCreateInput, SiteCreateInput>({
    resolver: zodResolver(siteCreateSchema) as never,
    defaultValues: { name: '', template: 'BROCHURE', devUrl: '', prodUrl: '' },
    serverFields: ['template', ...ADDRESS_FIELDS],
    send: onCreate,
    emptyAfter: true,
  });
  const isSubmitting = form.formState.isSubmitting;
  return (
    <form className={styles.section} onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <h2 className={styles.sectionTitle}>Créer un site</h2>
      <fieldset className={styles.types}>
        <legend>Modèle</legend>
        {SITE_TEMPLATES.map((template) => (
          <label key={template}>
            <input type="radio" {...form.bindChoice('template', template).registration} />
            {SITE_TEMPLATE_LABELS[template]}
          </label>
        ))}
      </fieldset>
      <p className={styles.note}>
        Le nouveau site reprend du modèle ses couleurs, polices, réglages et pages du menu (vides),
        et pour la boutique la structure du catalogue, sans les produits ni l’identité de
        l’entreprise.
      </p>
      <AddressFields bind={(name) => form.bind(name)} />
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
  const { form, failure } = usePlatformForm<SiteAddressesInput, SiteAddresses>({
    resolver: zodResolver(siteAddressesSchema),
    defaultValues: { name: site.name, devUrl: site.devUrl ?? '', prodUrl: site.prodUrl ?? '' },
    serverFields: ADDRESS_FIELDS,
    send: onSave,
  });
  return (
    <form className={styles.grid} onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <AddressFields bind={(name) => form.bind(name)} />
      <Failure message={failure} />
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary} disabled={form.formState.isSubmitting}>
          Enregistrer les adresses
        </button>
      </div>
    </form>
  );
}

function InviteForm({ onInvite }: { onInvite: (body: SiteAdminInviteInput) => Promise<unknown> }) {
  const { form, failure } = usePlatformForm<SiteAdminInviteInput, SiteAdminInviteInput>({
    resolver: zodResolver(siteAdminInviteSchema) as never,
    defaultValues: { email: '', firstname: '', lastname: '' },
    serverFields: ['firstname', 'lastname', 'email'],
    send: onInvite,
    emptyAfter: true,
  });
  const isSubmitting = form.formState.isSubmitting;
  return (
    <form className={styles.grid} onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <TextField label="Prénom" {...form.bind('firstname')} />
      <TextField label="Nom" {...form.bind('lastname')} />
      <TextField
        label="Adresse e-mail"
        type="email"
        {...form.bind('email')}
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

/** The host every site's legal notice names (LCEN art. 6, decision 0110). */
function HostForm({
  host,
  onSave,
}: {
  host: PlatformHost;
  onSave: (body: PlatformHostInput) => Promise<unknown>;
}) {
  const { form, failure } = usePlatformForm<PlatformHostInput, PlatformHostInput>({
    resolver: zodResolver(platformHostSchema) as never,
    defaultValues: { name: host.name ?? '', address: host.address ?? '', phone: host.phone ?? '' },
    serverFields: ['name', 'address', 'phone'],
    send: onSave,
  });
  const isSubmitting = form.formState.isSubmitting;
  return (
    <form
      className={styles.section}
      onSubmit={(event) => void form.onSubmit(event)}
      noValidate
      aria-labelledby="titre-hebergeur"
    >
      <h2 id="titre-hebergeur" className={styles.sectionTitle}>
        Hébergeur
      </h2>
      <p className={styles.note}>
        Les mentions légales de chaque site nomment l’hébergeur, comme l’exige la loi pour la
        confiance dans l’économie numérique (article 6) : son nom, son adresse et son téléphone.
      </p>
      <TextField label="Nom ou raison sociale" optional {...form.bind('name')} />
      <TextField label="Adresse" optional {...form.bind('address')} />
      <TextField label="Téléphone" optional type="tel" {...form.bind('phone')} />
      <Failure message={failure} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Enregistrement…' : 'Enregistrer l’hébergeur'}
        </button>
      </div>
    </form>
  );
}

/** The platform's sites, a new site from a template, addresses and administrators. */
export function PlatformManager({
  siteId,
  sites,
  host,
}: {
  siteId: number;
  sites: PlatformSite[];
  host: PlatformHost;
}) {
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const router = useRouter();
  const done = (message: string) => {
    notifySuccess(message);
    router.refresh();
  };
  return (
    <div className={styles.builder}>
      <HostForm
        host={host}
        onSave={async (body) => {
          await api.call(updatePlatformHost, { body });
          done('Hébergeur enregistré : les mentions légales de tous les sites le nomment.');
        }}
      />
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

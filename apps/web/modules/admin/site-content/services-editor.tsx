'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  centsToEurosText,
  createAdminService,
  deleteAdminService,
  reorderAdminServices,
  serviceFormSchema,
  updateAdminService,
  type AdminService,
  type ServiceFormValues,
  type ServiceInput,
} from '@comptoir/contract/admin-services';
import { formatPrice } from '@comptoir/domain/money';
import { browserApi } from '../../account/browser-api';
import { servicePath } from '../../services/service-format';
import controls from '../admin-controls.module.css';
import { AdminField } from './admin-field';
import { AdminItemForm, AdminList, type AdminItemFormSlot } from '../frame/admin-list';
import styles from './site-content.module.css';

const EMPTY: ServiceFormValues = {
  title: '',
  slug: '',
  summary: '',
  content: '',
  imageUrl: '',
  price: '',
  duration: '',
  tags: '',
  isPublished: true,
};

function formValuesOf(service: AdminService | null): ServiceFormValues {
  if (!service) return EMPTY;
  return {
    title: service.title,
    slug: service.slug,
    summary: service.summary ?? '',
    content: service.content ?? '',
    imageUrl: service.imageUrl ?? '',
    price: centsToEurosText(service.priceCents),
    duration: service.durationMinutes === null ? '' : String(service.durationMinutes),
    tags: service.tags.join(', '),
    isPublished: service.isPublished,
  };
}

/** The API names the stored fields; the form shows price and duration as typed. */
const SERVER_KEYS = { priceCents: 'price', durationMinutes: 'duration' } as const;

const SERVICE_FIELDS = [
  'title',
  'summary',
  'content',
  'price',
  'duration',
  'imageUrl',
  'tags',
  'slug',
  'isPublished',
] as const;

/** « 49,90 € · 45 min » as the storefront's cards say it. */
function serviceFacts(service: AdminService): string {
  const price = service.priceCents === null ? 'Sur devis' : formatPrice(service.priceCents);
  return service.durationMinutes === null ? price : `${price} · ${service.durationMinutes} min`;
}

function ServiceForm({
  service,
  slot,
}: {
  service: AdminService | null;
  slot: AdminItemFormSlot<ServiceInput>;
}) {
  const id = useId();
  return (
    <AdminItemForm<ServiceFormValues, ServiceInput>
      resolver={zodResolver(serviceFormSchema)}
      defaultValues={formValuesOf(service)}
      serverFields={SERVICE_FIELDS}
      serverKeys={SERVER_KEYS}
      submitLabel={service ? 'Enregistrer' : 'Ajouter la prestation'}
      {...slot}
    >
      {(form) => {
        const field = (
          name: Exclude<keyof ServiceFormValues, 'isPublished'>,
          label: string,
          options: Omit<Parameters<typeof AdminField>[0], 'id' | 'label' | 'registration'> = {},
        ) => <AdminField id={`${id}-${name}`} label={label} {...form.bind(name)} {...options} />;
        return (
          <>
            {field('title', 'Titre')}
            {field('summary', 'Résumé', {
              optional: true,
              multiline: true,
              rows: 2,
              hint: 'Une ou deux phrases, sur la carte de la prestation et pour les moteurs de recherche.',
            })}
            {field('content', 'Description (HTML)', {
              optional: true,
              multiline: true,
              rows: 6,
              hint: 'Balises simples : <p>, <strong>, <em>, <ul>, <a href="…">. Le site les nettoie avant de les afficher.',
            })}
            <div className={styles.twoColumns}>
              {field('price', 'Prix TTC (€)', {
                optional: true,
                inputMode: 'decimal',
                hint: 'Par exemple 49,90. Vide : « Sur devis ».',
              })}
              {field('duration', 'Durée (minutes)', { optional: true, inputMode: 'numeric' })}
            </div>
            {field('imageUrl', 'Image', {
              optional: true,
              hint: 'Un chemin (/images/…) ou une adresse https://.',
            })}
            {field('tags', 'Étiquettes', {
              optional: true,
              hint: 'Séparées par des virgules (par exemple : particuliers, coiffure). Les blocs « Prestations » des pages choisissent leurs prestations par étiquette.',
            })}
            {field('slug', 'Adresse de la page', {
              optional: true,
              hint: 'La fin de l’adresse, par exemple coupe-femme. Vide : faite à partir du titre.',
            })}
            <div className={styles.checkboxRow}>
              <input
                id={`${id}-isPublished`}
                type="checkbox"
                {...form.bind('isPublished').registration}
              />
              <label htmlFor={`${id}-isPublished`}>Visible sur le site</label>
            </div>
          </>
        );
      }}
    </AdminItemForm>
  );
}

/** The site's services in the storefront's order: add, change, reorder, delete. */
export function ServicesEditor({ siteId, initial }: { siteId: number; initial: AdminService[] }) {
  const api = browserApi(siteId);
  return (
    <AdminList<AdminService, ServiceInput>
      headingId="liste-prestations"
      heading={(services) => `Prestations (${services.length})`}
      initial={initial}
      empty="Le site n’a pas encore de prestation."
      nameOf={(service) => service.title}
      addLabel="Ajouter une prestation"
      renderItem={(service) => (
        <span className={styles.itemText}>
          <span className={styles.itemTitle}>{service.title}</span>
          <span className={controls.hint}>
            {serviceFacts(service)}
            {service.tags.length > 0 && ` · ${service.tags.join(', ')}`}
          </span>
          {service.isPublished ? (
            <a href={servicePath(service)} target="_blank" rel="noreferrer">
              Voir sur le site
              <span className={styles.visuallyHidden}> : {service.title}</span>
            </a>
          ) : (
            <span className={styles.badge}>Masquée</span>
          )}
        </span>
      )}
      renderForm={(service, slot) => <ServiceForm service={service} slot={slot} />}
      save={(service, input) =>
        service
          ? api.call(updateAdminService, { params: { id: service.id }, body: input })
          : api.call(createAdminService, { body: input })
      }
      savedMessage={(service, created) =>
        `« ${service.title} » ${created ? 'ajoutée' : 'enregistrée'}.`
      }
      remove={{
        confirm: (service) => `Supprimer la prestation « ${service.title} » ?`,
        call: async (service) => {
          await api.call(deleteAdminService, { params: { id: service.id } });
        },
        done: (service) => `« ${service.title} » supprimée.`,
      }}
      reorder={(ids) => api.call(reorderAdminServices, { body: { ids } })}
    />
  );
}

'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { ApiError } from '@comptoir/contract/request';
import { formatPrice } from '@comptoir/domain/money';
import { browserApi } from '../../account/browser-api';
import { servicePath } from '../../services/service-format';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { AdminField } from './admin-field';
import { ItemActions } from '../frame/item-actions';
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
const FORM_FIELD_OF: Record<string, keyof ServiceFormValues> = {
  priceCents: 'price',
  durationMinutes: 'duration',
};

/** « 49,90 € · 45 min » as the storefront's cards say it. */
function serviceFacts(service: AdminService): string {
  const price = service.priceCents === null ? 'Sur devis' : formatPrice(service.priceCents);
  return service.durationMinutes === null ? price : `${price} · ${service.durationMinutes} min`;
}

function ServiceForm({
  service,
  onSave,
  onCancel,
}: {
  service: AdminService | null;
  onSave: (input: ServiceInput) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const form = useForm<ServiceFormValues, unknown, ServiceInput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: formValuesOf(service),
  });
  const errors = form.formState.errors;

  async function submit(input: ServiceInput) {
    try {
      await onSave(input);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          const field = FORM_FIELD_OF[item.key] ?? (item.key as keyof ServiceFormValues);
          form.setError(field, { message: item.error });
        }
      }
      setStatus(failureMessage(error));
    }
  }

  const field = (
    name: Exclude<keyof ServiceFormValues, 'isPublished'>,
    label: string,
    options: Omit<Parameters<typeof AdminField>[0], 'id' | 'label' | 'registration'> = {},
  ) => (
    <AdminField
      id={`${id}-${name}`}
      label={label}
      registration={form.register(name)}
      error={errors[name]?.message}
      {...options}
    />
  );

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
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
        <input id={`${id}-isPublished`} type="checkbox" {...form.register('isPublished')} />
        <label htmlFor={`${id}-isPublished`}>Visible sur le site</label>
      </div>
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
          {service ? 'Enregistrer' : 'Ajouter la prestation'}
        </button>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onCancel}
        >
          Annuler
        </button>
      </div>
      <p role="status" className={controls.status}>
        {status}
      </p>
    </form>
  );
}

/** The site's services in the storefront's order: add, change, reorder, delete. */
export function ServicesEditor({ siteId, initial }: { siteId: number; initial: AdminService[] }) {
  const [services, setServices] = useState(initial);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const api = browserApi(siteId);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      setStatus(await action());
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function move(index: number, offset: -1 | 1) {
    const ids = services.map((service) => service.id);
    const target = index + offset;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    return run(async () => {
      const saved = await api.call(reorderAdminServices, { body: { ids } });
      setServices(saved);
      return `« ${saved[target]!.title} » est maintenant en position ${target + 1}.`;
    });
  }

  function remove(service: AdminService) {
    if (!window.confirm(`Supprimer la prestation « ${service.title} » ?`)) return;
    return run(async () => {
      await api.call(deleteAdminService, { params: { id: service.id } });
      setServices((current) => current.filter((item) => item.id !== service.id));
      return `« ${service.title} » supprimée.`;
    });
  }

  async function save(service: AdminService | null, input: ServiceInput) {
    if (service) {
      const saved = await api.call(updateAdminService, { params: { id: service.id }, body: input });
      setServices((current) => current.map((item) => (item.id === saved.id ? saved : item)));
      setStatus(`« ${saved.title} » enregistrée.`);
    } else {
      const created = await api.call(createAdminService, { body: input });
      setServices((current) => [...current, created]);
      setStatus(`« ${created.title} » ajoutée.`);
    }
    setEditing(null);
  }

  return (
    <section className={controls.section} aria-labelledby="liste-prestations">
      <h2 id="liste-prestations" className={controls.sectionTitle}>
        Prestations ({services.length})
      </h2>
      {services.length === 0 ? (
        <p className={controls.hint}>Le site n’a pas encore de prestation.</p>
      ) : (
        <ol className={styles.items}>
          {services.map((service, index) => (
            <li key={service.id} className={styles.item}>
              <div className={styles.itemRow}>
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
                <ItemActions
                  name={service.title}
                  busy={busy}
                  move={{
                    isFirst: index === 0,
                    isLast: index === services.length - 1,
                    onMove: (direction) => move(index, direction),
                  }}
                  editing={editing === service.id}
                  onToggleEdit={() => setEditing(editing === service.id ? null : service.id)}
                  onRemove={() => remove(service)}
                />
              </div>
              {editing === service.id && (
                <ServiceForm
                  service={service}
                  onSave={(input) => save(service, input)}
                  onCancel={() => setEditing(null)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {editing === 'new' ? (
        <ServiceForm
          service={null}
          onSave={(input) => save(null, input)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div>
          <button type="button" className={controls.button} onClick={() => setEditing('new')}>
            Ajouter une prestation
          </button>
        </div>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </section>
  );
}

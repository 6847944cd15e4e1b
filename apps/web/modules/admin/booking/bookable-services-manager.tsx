'use client';

import { useId, useState } from 'react';
import {
  BOOKABLE_SERVICE_RESOURCES_MESSAGE,
  bookableServiceInputSchema,
  createBookableService,
  deleteBookableService,
  updateBookableService,
  type AdminBookableService,
  type BookableServiceInput,
  type Resource,
} from '@comptoir/contract/admin-booking';
import { BOOKING_MAX_PARTY_SIZE, type BookingPayment } from '@comptoir/contract/booking';
import { centsToEuros, eurosToCents } from '@comptoir/contract/admin-shop-fields';
import { formatPrice } from '@comptoir/domain/money';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { AdminItemForm, AdminList, type AdminItemFormSlot } from '../frame/admin-list';
import { AdminField } from '../site-content/admin-field';
import { contractResolver, wholeNumberOrNull } from '../shop/contract-resolver';
import { CheckboxField, SelectField, TextField } from '../shop/text-field';
import styles from './booking.module.css';

/*
 * What visitors book (or the owner books for them): its duration and the pause after it, its
 * price and what is paid online, the people and places it takes, how late it may be booked,
 * cancelled or moved, and the service page that offers it.
 */

interface ServiceFormValues {
  name: string;
  description: string;
  duration: string;
  bufferAfter: string;
  price: string;
  pricePerPerson: boolean;
  payment: BookingPayment;
  deposit: string;
  maxPartySize: string;
  cancellationDeadlineHours: string;
  minNoticeMinutes: string;
  stepMinutes: string;
  resourceIds: string[];
  visitorChoosesPerson: boolean;
  isOnline: boolean;
  serviceId: string;
}

const EMPTY: ServiceFormValues = {
  name: '',
  description: '',
  duration: '60',
  bufferAfter: '0',
  price: '',
  pricePerPerson: false,
  payment: 'none',
  deposit: '',
  maxPartySize: '1',
  cancellationDeadlineHours: '24',
  minNoticeMinutes: '120',
  stepMinutes: '15',
  resourceIds: [],
  visitorChoosesPerson: true,
  isOnline: true,
  serviceId: '',
};

function formValuesOf(service: AdminBookableService | null): ServiceFormValues {
  if (!service) return EMPTY;
  return {
    name: service.name,
    description: service.description ?? '',
    duration: String(service.durationMinutes),
    bufferAfter: String(service.bufferAfterMinutes),
    price: centsToEuros(service.priceCents),
    pricePerPerson: service.pricePerPerson,
    payment: service.payment,
    deposit: service.payment === 'deposit' ? centsToEuros(service.depositCents) : '',
    maxPartySize: String(service.maxPartySize),
    cancellationDeadlineHours: String(service.cancellationDeadlineHours),
    minNoticeMinutes: String(service.minNoticeMinutes),
    stepMinutes: String(service.stepMinutes),
    resourceIds: service.resourceIds.map(String),
    visitorChoosesPerson: service.visitorChoosesPerson,
    isOnline: service.isOnline,
    serviceId: service.serviceId === null ? '' : String(service.serviceId),
  };
}

/** A whole number the contract checks; an empty field is NaN, which it refuses with its message. */
const whole = (typed: string) => wholeNumberOrNull(typed) ?? Number.NaN;

function toInput(values: ServiceFormValues): unknown {
  return {
    name: values.name,
    description: values.description.trim() || null,
    durationMinutes: whole(values.duration),
    bufferAfterMinutes: wholeNumberOrNull(values.bufferAfter) ?? 0,
    // An empty price is a free service.
    priceCents: eurosToCents(values.price) ?? 0,
    pricePerPerson: values.pricePerPerson,
    payment: values.payment,
    depositCents: values.payment === 'deposit' ? (eurosToCents(values.deposit) ?? Number.NaN) : 0,
    maxPartySize: whole(values.maxPartySize),
    cancellationDeadlineHours: whole(values.cancellationDeadlineHours),
    minNoticeMinutes: whole(values.minNoticeMinutes),
    stepMinutes: whole(values.stepMinutes),
    resourceIds: values.resourceIds.map(Number),
    visitorChoosesPerson: values.visitorChoosesPerson,
    isOnline: values.isOnline,
    serviceId: values.serviceId === '' ? null : Number(values.serviceId),
  };
}

/** The contract's keys and the form's fields, both ways. */
const FIELD_OF_KEY: Record<string, keyof ServiceFormValues> = {
  durationMinutes: 'duration',
  bufferAfterMinutes: 'bufferAfter',
  priceCents: 'price',
  depositCents: 'deposit',
};

const SERVICE_FIELDS = [
  'name',
  'description',
  'duration',
  'bufferAfter',
  'price',
  'pricePerPerson',
  'payment',
  'deposit',
  'maxPartySize',
  'cancellationDeadlineHours',
  'minNoticeMinutes',
  'stepMinutes',
  'resourceIds',
  'visitorChoosesPerson',
  'isOnline',
  'serviceId',
] as const;

const resolver = contractResolver(bookableServiceInputSchema, toInput, (path) => {
  const key = String(path[0] ?? 'name');
  return FIELD_OF_KEY[key] ?? key;
});

const PAYMENTS = [
  ['none', 'Rien en ligne (réglé sur place)'],
  ['deposit', 'Un acompte par carte à la réservation'],
  ['full', 'Le prix entier par carte à la réservation'],
] as const;

/** A page of the site's services, to offer the booking on. */
export interface ServicePageOption {
  id: number;
  title: string;
}

function BookableServiceForm({
  service,
  resources,
  servicePages,
  slot,
}: {
  service: AdminBookableService | null;
  resources: readonly Resource[];
  servicePages: readonly ServicePageOption[];
  slot: AdminItemFormSlot<BookableServiceInput>;
}) {
  const id = useId();
  const defaults = formValuesOf(service);
  const [payment, setPayment] = useState<BookingPayment>(defaults.payment);
  return (
    <AdminItemForm<ServiceFormValues, BookableServiceInput>
      resolver={resolver}
      defaultValues={defaults}
      serverFields={SERVICE_FIELDS}
      serverKeys={FIELD_OF_KEY}
      submitLabel={service ? 'Enregistrer' : 'Ajouter la prestation'}
      label={service ? `Modifier ${service.name}` : 'Nouvelle prestation réservable'}
      {...slot}
    >
      {(form) => (
        <>
          <TextField
            label="Nom"
            hint="Tel que le visiteur le lit, par exemple « Coupe femme »."
            {...form.bind('name')}
          />
          <AdminField
            id={`${id}-description`}
            label="Description"
            optional
            multiline
            rows={3}
            hint="Une ou deux phrases montrées sur la page de réservation."
            {...form.bind('description')}
          />
          <div className={styles.columns}>
            <TextField label="Durée (minutes)" inputMode="numeric" {...form.bind('duration')} />
            <TextField
              label="Pause après (minutes)"
              hint="Le temps de ranger ou de nettoyer : les ressources restent prises."
              inputMode="numeric"
              {...form.bind('bufferAfter')}
            />
            <TextField
              label="Prix (€)"
              hint="Vide ou 0 : gratuit."
              optional
              inputMode="decimal"
              {...form.bind('price')}
            />
          </div>
          <CheckboxField
            label="Prix par personne (un groupe de 6 paie 6 fois le prix)"
            registration={form.bind('pricePerPerson').registration}
          />
          <fieldset className={styles.fieldset}>
            <legend>Paiement en ligne</legend>
            {PAYMENTS.map(([value, label]) => {
              const { registration } = form.bindChoice('payment', value);
              return (
                <label key={value} className={controls.checkboxRow}>
                  <input
                    type="radio"
                    {...registration}
                    onChange={(event) => {
                      registration.onChange(event);
                      setPayment(value);
                    }}
                  />
                  {label}
                </label>
              );
            })}
            {payment === 'deposit' && (
              <TextField label="Acompte (€)" inputMode="decimal" {...form.bind('deposit')} />
            )}
            <p className={controls.hint}>
              Une annulation dans le délai rembourse ce qui a été payé en ligne.
            </p>
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>Ressources nécessaires</legend>
            <p className={controls.hint}>
              {BOOKABLE_SERVICE_RESOURCES_MESSAGE} La prestation prend chaque lieu coché et une des
              personnes cochées.
            </p>
            {resources.length === 0 ? (
              <p className={controls.hint}>Ajoutez d’abord une ressource ci-dessus.</p>
            ) : (
              <div className={styles.checkboxes}>
                {resources.map((resource) => (
                  <label key={resource.id} className={controls.checkboxRow}>
                    <input
                      type="checkbox"
                      {...form.bindChoice('resourceIds', String(resource.id)).registration}
                    />
                    {resource.name}
                    {resource.kind === 'place' ? ` (${resource.capacity} places)` : ''}
                  </label>
                ))}
              </div>
            )}
            {form.formState.errors.resourceIds && (
              <p className={controls.error}>{form.formState.errors.resourceIds}</p>
            )}
            <CheckboxField
              label="Le visiteur choisit la personne"
              registration={form.bind('visitorChoosesPerson').registration}
            />
          </fieldset>
          <div className={styles.columns}>
            <TextField
              label="Personnes par réservation (au plus)"
              hint={`1 pour une coupe ; jusqu’à ${BOOKING_MAX_PARTY_SIZE} pour un groupe.`}
              inputMode="numeric"
              {...form.bind('maxPartySize')}
            />
            <TextField
              label="Délai d’annulation (heures)"
              hint="Jusqu’à combien d’heures avant le rendez-vous le client peut annuler ou déplacer en ligne."
              inputMode="numeric"
              {...form.bind('cancellationDeadlineHours')}
            />
          </div>
          <div className={styles.columns}>
            <TextField
              label="Réservable jusqu’à (minutes avant)"
              hint="Un horaire plus proche n’est plus proposé en ligne."
              inputMode="numeric"
              {...form.bind('minNoticeMinutes')}
            />
            <TextField
              label="Horaires proposés toutes les (minutes)"
              inputMode="numeric"
              {...form.bind('stepMinutes')}
            />
          </div>
          <SelectField
            label="Page de prestation qui propose de réserver"
            options={[
              { value: '', label: 'Aucune (page « Réserver » seulement)' },
              ...servicePages.map((page) => ({ value: String(page.id), label: page.title })),
            ]}
            {...form.bind('serviceId')}
          />
          <CheckboxField
            label="Réservable en ligne (sinon, seulement depuis l’agenda)"
            registration={form.bind('isOnline').registration}
          />
        </>
      )}
    </AdminItemForm>
  );
}

function paymentSummary(service: AdminBookableService): string {
  const price =
    service.priceCents === 0
      ? 'Gratuit'
      : `${formatPrice(service.priceCents)}${service.pricePerPerson ? ' par personne' : ''}`;
  if (service.payment === 'full') return `${price}, payé en ligne`;
  if (service.payment === 'deposit')
    return `${price}, acompte de ${formatPrice(service.depositCents)}`;
  return price;
}

/** The site's bookable services: add, change, take out of the offer. */
export function BookableServicesManager({
  siteId,
  initial,
  resources,
  servicePages,
}: {
  siteId: number;
  initial: AdminBookableService[];
  resources: Resource[];
  servicePages: ServicePageOption[];
}) {
  const api = browserApi(siteId);
  const resourceName = new Map(resources.map((resource) => [resource.id, resource.name]));
  return (
    <AdminList<AdminBookableService, BookableServiceInput>
      headingId="prestations-reservables"
      heading={(items) => `Prestations réservables (${items.length})`}
      empty="Aucune prestation réservable pour l’instant."
      initial={initial}
      nameOf={(service) => service.name}
      save={(service, input) =>
        service
          ? api.call(updateBookableService, { params: { id: service.id }, body: input })
          : api.call(createBookableService, { body: input })
      }
      savedMessage={(saved, created) =>
        `Prestation « ${saved.name} » ${created ? 'ajoutée' : 'enregistrée'}.`
      }
      remove={{
        confirm: (service) =>
          `Retirer « ${service.name} » de l’offre ? Ses réservations restent dans l’agenda.`,
        call: async (service) => {
          await api.call(deleteBookableService, { params: { id: service.id } });
        },
        done: (service) => `Prestation « ${service.name} » retirée.`,
      }}
      itemAttributes={(service) => ({ 'data-bookable-service': service.name })}
      addLabel="Ajouter une prestation réservable"
      renderItem={(service) => (
        <div className={styles.itemText}>
          <strong>{service.name}</strong>
          <span>
            {service.durationMinutes} min
            {service.bufferAfterMinutes > 0 && ` + ${service.bufferAfterMinutes} min de pause`}
            {' · '}
            {paymentSummary(service)}
            {service.maxPartySize > 1 && ` · jusqu’à ${service.maxPartySize} personnes`}
            {' · '}
            {service.isOnline ? 'en ligne' : 'agenda seulement'}
          </span>
          <span className={controls.hint}>
            {service.resourceIds
              .map((resourceId) => resourceName.get(resourceId) ?? '?')
              .join(', ')}
            {` · annulation jusqu’à ${service.cancellationDeadlineHours} h avant`}
          </span>
        </div>
      )}
      renderForm={(service, slot) => (
        <BookableServiceForm
          service={service}
          resources={resources}
          servicePages={servicePages}
          slot={slot}
        />
      )}
    />
  );
}

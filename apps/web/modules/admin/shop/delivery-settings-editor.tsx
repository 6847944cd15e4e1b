'use client';

import { IntentLink } from '../../../ui/intent-link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  addPickupClosure,
  carrierInputSchema,
  deleteCarrier,
  deletePickupClosure,
  pickupCalendarInputSchema,
  pickupClosureInputSchema,
  reorderCarriers,
  savePickupCalendar,
  stopPickup,
  updateCarrier,
  type AdminCarrier,
  type AdminDeliverySettings,
  type AdminPickupAddress,
  type CarrierInput,
  type PickupCalendarInput,
  type PickupClosureInput,
} from '@comptoir/contract/admin-delivery';
import { centsToEuros, eurosToCents } from '@comptoir/contract/admin-shop-fields';
import { ApiError } from '@comptoir/contract/request';
import { CARTON_SIZES, SHIPPING_ZONE_LABELS, SHIPPING_ZONES } from '@comptoir/domain/delivery';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { contractResolver, wholeNumberOrNull } from './contract-resolver';
import { AddressEditForm, NewCarrierForm, NewPickupAddressForm } from './delivery-create-forms';
import { frenchDay } from './shop-format';
import styles from './shop-settings.module.css';
import { CheckboxField, TextField } from './text-field';

const CELLS = SHIPPING_ZONES.flatMap((zone) =>
  CARTON_SIZES.map((cartonSize) => ({ zone, cartonSize, key: `${zone}_${cartonSize}` })),
);

interface CarrierFormValues {
  name: string;
  description: string;
  isActive: boolean;
  cells: Record<string, string>;
}

function carrierFormValues(carrier: AdminCarrier): CarrierFormValues {
  const cells: Record<string, string> = {};
  for (const rate of carrier.rates) {
    cells[`${rate.zone}_${rate.cartonSize}`] = centsToEuros(rate.priceCents);
  }
  return {
    name: carrier.name,
    description: carrier.description ?? '',
    isActive: carrier.isActive,
    cells,
  };
}

/** The carrier's resolver: the grid's filled cells become rates, each error goes to its cell. */
function carrierResolver() {
  let cellKeys: string[] = [];
  return contractResolver(
    carrierInputSchema,
    (values: CarrierFormValues) => {
      const filled = CELLS.filter(({ key }) => (values.cells[key] ?? '').trim() !== '');
      cellKeys = filled.map(({ key }) => key);
      return {
        name: values.name,
        description: values.description.trim() === '' ? null : values.description,
        isActive: values.isActive,
        rates: filled.map(({ zone, cartonSize, key }) => ({
          zone,
          cartonSize,
          priceCents: eurosToCents(values.cells[key] ?? ''),
        })),
      };
    },
    (path) =>
      path[0] === 'rates' && typeof path[1] === 'number'
        ? `cells.${cellKeys[path[1]]}`
        : path[0] === 'rates'
          ? 'root'
          : String(path[0] ?? 'name'),
  );
}

interface CarrierListActions {
  /** Move the carrier one place up or down the customers' list; absent at that end. */
  onMoveUp?: (() => void) | undefined;
  onMoveDown?: (() => void) | undefined;
  onDeleted: (carriers: AdminCarrier[]) => void;
}

function CarrierEditor({
  siteId,
  initial,
  actions,
}: {
  siteId: number;
  initial: AdminCarrier;
  actions: CarrierListActions;
}) {
  const [carrier, setCarrier] = useState(initial);
  const [status, setStatus] = useState('');
  const [resolver] = useState(carrierResolver);
  const form = useForm<CarrierFormValues, unknown, CarrierInput>({
    resolver,
    defaultValues: carrierFormValues(initial),
  });
  const errors = form.formState.errors;
  const headingId = `transporteur-${carrier.id}`;

  async function submit(input: CarrierInput) {
    setStatus('');
    try {
      const saved = await browserApi(siteId).call(updateCarrier, {
        params: { id: carrier.id },
        body: input,
      });
      setCarrier(saved);
      form.reset(carrierFormValues(saved));
      setStatus(`« ${saved.name} » enregistré : les prochains calculs de frais l’appliquent.`);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          form.setError(item.key as 'name', { message: item.error });
        }
      }
      setStatus(failureMessage(error));
    }
  }

  async function remove() {
    if (!window.confirm(`Supprimer « ${carrier.name} » et sa grille de prix ?`)) return;
    setStatus('');
    try {
      actions.onDeleted(
        await browserApi(siteId).call(deleteCarrier, { params: { id: carrier.id } }),
      );
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  return (
    <section className={controls.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={controls.sectionTitle}>
        {carrier.name}{' '}
        <span className={`${styles.badge} ${carrier.isActive ? '' : styles.badgeOff}`}>
          {carrier.deliveryType === 'PICKUP' ? 'Points relais' : 'À domicile'}
          {carrier.isActive ? '' : ', non proposé'}
        </span>
      </h3>
      <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
        <div className={styles.columns}>
          <TextField
            label="Nom"
            registration={form.register('name')}
            error={errors.name?.message}
          />
          <TextField
            label="Texte pour le client"
            hint="Délais, signature…"
            optional
            registration={form.register('description')}
            error={errors.description?.message}
          />
        </div>
        <CheckboxField label="Proposé aux clients" registration={form.register('isActive')} />
        <div className={styles.tableWrap}>
          <table className={styles.grid}>
            <caption className={controls.hint}>
              Prix TTC d’un carton, en euros, par zone et par nombre de bouteilles. Une case vide :
              cette taille ou cette zone n’est pas desservie.
            </caption>
            <thead>
              <tr>
                <th scope="col">Zone</th>
                {CARTON_SIZES.map((size) => (
                  <th key={size} scope="col">
                    {size} {size === 1 ? 'bouteille' : 'bouteilles'}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SHIPPING_ZONES.map((zone) => (
                <tr key={zone}>
                  <th scope="row">{SHIPPING_ZONE_LABELS[zone]}</th>
                  {CARTON_SIZES.map((size) => {
                    const key = `${zone}_${size}`;
                    const error = errors.cells?.[key]?.message;
                    return (
                      <td key={size}>
                        <input
                          inputMode="decimal"
                          autoComplete="off"
                          aria-label={`${SHIPPING_ZONE_LABELS[zone]}, carton de ${size} ${size === 1 ? 'bouteille' : 'bouteilles'} (€)`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${headingId}-grid-error` : undefined}
                          {...form.register(`cells.${key}`)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {errors.cells && (
          <p id={`${headingId}-grid-error`} className={controls.error}>
            {Object.values(errors.cells).find((cell) => cell?.message)?.message}
          </p>
        )}
        {errors.root?.message && <p className={controls.error}>{errors.root.message}</p>}
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
            Enregistrer « {carrier.name} »
          </button>
          {actions.onMoveUp && (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              aria-label={`Monter « ${carrier.name} » dans la liste des clients`}
              onClick={actions.onMoveUp}
            >
              Monter
            </button>
          )}
          {actions.onMoveDown && (
            <button
              type="button"
              className={`${controls.button} ${controls.secondary}`}
              aria-label={`Descendre « ${carrier.name} » dans la liste des clients`}
              onClick={actions.onMoveDown}
            >
              Descendre
            </button>
          )}
          <button
            type="button"
            className={`${controls.button} ${controls.dangerButton}`}
            onClick={remove}
          >
            Supprimer « {carrier.name} »
          </button>
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

interface CalendarFormValues {
  slotMinutes: string;
  slotCapacity: string;
}

interface ClosureFormValues {
  startsOn: string;
  endsOn: string;
  reason: string;
}

function PickupAddressEditor({
  siteId,
  initial,
  countries,
}: {
  siteId: number;
  initial: AdminPickupAddress;
  countries: AdminDeliverySettings['countries'];
}) {
  const [address, setAddress] = useState(initial);
  const [status, setStatus] = useState('');
  const api = browserApi(siteId);
  const headingId = `retrait-${address.id}`;
  const calendarForm = useForm<CalendarFormValues, unknown, PickupCalendarInput>({
    resolver: contractResolver(pickupCalendarInputSchema, (values: CalendarFormValues) => ({
      slotMinutes: wholeNumberOrNull(values.slotMinutes),
      slotCapacity: wholeNumberOrNull(values.slotCapacity),
    })),
    defaultValues: {
      slotMinutes: String(initial.calendar?.slotMinutes ?? 30),
      slotCapacity: String(initial.calendar?.slotCapacity ?? 4),
    },
  });
  const closureForm = useForm<ClosureFormValues, unknown, PickupClosureInput>({
    resolver: contractResolver(pickupClosureInputSchema, (values: ClosureFormValues) => ({
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      reason: values.reason.trim() === '' ? null : values.reason,
    })),
    defaultValues: { startsOn: '', endsOn: '', reason: '' },
  });

  async function saveCalendar(input: PickupCalendarInput) {
    try {
      const saved = await api.call(savePickupCalendar, {
        params: { idCompanyAddress: address.id },
        body: input,
      });
      setAddress(saved);
      setStatus(
        initial.calendar || address.calendar
          ? 'Créneaux enregistrés.'
          : 'Le retrait en boutique est maintenant proposé à cette adresse.',
      );
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  async function addClosure(input: PickupClosureInput) {
    try {
      const saved = await api.call(addPickupClosure, {
        params: { idCompanyAddress: address.id },
        body: input,
      });
      setAddress(saved);
      closureForm.reset();
      setStatus(`Fermeture du ${frenchDay(input.startsOn)} au ${frenchDay(input.endsOn)} ajoutée.`);
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  async function removeClosure(closure: AdminPickupAddress['closures'][number]) {
    try {
      const saved = await api.call(deletePickupClosure, {
        params: { idCompanyAddress: address.id, id: closure.id },
      });
      setAddress(saved);
      setStatus(`Fermeture du ${frenchDay(closure.startsOn)} retirée.`);
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  async function stop() {
    if (!window.confirm(`Ne plus proposer le retrait en boutique à « ${address.label} » ?`)) {
      return;
    }
    try {
      const saved = await api.call(stopPickup, { params: { idCompanyAddress: address.id } });
      setAddress(saved);
      setStatus('Le retrait en boutique n’est plus proposé à cette adresse.');
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  const calendarErrors = calendarForm.formState.errors;
  const closureErrors = closureForm.formState.errors;
  return (
    <section className={controls.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={controls.sectionTitle}>
        {address.label}
      </h3>
      <p className={controls.hint}>
        {address.address}
        {address.calendar ? ' — retrait en boutique proposé.' : ' — pas de retrait en boutique.'}
      </p>
      <AddressEditForm
        siteId={siteId}
        address={address}
        countries={countries}
        onSaved={(saved, message) => {
          setAddress(saved);
          setStatus(message);
        }}
      />
      <form className={styles.form} onSubmit={calendarForm.handleSubmit(saveCalendar)} noValidate>
        <div className={styles.columns}>
          <TextField
            label="Durée d’un créneau (minutes)"
            inputMode="numeric"
            registration={calendarForm.register('slotMinutes')}
            error={calendarErrors.slotMinutes?.message}
          />
          <TextField
            label="Clients par créneau"
            inputMode="numeric"
            registration={calendarForm.register('slotCapacity')}
            error={calendarErrors.slotCapacity?.message}
          />
        </div>
        <div className={controls.buttons}>
          <button type="submit" className={controls.button}>
            {address.calendar ? 'Enregistrer les créneaux' : 'Proposer le retrait ici'}
          </button>
          {address.calendar && (
            <button
              type="button"
              className={`${controls.button} ${controls.dangerButton}`}
              onClick={stop}
            >
              Ne plus proposer le retrait ici
            </button>
          )}
        </div>
      </form>
      {address.calendar && (
        <>
          <h4 className={styles.cardTitle}>Fermetures</h4>
          {address.closures.length === 0 ? (
            <p className={controls.hint}>Aucune fermeture prévue (hors jours fériés).</p>
          ) : (
            <ul className={styles.cards}>
              {address.closures.map((closure) => (
                <li key={closure.id} className={styles.cardHeader}>
                  <span>
                    Du {frenchDay(closure.startsOn)} au {frenchDay(closure.endsOn)}
                    {closure.reason && ` — ${closure.reason}`}
                  </span>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                    aria-label={`Retirer la fermeture du ${frenchDay(closure.startsOn)}`}
                    onClick={() => removeClosure(closure)}
                  >
                    Retirer
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form
            className={styles.form}
            onSubmit={closureForm.handleSubmit(addClosure)}
            noValidate
            aria-label={`Nouvelle fermeture de ${address.label}`}
          >
            <div className={styles.columns}>
              <TextField
                label="Premier jour fermé"
                type="date"
                registration={closureForm.register('startsOn')}
                error={closureErrors.startsOn?.message}
              />
              <TextField
                label="Dernier jour fermé"
                type="date"
                registration={closureForm.register('endsOn')}
                error={closureErrors.endsOn?.message}
              />
              <TextField
                label="Raison"
                optional
                registration={closureForm.register('reason')}
                error={closureErrors.reason?.message}
              />
            </div>
            <div className={controls.buttons}>
              <button type="submit" className={`${controls.button} ${controls.secondary}`}>
                Ajouter la fermeture
              </button>
            </div>
          </form>
        </>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </section>
  );
}

/** Carriers and their grids, and click-and-collect at the company's addresses. */
export function DeliverySettingsEditor({
  siteId,
  settings,
}: {
  siteId: number;
  settings: AdminDeliverySettings;
}) {
  const [carriers, setCarriers] = useState(settings.carriers);
  const [addresses, setAddresses] = useState(settings.addresses);
  const [listStatus, setListStatus] = useState('');

  async function move(index: number, offset: -1 | 1) {
    const ids = carriers.map((carrier) => carrier.id);
    [ids[index], ids[index + offset]] = [ids[index + offset]!, ids[index]!];
    try {
      const saved = await browserApi(siteId).call(reorderCarriers, { body: { ids } });
      setCarriers(saved);
      setListStatus('Ordre des transporteurs enregistré.');
    } catch (error) {
      setListStatus(failureMessage(error));
    }
  }

  return (
    <div className={styles.page}>
      <section className={controls.section} aria-labelledby="regles-boutique">
        <h2 id="regles-boutique" className={controls.sectionTitle}>
          Règles de la boutique
        </h2>
        <p>
          La livraison offerte (à partir d’un montant ou d’un nombre de bouteilles), les minimum,
          maximum et multiple de bouteilles par commande, le message de livraison et le délai avant
          un retrait se règlent dans{' '}
          <IntentLink href="/admin/theme#boutique">Thème et paramètres, Boutique</IntentLink>. Les
          horaires d’ouverture, qui donnent les créneaux de retrait, sont dans{' '}
          <IntentLink href="/admin/theme#horaires">
            Thème et paramètres, Horaires d’ouverture
          </IntentLink>
          .
        </p>
        <p className={controls.hint}>
          Les points relais proposés viennent du réseau intégré à la plateforme : le transporteur «
          Points relais » ci-dessous en fixe les prix. Un autre réseau se branche côté serveur, avec
          les identifiants du transporteur.
        </p>
      </section>
      <section className={styles.page} aria-labelledby="transporteurs">
        <h2 id="transporteurs" className={controls.sectionTitle}>
          Transporteurs
        </h2>
        <p className={controls.hint}>
          Les clients voient les transporteurs dans cet ordre. Un transporteur déjà choisi dans une
          commande ne peut pas être supprimé : décochez « Proposé aux clients ».
        </p>
        {carriers.length === 0 && <p className={controls.hint}>Ce site n’a pas de transporteur.</p>}
        {carriers.map((carrier, index) => (
          <CarrierEditor
            key={carrier.id}
            siteId={siteId}
            initial={carrier}
            actions={{
              onMoveUp: index > 0 ? () => move(index, -1) : undefined,
              onMoveDown: index < carriers.length - 1 ? () => move(index, 1) : undefined,
              onDeleted: (left) => {
                setCarriers(left);
                setListStatus(`« ${carrier.name} » supprimé.`);
              },
            }}
          />
        ))}
        <p role="status" className={controls.status}>
          {listStatus}
        </p>
        <NewCarrierForm
          siteId={siteId}
          onCreated={(created) => setCarriers((current) => [...current, created])}
        />
      </section>
      <section className={styles.page} aria-labelledby="retrait">
        <h2 id="retrait" className={controls.sectionTitle}>
          Retrait en boutique (click and collect)
        </h2>
        {addresses.length === 0 && (
          <p className={controls.hint}>Ce site n’a pas encore d’adresse.</p>
        )}
        {addresses.map((address) => (
          <PickupAddressEditor
            key={address.id}
            siteId={siteId}
            initial={address}
            countries={settings.countries}
          />
        ))}
        <NewPickupAddressForm
          siteId={siteId}
          countries={settings.countries}
          onCreated={(created) => setAddresses((current) => [...current, created])}
        />
      </section>
    </div>
  );
}

'use client';

import { IntentLink } from '../../../ui/intent-link';
import {
  addPickupClosure,
  createCarrier,
  createPickupAddress,
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
  type NewCarrierInput,
  type NewPickupAddressInput,
  type PickupCalendarInput,
  type PickupClosureInput,
} from '@comptoir/contract/admin-delivery';
import { CARTON_SIZES, SHIPPING_ZONE_LABELS, SHIPPING_ZONES } from '@comptoir/domain/delivery';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import {
  AdminItemForm,
  useAdminList,
  useAdminStatus,
  type AdminListControls,
} from '../frame/admin-list';
import { contractResolver, wholeNumberOrNull } from './contract-resolver';
import {
  AddressEditForm,
  CarrierFields,
  NewCarrierForm,
  NewPickupAddressForm,
  SlotFields,
  type SlotFormValues,
} from './delivery-create-forms';
import { frenchDay } from './shop-format';
import styles from './shop-settings.module.css';
import { TextField } from './text-field';

import { CELLS, carrierFormValues, carrierResolver, type CarrierFormValues } from './carrier-form';

type Carriers = AdminListControls<AdminCarrier, NewCarrierInput>;

/** A carrier: its form (name, text, grid), always open, and its place in the customers' list. */
function CarrierEditor({
  siteId,
  carrier,
  index,
  list,
}: {
  siteId: number;
  carrier: AdminCarrier;
  index: number;
  list: Carriers;
}) {
  const headingId = `transporteur-${carrier.id}`;
  const moveButton = (offset: -1 | 1, label: string) => (
    <button
      type="button"
      className={`${controls.button} ${controls.secondary}`}
      aria-label={`${label} « ${carrier.name} » dans la liste des clients`}
      disabled={list.busy}
      onClick={() => void list.move(index, offset)}
    >
      {label}
    </button>
  );

  return (
    <section
      ref={list.rowTarget(carrier.id)}
      tabIndex={-1}
      className={controls.section}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className={controls.sectionTitle}>
        {carrier.name}{' '}
        <span className={`${styles.badge} ${carrier.isActive ? '' : styles.badgeOff}`}>
          {carrier.deliveryType === 'PICKUP' ? 'Points relais' : 'À domicile'}
          {carrier.isActive ? '' : ', non proposé'}
        </span>
      </h3>
      <AdminItemForm<CarrierFormValues, CarrierInput>
        resolver={carrierResolver}
        defaultValues={carrierFormValues(carrier)}
        serverFields={['name', 'description']}
        submitLabel={`Enregistrer « ${carrier.name} »`}
        className={styles.form}
        onSubmit={async (input) => {
          const saved = await browserApi(siteId).call(updateCarrier, {
            params: { id: carrier.id },
            body: input,
          });
          list.replace(saved);
          return {
            status: `« ${saved.name} » enregistré : les prochains calculs de frais l’appliquent.`,
            values: carrierFormValues(saved),
          };
        }}
        buttons={
          <>
            {index > 0 && moveButton(-1, 'Monter')}
            {index < list.items.length - 1 && moveButton(1, 'Descendre')}
            <button
              type="button"
              className={`${controls.button} ${controls.dangerButton}`}
              disabled={list.busy}
              onClick={() => void list.removeItem(carrier)}
            >
              Supprimer « {carrier.name} »
            </button>
          </>
        }
      >
        {(form) => {
          const errors = form.formState.errors;
          const gridError = CELLS.map(({ key }) => errors[key]).find(Boolean);
          return (
            <>
              <CarrierFields form={form} />
              <div className={styles.tableWrap}>
                <table className={styles.grid}>
                  <caption className={controls.hint}>
                    Prix TTC d’un carton, en euros, par zone et par nombre de bouteilles. Une case
                    vide : cette taille ou cette zone n’est pas desservie.
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
                          const { registration, error } = form.bind(`cell_${zone}_${size}`);
                          return (
                            <td key={size}>
                              <input
                                inputMode="decimal"
                                autoComplete="off"
                                aria-label={`${SHIPPING_ZONE_LABELS[zone]}, carton de ${size} ${size === 1 ? 'bouteille' : 'bouteilles'} (€)`}
                                aria-invalid={error ? true : undefined}
                                aria-describedby={error ? `${headingId}-grid-error` : undefined}
                                {...registration}
                              />
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {gridError && (
                <p id={`${headingId}-grid-error`} className={controls.error}>
                  {gridError}
                </p>
              )}
              {errors.root && <p className={controls.error}>{errors.root}</p>}
            </>
          );
        }}
      </AdminItemForm>
    </section>
  );
}

type CalendarFormValues = SlotFormValues;

const calendarResolver = contractResolver(
  pickupCalendarInputSchema,
  (values: CalendarFormValues) => ({
    slotMinutes: wholeNumberOrNull(values.slotMinutes),
    slotCapacity: wholeNumberOrNull(values.slotCapacity),
  }),
);

interface ClosureFormValues {
  startsOn: string;
  endsOn: string;
  reason: string;
}

const NO_CLOSURE: ClosureFormValues = { startsOn: '', endsOn: '', reason: '' };

const closureResolver = contractResolver(pickupClosureInputSchema, (values: ClosureFormValues) => ({
  startsOn: values.startsOn,
  endsOn: values.endsOn,
  reason: values.reason.trim() === '' ? null : values.reason,
}));

/**
 * An address of the company: its fields, click-and-collect there (its slots, its closures) and one
 * status line for what happened; a form's failure stays in the form.
 */
function PickupAddressEditor({
  siteId,
  address,
  countries,
  list,
}: {
  siteId: number;
  address: AdminPickupAddress;
  countries: AdminDeliverySettings['countries'];
  list: AdminListControls<AdminPickupAddress, NewPickupAddressInput>;
}) {
  const { status, say, busy, run } = useAdminStatus();
  const api = browserApi(siteId);
  const headingId = `retrait-${address.id}`;
  const params = { idCompanyAddress: address.id };

  const removeClosure = (closure: AdminPickupAddress['closures'][number]) =>
    run(async () => {
      list.replace(await api.call(deletePickupClosure, { params: { ...params, id: closure.id } }));
      return `Fermeture du ${frenchDay(closure.startsOn)} retirée.`;
    });

  function stop() {
    if (!window.confirm(`Ne plus proposer le retrait en boutique à « ${address.label} » ?`)) {
      return;
    }
    void run(async () => {
      list.replace(await api.call(stopPickup, { params }));
      return 'Le retrait en boutique n’est plus proposé à cette adresse.';
    });
  }

  return (
    <section
      ref={list.rowTarget(address.id)}
      tabIndex={-1}
      className={controls.section}
      aria-labelledby={headingId}
    >
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
          list.replace(saved);
          say(message);
        }}
      />
      <AdminItemForm<CalendarFormValues, PickupCalendarInput>
        resolver={calendarResolver}
        defaultValues={{
          slotMinutes: String(address.calendar?.slotMinutes ?? 30),
          slotCapacity: String(address.calendar?.slotCapacity ?? 4),
        }}
        serverFields={['slotMinutes', 'slotCapacity']}
        submitLabel={address.calendar ? 'Enregistrer les créneaux' : 'Proposer le retrait ici'}
        className={styles.form}
        onSubmit={async (input) => {
          const saved = await api.call(savePickupCalendar, { params, body: input });
          list.replace(saved);
          say(
            address.calendar
              ? 'Créneaux enregistrés.'
              : 'Le retrait en boutique est maintenant proposé à cette adresse.',
          );
        }}
        buttons={
          address.calendar && (
            <button
              type="button"
              className={`${controls.button} ${controls.dangerButton}`}
              disabled={busy}
              onClick={stop}
            >
              Ne plus proposer le retrait ici
            </button>
          )
        }
      >
        {(form) => <SlotFields form={form} />}
      </AdminItemForm>
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
                    disabled={busy}
                    onClick={() => void removeClosure(closure)}
                  >
                    Retirer
                  </button>
                </li>
              ))}
            </ul>
          )}
          <AdminItemForm<ClosureFormValues, PickupClosureInput>
            resolver={closureResolver}
            defaultValues={NO_CLOSURE}
            serverFields={['startsOn', 'endsOn', 'reason']}
            submitLabel="Ajouter la fermeture"
            secondary
            label={`Nouvelle fermeture de ${address.label}`}
            className={styles.form}
            onSubmit={async (input) => {
              list.replace(await api.call(addPickupClosure, { params, body: input }));
              say(
                `Fermeture du ${frenchDay(input.startsOn)} au ${frenchDay(input.endsOn)} ajoutée.`,
              );
              return { values: NO_CLOSURE };
            }}
          >
            {(form) => (
              <div className={styles.columns}>
                <TextField label="Premier jour fermé" type="date" {...form.bind('startsOn')} />
                <TextField label="Dernier jour fermé" type="date" {...form.bind('endsOn')} />
                <TextField label="Raison" optional {...form.bind('reason')} />
              </div>
            )}
          </AdminItemForm>
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
  const api = browserApi(siteId);
  const carriers = useAdminList<AdminCarrier, NewCarrierInput>({
    initial: settings.carriers,
    nameOf: (carrier) => carrier.name,
    save: (_, input) => api.call(createCarrier, { body: input }),
    savedMessage: (created) =>
      `« ${created.name} » ajouté : remplissez sa grille de prix ci-dessus.`,
    remove: {
      confirm: (carrier) => `Supprimer « ${carrier.name} » et sa grille de prix ?`,
      call: async (carrier) => {
        await api.call(deleteCarrier, { params: { id: carrier.id } });
      },
      done: (carrier) => `« ${carrier.name} » supprimé.`,
    },
    reorder: (ids) => api.call(reorderCarriers, { body: { ids } }),
    movedMessage: () => 'Ordre des transporteurs enregistré.',
  });
  const addresses = useAdminList<AdminPickupAddress, NewPickupAddressInput>({
    initial: settings.addresses,
    nameOf: (address) => address.label,
    save: (_, input) => api.call(createPickupAddress, { body: input }),
    savedMessage: (created) =>
      `« ${created.label} » ajoutée : le retrait en boutique y est proposé.`,
  });
  const { headingTarget } = carriers;

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
        <h2 id="transporteurs" ref={headingTarget} tabIndex={-1} className={controls.sectionTitle}>
          Transporteurs
        </h2>
        <p className={controls.hint}>
          Les clients voient les transporteurs dans cet ordre. Un transporteur déjà choisi dans une
          commande ne peut pas être supprimé : décochez « Proposé aux clients ».
        </p>
        {carriers.items.length === 0 && (
          <p className={controls.hint}>Ce site n’a pas de transporteur.</p>
        )}
        {carriers.items.map((carrier, index) => (
          <CarrierEditor
            key={carrier.id}
            siteId={siteId}
            carrier={carrier}
            index={index}
            list={carriers}
          />
        ))}
        <p role="status" className={controls.status}>
          {carriers.status}
        </p>
        <NewCarrierForm slot={carriers.formSlot(null)} />
      </section>
      <section className={styles.page} aria-labelledby="retrait">
        <h2 id="retrait" className={controls.sectionTitle}>
          Retrait en boutique (click and collect)
        </h2>
        {addresses.items.length === 0 && (
          <p className={controls.hint}>Ce site n’a pas encore d’adresse.</p>
        )}
        {addresses.items.map((address) => (
          <PickupAddressEditor
            key={address.id}
            siteId={siteId}
            address={address}
            countries={settings.countries}
            list={addresses}
          />
        ))}
        <p role="status" className={controls.status}>
          {addresses.status}
        </p>
        <NewPickupAddressForm countries={settings.countries} slot={addresses.formSlot(null)} />
      </section>
    </div>
  );
}

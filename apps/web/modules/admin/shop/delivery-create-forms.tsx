'use client';

import type { ReactNode } from 'react';
import {
  companyAddressInputSchema,
  newCarrierInputSchema,
  newPickupAddressInputSchema,
  updateCompanyAddress,
  type AdminDeliverySettings,
  type AdminPickupAddress,
  type CompanyAddressInput,
  type NewCarrierInput,
  type NewPickupAddressInput,
} from '@comptoir/contract/admin-delivery';
import type { ApiForm } from '../../../ui/use-api-form';
import { browserApi } from '../../account/browser-api';
import { AdminItemForm, type AdminItemFormSlot } from '../frame/admin-list';
import controls from '../admin-controls.module.css';
import { contractResolver, wholeNumberOrNull } from './contract-resolver';
import styles from './shop-settings.module.css';
import { CheckboxField, SelectField, TextField } from './text-field';

type Countries = AdminDeliverySettings['countries'];

/** What a carrier's form and the new carrier's share. */
export interface CarrierFieldValues {
  name: string;
  description: string;
  isActive: boolean;
}

/** A carrier's name, its text for the customers (and what a form adds beside them), « Proposé ». */
export function CarrierFields<Values extends CarrierFieldValues>({
  form,
  children,
}: {
  form: ApiForm<Values>;
  children?: ReactNode;
}) {
  const { bind } = form as unknown as ApiForm<CarrierFieldValues>;
  return (
    <>
      <div className={styles.columns}>
        <TextField label="Nom" {...bind('name')} />
        <TextField
          label="Texte pour le client"
          hint="Délais, signature…"
          optional
          {...bind('description')}
        />
        {children}
      </div>
      <CheckboxField label="Proposé aux clients" registration={bind('isActive').registration} />
    </>
  );
}

interface NewCarrierFormValues extends CarrierFieldValues {
  deliveryType: string;
}

const NEW_CARRIER: NewCarrierFormValues = {
  name: '',
  description: '',
  deliveryType: 'DELIVERY',
  isActive: true,
};

const newCarrierResolver = contractResolver(
  newCarrierInputSchema,
  (values: NewCarrierFormValues) => ({
    name: values.name,
    description: values.description.trim() === '' ? null : values.description,
    deliveryType: values.deliveryType,
    isActive: values.isActive,
    rates: [],
  }),
);

/**
 * Adds a carrier with an empty grid; the owner fills the grid in the carrier's own form. The
 * carriers' list (useAdminList) says « « … » ajouté » and puts the focus on the new carrier.
 */
export function NewCarrierForm({ slot }: { slot: AdminItemFormSlot<NewCarrierInput> }) {
  return (
    <section className={controls.section} aria-labelledby="nouveau-transporteur">
      <h3 id="nouveau-transporteur" className={controls.sectionTitle}>
        Ajouter un transporteur
      </h3>
      <AdminItemForm<NewCarrierFormValues, NewCarrierInput>
        resolver={newCarrierResolver}
        defaultValues={NEW_CARRIER}
        serverFields={['name', 'description', 'deliveryType']}
        submitLabel="Ajouter le transporteur"
        className={styles.form}
        onSubmit={async (input) => {
          await slot.onSubmit(input);
          return { values: NEW_CARRIER };
        }}
      >
        {(form) => (
          <>
            <CarrierFields form={form}>
              <SelectField
                label="Livraison"
                options={[
                  { value: 'DELIVERY', label: 'À domicile' },
                  { value: 'PICKUP', label: 'En point relais' },
                ]}
                {...form.bind('deliveryType')}
              />
            </CarrierFields>
            <p className={controls.hint}>
              Sa grille de prix commence vide : le transporteur n’apparaît aux clients qu’une fois
              ses prix saisis.
            </p>
          </>
        )}
      </AdminItemForm>
    </section>
  );
}

interface AddressFormValues {
  label: string;
  addressLine1: string;
  postalCode: string;
  city: string;
  countryId: string;
}

const ADDRESS_FIELDS = ['label', 'addressLine1', 'postalCode', 'city', 'countryId'] as const;

function addressInputOf(values: AddressFormValues) {
  return {
    label: values.label,
    addressLine1: values.addressLine1,
    postalCode: values.postalCode,
    city: values.city,
    countryId: wholeNumberOrNull(values.countryId),
  };
}

/** The fields of a company address, shared by the new address and the edit. */
function AddressFields<Values extends AddressFormValues>({
  form,
  countries,
}: {
  form: ApiForm<Values>;
  countries: Countries;
}) {
  const field = (form as unknown as ApiForm<AddressFormValues>).bind;
  return (
    <div className={styles.columns}>
      <TextField label="Nom" {...field('label')} />
      <TextField label="Adresse" {...field('addressLine1')} />
      <TextField label="Code postal" {...field('postalCode')} />
      <TextField label="Ville" {...field('city')} />
      <SelectField
        label="Pays"
        options={countries.map((country) => ({ value: String(country.id), label: country.name }))}
        {...field('countryId')}
      />
    </div>
  );
}

/** The slots of click-and-collect at an address, as typed. */
export interface SlotFormValues {
  slotMinutes: string;
  slotCapacity: string;
}

/** A click-and-collect address's slots: their length, and how many customers each takes. */
export function SlotFields<Values extends SlotFormValues>({ form }: { form: ApiForm<Values> }) {
  const field = (form as unknown as ApiForm<SlotFormValues>).bind;
  return (
    <div className={styles.columns}>
      <TextField
        label="Durée d’un créneau (minutes)"
        inputMode="numeric"
        {...field('slotMinutes')}
      />
      <TextField label="Clients par créneau" inputMode="numeric" {...field('slotCapacity')} />
    </div>
  );
}

interface NewAddressFormValues extends AddressFormValues, SlotFormValues {}

const newAddressResolver = contractResolver(
  newPickupAddressInputSchema,
  (values: NewAddressFormValues) => ({
    ...addressInputOf(values),
    slotMinutes: wholeNumberOrNull(values.slotMinutes),
    slotCapacity: wholeNumberOrNull(values.slotCapacity),
  }),
);

/**
 * Adds an address of the company where customers collect their orders, with its slots; the
 * addresses' list (useAdminList) says it and puts the focus on the new address.
 */
export function NewPickupAddressForm({
  countries,
  slot,
}: {
  countries: Countries;
  slot: AdminItemFormSlot<NewPickupAddressInput>;
}) {
  const france = countries.find((country) => country.name === 'France') ?? countries[0];
  const empty: NewAddressFormValues = {
    label: '',
    addressLine1: '',
    postalCode: '',
    city: '',
    countryId: france ? String(france.id) : '',
    slotMinutes: '30',
    slotCapacity: '4',
  };
  return (
    <section className={controls.section} aria-labelledby="nouvelle-adresse">
      <h3 id="nouvelle-adresse" className={controls.sectionTitle}>
        Ajouter une adresse de retrait
      </h3>
      <AdminItemForm<NewAddressFormValues, NewPickupAddressInput>
        resolver={newAddressResolver}
        defaultValues={empty}
        serverFields={[...ADDRESS_FIELDS, 'slotMinutes', 'slotCapacity']}
        submitLabel="Ajouter l’adresse"
        className={styles.form}
        onSubmit={async (input) => {
          await slot.onSubmit(input);
          return { values: empty };
        }}
      >
        {(form) => (
          <>
            <AddressFields form={form} countries={countries} />
            <SlotFields form={form} />
            <p className={controls.hint}>
              L’adresse apparaît aussi sur la page contact. Les créneaux suivent les horaires
              d’ouverture de la boutique.
            </p>
          </>
        )}
      </AdminItemForm>
    </section>
  );
}

const addressResolver = contractResolver(companyAddressInputSchema, addressInputOf);

const addressValuesOf = (fields: CompanyAddressInput): AddressFormValues => ({
  ...fields,
  countryId: String(fields.countryId),
});

/**
 * Changes an address's name, street, postal code, city and country; « Adresse enregistrée. » goes
 * to the address's status line, a failure to the form's own.
 */
export function AddressEditForm({
  siteId,
  address,
  countries,
  onSaved,
}: {
  siteId: number;
  address: AdminPickupAddress;
  countries: Countries;
  onSaved: (address: AdminPickupAddress, message: string) => void;
}) {
  return (
    <details>
      <summary>Modifier l’adresse</summary>
      <AdminItemForm<AddressFormValues, CompanyAddressInput>
        resolver={addressResolver}
        defaultValues={addressValuesOf(address.fields)}
        serverFields={ADDRESS_FIELDS}
        submitLabel="Enregistrer l’adresse"
        secondary
        label={`Adresse de ${address.label}`}
        className={styles.form}
        onSubmit={async (input) => {
          const saved = await browserApi(siteId).call(updateCompanyAddress, {
            params: { idCompanyAddress: address.id },
            body: input,
          });
          onSaved(saved, 'Adresse enregistrée.');
          return { values: addressValuesOf(saved.fields) };
        }}
      >
        {(form) => <AddressFields form={form} countries={countries} />}
      </AdminItemForm>
    </details>
  );
}

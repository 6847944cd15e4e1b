'use client';

import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  companyAddressInputSchema,
  createCarrier,
  createPickupAddress,
  newCarrierInputSchema,
  newPickupAddressInputSchema,
  updateCompanyAddress,
  type AdminCarrier,
  type AdminDeliverySettings,
  type AdminPickupAddress,
  type CompanyAddressInput,
  type NewCarrierInput,
  type NewPickupAddressInput,
} from '@comptoir/contract/admin-delivery';
import { ApiError } from '@comptoir/contract/request';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { contractResolver, wholeNumberOrNull } from './contract-resolver';
import styles from './shop-settings.module.css';
import { CheckboxField, SelectField, TextField } from './text-field';

type Countries = AdminDeliverySettings['countries'];

/** Puts the API's field errors (409 on the name, 422 on the country) back on their fields. */
function showFieldErrors(error: unknown, setError: (key: string, message: string) => void) {
  if (error instanceof ApiError) {
    for (const item of error.errors) setError(item.key, item.error);
  }
}

interface NewCarrierFormValues {
  name: string;
  description: string;
  deliveryType: string;
  isActive: boolean;
}

/** Adds a carrier with an empty grid; the owner fills the grid in the carrier's own form. */
export function NewCarrierForm({
  siteId,
  onCreated,
}: {
  siteId: number;
  onCreated: (carrier: AdminCarrier) => void;
}) {
  const [status, setStatus] = useState('');
  const form = useForm<NewCarrierFormValues, unknown, NewCarrierInput>({
    resolver: contractResolver(newCarrierInputSchema, (values: NewCarrierFormValues) => ({
      name: values.name,
      description: values.description.trim() === '' ? null : values.description,
      deliveryType: values.deliveryType,
      isActive: values.isActive,
      rates: [],
    })),
    defaultValues: { name: '', description: '', deliveryType: 'DELIVERY', isActive: true },
  });
  const errors = form.formState.errors;

  async function submit(input: NewCarrierInput) {
    setStatus('');
    try {
      const created = await browserApi(siteId).call(createCarrier, { body: input });
      form.reset();
      onCreated(created);
      setStatus(`« ${created.name} » ajouté : remplissez sa grille de prix ci-dessus.`);
    } catch (error) {
      showFieldErrors(error, (key, message) => form.setError(key as 'name', { message }));
      setStatus(failureMessage(error));
    }
  }

  return (
    <section className={controls.section} aria-labelledby="nouveau-transporteur">
      <h3 id="nouveau-transporteur" className={controls.sectionTitle}>
        Ajouter un transporteur
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
          <SelectField
            label="Livraison"
            registration={form.register('deliveryType')}
            options={[
              { value: 'DELIVERY', label: 'À domicile' },
              { value: 'PICKUP', label: 'En point relais' },
            ]}
            error={errors.deliveryType?.message}
          />
        </div>
        <CheckboxField label="Proposé aux clients" registration={form.register('isActive')} />
        <p className={controls.hint}>
          Sa grille de prix commence vide : le transporteur n’apparaît aux clients qu’une fois ses
          prix saisis.
        </p>
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
            Ajouter le transporteur
          </button>
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
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
  register,
  errors,
  countries,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<AddressFormValues>;
  countries: Countries;
}) {
  const field = register as unknown as UseFormRegister<AddressFormValues>;
  return (
    <div className={styles.columns}>
      <TextField label="Nom" registration={field('label')} error={errors.label?.message} />
      <TextField
        label="Adresse"
        registration={field('addressLine1')}
        error={errors.addressLine1?.message}
      />
      <TextField
        label="Code postal"
        registration={field('postalCode')}
        error={errors.postalCode?.message}
      />
      <TextField label="Ville" registration={field('city')} error={errors.city?.message} />
      <SelectField
        label="Pays"
        registration={field('countryId')}
        options={countries.map((country) => ({ value: String(country.id), label: country.name }))}
        error={errors.countryId?.message}
      />
    </div>
  );
}

interface NewAddressFormValues extends AddressFormValues {
  slotMinutes: string;
  slotCapacity: string;
}

/** Adds an address of the company where customers collect their orders, with its slots. */
export function NewPickupAddressForm({
  siteId,
  countries,
  onCreated,
}: {
  siteId: number;
  countries: Countries;
  onCreated: (address: AdminPickupAddress) => void;
}) {
  const [status, setStatus] = useState('');
  const france = countries.find((country) => country.name === 'France') ?? countries[0];
  const form = useForm<NewAddressFormValues, unknown, NewPickupAddressInput>({
    resolver: contractResolver(newPickupAddressInputSchema, (values: NewAddressFormValues) => ({
      ...addressInputOf(values),
      slotMinutes: wholeNumberOrNull(values.slotMinutes),
      slotCapacity: wholeNumberOrNull(values.slotCapacity),
    })),
    defaultValues: {
      label: '',
      addressLine1: '',
      postalCode: '',
      city: '',
      countryId: france ? String(france.id) : '',
      slotMinutes: '30',
      slotCapacity: '4',
    },
  });
  const errors = form.formState.errors;

  async function submit(input: NewPickupAddressInput) {
    setStatus('');
    try {
      const created = await browserApi(siteId).call(createPickupAddress, { body: input });
      form.reset();
      onCreated(created);
      setStatus(`« ${created.label} » ajoutée : le retrait en boutique y est proposé.`);
    } catch (error) {
      showFieldErrors(error, (key, message) => form.setError(key as 'label', { message }));
      setStatus(failureMessage(error));
    }
  }

  return (
    <section className={controls.section} aria-labelledby="nouvelle-adresse">
      <h3 id="nouvelle-adresse" className={controls.sectionTitle}>
        Ajouter une adresse de retrait
      </h3>
      <form className={styles.form} onSubmit={form.handleSubmit(submit)} noValidate>
        <AddressFields register={form.register} errors={errors} countries={countries} />
        <div className={styles.columns}>
          <TextField
            label="Durée d’un créneau (minutes)"
            inputMode="numeric"
            registration={form.register('slotMinutes')}
            error={errors.slotMinutes?.message}
          />
          <TextField
            label="Clients par créneau"
            inputMode="numeric"
            registration={form.register('slotCapacity')}
            error={errors.slotCapacity?.message}
          />
        </div>
        <p className={controls.hint}>
          L’adresse apparaît aussi sur la page contact. Les créneaux suivent les horaires
          d’ouverture de la boutique.
        </p>
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={form.formState.isSubmitting}>
            Ajouter l’adresse
          </button>
        </div>
        <p role="status" className={controls.status}>
          {status}
        </p>
      </form>
    </section>
  );
}

/** Changes an address's name, street, postal code, city and country. */
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
  const toValues = (fields: CompanyAddressInput): AddressFormValues => ({
    ...fields,
    countryId: String(fields.countryId),
  });
  const form = useForm<AddressFormValues, unknown, CompanyAddressInput>({
    resolver: contractResolver(companyAddressInputSchema, addressInputOf),
    defaultValues: toValues(address.fields),
  });

  async function submit(input: CompanyAddressInput) {
    try {
      const saved = await browserApi(siteId).call(updateCompanyAddress, {
        params: { idCompanyAddress: address.id },
        body: input,
      });
      form.reset(toValues(saved.fields));
      onSaved(saved, 'Adresse enregistrée.');
    } catch (error) {
      showFieldErrors(error, (key, message) => form.setError(key as 'label', { message }));
      onSaved(address, failureMessage(error));
    }
  }

  return (
    <details>
      <summary>Modifier l’adresse</summary>
      <form
        className={styles.form}
        onSubmit={form.handleSubmit(submit)}
        noValidate
        aria-label={`Adresse de ${address.label}`}
      >
        <AddressFields
          register={form.register}
          errors={form.formState.errors}
          countries={countries}
        />
        <div className={controls.buttons}>
          <button type="submit" className={`${controls.button} ${controls.secondary}`}>
            Enregistrer l’adresse
          </button>
        </div>
      </form>
    </details>
  );
}

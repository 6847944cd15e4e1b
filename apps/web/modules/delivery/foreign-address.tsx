'use client';

import { useId, useRef, useState } from 'react';
import { isPostalCodeFormatOf } from '@comptoir/domain/delivery';
import styles from './delivery.module.css';

/** A destination outside France, as the visitor typed it. */
export interface ForeignDestination {
  postalCode: string;
  name: string;
}

interface ForeignAddressProps {
  /** The country chosen, ISO 3166 alpha-3. */
  country: string;
  /** The destination already chosen in that country, shown in the fields. */
  value: ForeignDestination | null;
  onChoose: (destination: ForeignDestination) => void;
}

export const CITY_REQUIRED_MESSAGE = 'Indiquez votre ville.';

/**
 * The contract's refusal of a postal code that cannot exist in the country, copied here (the
 * contract brings zod) and checked against it by delivery-routes.test.ts. Not in
 * delivery-model.ts, which the cart page loads.
 */
export const UNKNOWN_POSTAL_CODE_MESSAGE = 'Ce code postal n’existe pas dans le pays choisi.';

/**
 * What the form says about a postal code and city typed for `country`: the postal code must
 * have the country's format (the domain's formats, the API's own check), the city must be given.
 */
export function foreignAddressErrors(
  country: string,
  postalCode: string,
  city: string,
): { postalCode: string | null; city: string | null } {
  return {
    postalCode: isPostalCodeFormatOf(country, postalCode) ? null : UNKNOWN_POSTAL_CODE_MESSAGE,
    city: city.trim() === '' ? CITY_REQUIRED_MESSAGE : null,
  };
}

/**
 * Outside France the cities call has no communes to offer (decision 0047): the visitor types
 * the postal code and the city, and the form checks the code against the country's format before
 * the fees are asked. The fees then come from the API as for France (Europe or world zone).
 */
export function ForeignAddress({ country, value, onChoose }: ForeignAddressProps) {
  const ids = useId();
  const [postalCode, setPostalCode] = useState(value?.postalCode ?? '');
  const [city, setCity] = useState(value?.name ?? '');
  const [errors, setErrors] = useState<{ postalCode: string | null; city: string | null }>({
    postalCode: null,
    city: null,
  });
  const postalCodeField = useRef<HTMLInputElement>(null);
  const cityField = useRef<HTMLInputElement>(null);
  /** A destination chosen elsewhere (restored, reset by another country) shows in the fields. */
  const valueKey = value ? `${value.postalCode}|${value.name}` : '';
  const [shownKey, setShownKey] = useState(valueKey);
  if (shownKey !== valueKey) {
    setShownKey(valueKey);
    setPostalCode(value?.postalCode ?? '');
    setCity(value?.name ?? '');
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = foreignAddressErrors(country, postalCode, city);
    setErrors(found);
    if (found.postalCode) postalCodeField.current?.focus();
    else if (found.city) cityField.current?.focus();
    else onChoose({ postalCode: postalCode.trim().toUpperCase(), name: city.trim() });
  }

  return (
    <form className={styles.foreignAddress} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${ids}-postal-code`} className={styles.label}>
          Code postal
        </label>
        <input
          ref={postalCodeField}
          id={`${ids}-postal-code`}
          className={styles.input}
          type="text"
          autoComplete="postal-code"
          required
          maxLength={12}
          value={postalCode}
          aria-invalid={errors.postalCode ? true : undefined}
          aria-describedby={errors.postalCode ? `${ids}-postal-code-error` : undefined}
          onChange={(event) => setPostalCode(event.target.value)}
        />
        {errors.postalCode ? (
          <p id={`${ids}-postal-code-error`} className={styles.fieldError}>
            {errors.postalCode}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-city`} className={styles.label}>
          Ville
        </label>
        <input
          ref={cityField}
          id={`${ids}-city`}
          className={styles.input}
          type="text"
          autoComplete="address-level2"
          required
          maxLength={100}
          value={city}
          aria-invalid={errors.city ? true : undefined}
          aria-describedby={errors.city ? `${ids}-city-error` : undefined}
          onChange={(event) => setCity(event.target.value)}
        />
        {errors.city ? (
          <p id={`${ids}-city-error`} className={styles.fieldError}>
            {errors.city}
          </p>
        ) : null}
      </div>
      <button type="submit" className={`button ${styles.foreignSubmit}`}>
        Voir les transporteurs
      </button>
    </form>
  );
}

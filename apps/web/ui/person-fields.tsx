'use client';

import { TextField } from './text-field';
import type { FieldBinding } from './use-api-form';
import styles from './forms.module.css';

/*
 * The fields that name and reach a person, asked the same way by registration, profile, contact
 * and event registration: the same labels, autocomplete tokens and keyboards everywhere.
 */

export function NameFields({
  firstname,
  lastname,
}: {
  firstname: FieldBinding;
  lastname: FieldBinding;
}) {
  return (
    <div className={styles.row}>
      <TextField label="Prénom" autoComplete="given-name" {...firstname} />
      <TextField label="Nom" autoComplete="family-name" {...lastname} />
    </div>
  );
}

export function EmailField({
  label = 'Adresse e-mail',
  autoComplete = 'email',
  ...binding
}: FieldBinding & { label?: string; autoComplete?: 'email' | 'username'; hint?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      spellCheck={false}
      {...binding}
    />
  );
}

export function PhoneField({ optional = true, ...binding }: FieldBinding & { optional?: boolean }) {
  return (
    <TextField label="Téléphone" type="tel" autoComplete="tel" optional={optional} {...binding} />
  );
}

export function BirthdateField({
  optional = false,
  ...binding
}: FieldBinding & { optional?: boolean }) {
  return (
    <TextField
      label="Date de naissance"
      type="date"
      autoComplete="bday"
      optional={optional}
      {...binding}
    />
  );
}

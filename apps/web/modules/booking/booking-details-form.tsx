'use client';

import type { Booking } from '@comptoir/contract/booking';
import type { User } from '@comptoir/contract/user';
import { ApiForm } from '../../ui/api-form';
import { EmailField, NameFields, PhoneField } from '../../ui/person-fields';
import { TextareaField } from '../../ui/textarea-field';
import { useApiForm } from '../../ui/use-api-form';
import type {
  CustomerDetailsOutput,
  CustomerDetailsValues,
  GuestDetailsOutput,
  GuestDetailsValues,
} from './booking-contract';
import { confirmRoute } from './booking-routes';
import { callBooking } from './booking-session';
import formStyles from '../../ui/forms.module.css';
import styles from './booking.module.css';

interface DetailsFormProps {
  siteId: number;
  bookingId: number;
  onConfirmed: (booking: Booking) => void;
}

/** The API names a guest's fields under `customer` (confirmBooking's body). */
const GUEST_SERVER_KEYS = {
  'customer.firstname': 'firstname',
  'customer.lastname': 'lastname',
  'customer.email': 'email',
  'customer.phone': 'phone',
} as const;

const NOTE_HINT = 'Une précision utile pour nous (cheveux longs, allergie, accès…).';

/** A guest confirms with a name, an e-mail (for the confirmation and its link) and a phone. */
export function GuestDetailsForm({ siteId, bookingId, onConfirmed }: DetailsFormProps) {
  const form = useApiForm({
    contract: () => import('./booking-contract').then((module) => module.guestDetailsContract()),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      note: '',
    } as GuestDetailsValues,
    serverFields: ['firstname', 'lastname', 'email', 'phone', 'note'],
    serverKeys: GUEST_SERVER_KEYS,
    submit: async (values: GuestDetailsOutput) => {
      const booking = await callBooking(siteId, confirmRoute, bookingId, {
        params: { id: bookingId },
        body: {
          customer: {
            firstname: values.firstname,
            lastname: values.lastname,
            email: values.email,
            phone: values.phone ?? '',
          },
          ...(values.note ? { note: values.note } : {}),
        },
      });
      onConfirmed(booking);
    },
  });
  return (
    <ApiForm form={form} label="Vos coordonnées" submitLabel="Confirmer la réservation">
      <NameFields firstname={form.bind('firstname')} lastname={form.bind('lastname')} />
      <div className={formStyles.row}>
        <EmailField
          hint="La confirmation et le lien pour annuler ou déplacer y sont envoyés."
          {...form.bind('email')}
        />
        <PhoneField optional={false} {...form.bind('phone')} />
      </div>
      <TextareaField
        label="Message"
        optional
        rows={3}
        maxLength={1000}
        hint={NOTE_HINT}
        {...form.bind('note')}
      />
    </ApiForm>
  );
}

/**
 * A logged-in customer confirms as themself: the account gives the name and e-mail, and the
 * phone when it has one; otherwise the phone is asked here and sent with the account's details.
 */
export function CustomerDetailsForm({
  siteId,
  bookingId,
  user,
  onConfirmed,
}: DetailsFormProps & { user: User }) {
  const asksPhone = !user.phone;
  const form = useApiForm({
    contract: () =>
      import('./booking-contract').then((module) => module.customerDetailsContract(asksPhone)),
    defaultValues: { note: '', phone: '' } as CustomerDetailsValues,
    serverFields: ['note', 'phone'],
    serverKeys: { 'customer.phone': 'phone' },
    submit: async (values: CustomerDetailsOutput) => {
      const booking = await callBooking(siteId, confirmRoute, bookingId, {
        params: { id: bookingId },
        body: {
          ...(asksPhone && values.phone
            ? {
                customer: {
                  firstname: user.firstname,
                  lastname: user.lastname,
                  email: user.email,
                  phone: values.phone,
                },
              }
            : {}),
          ...(values.note ? { note: values.note } : {}),
        },
      });
      onConfirmed(booking);
    },
  });
  return (
    <ApiForm form={form} label="Confirmer la réservation" submitLabel="Confirmer la réservation">
      <p className={styles.member}>
        Vous réservez en tant que{' '}
        <strong>
          {user.firstname} {user.lastname}
        </strong>{' '}
        ({user.email}). La confirmation vous est envoyée à cette adresse.
      </p>
      {asksPhone ? <PhoneField optional={false} {...form.bind('phone')} /> : null}
      <TextareaField
        label="Message"
        optional
        rows={3}
        maxLength={1000}
        hint={NOTE_HINT}
        {...form.bind('note')}
      />
    </ApiForm>
  );
}

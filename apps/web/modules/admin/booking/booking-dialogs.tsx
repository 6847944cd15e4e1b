'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  adminCreateBooking,
  type AdminBookableService,
  type AgendaBooking,
  type Resource,
} from '@comptoir/contract/admin-booking';
import { zonedInstant } from '@comptoir/domain/opening-calendar';
import type { z } from 'zod';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { AdminItemForm } from '../frame/admin-list';
import { AdminField } from '../site-content/admin-field';
import { contractResolver, wholeNumberOrNull } from '../shop/contract-resolver';
import { CheckboxField, SelectField, TextField } from '../shop/text-field';
import { formatMinute, frenchLongDate, parseMinute } from './agenda-model';
import styles from './booking.module.css';

/*
 * The agenda's dialogs: a booking taken on the phone, a move to a date and time typed or picked
 * with the keyboard (the way to move that needs no pointer, as drag and drop does), and a
 * cancellation that says the customer will be told.
 */

/** A native modal dialog, open while mounted; Échap or « Fermer » closes it. */
function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** The instant of a Paris date and "HH:MM", as the API takes it; null when it is no time. */
export function startInstant(date: string, time: string): string | null {
  const minute = parseMinute(time);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || minute === null) return null;
  return zonedInstant(date, minute)?.toISOString() ?? null;
}

/** The people among a service's resources (one is taken for each booking). */
export function peopleOf(
  service: AdminBookableService | undefined,
  resources: readonly Resource[],
): Resource[] {
  if (!service) return [];
  return resources.filter(
    (resource) => resource.kind === 'person' && service.resourceIds.includes(resource.id),
  );
}

const TIME_MESSAGE = 'Choisissez une date et une heure.';

export function MoveDialog({
  booking,
  resources,
  services,
  onMove,
  onClose,
}: {
  booking: AgendaBooking;
  resources: readonly Resource[];
  services: readonly AdminBookableService[];
  onMove: (start: string, personId: number | undefined, sendMail: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const people = peopleOf(
    services.find((service) => service.id === booking.service.id),
    resources,
  );
  const [date, setDate] = useState(booking.localDate);
  const [time, setTime] = useState(booking.localStart);
  const [personId, setPersonId] = useState(booking.person ? String(booking.person.id) : '');
  const [sendMail, setSendMail] = useState(true);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const start = startInstant(date, time);
    if (!start) {
      setFailure(TIME_MESSAGE);
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const person = Number(personId);
      await onMove(start, person && person !== booking.person?.id ? person : undefined, sendMail);
    } catch (error) {
      setFailure(failureMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Déplacer la réservation ${booking.reference}`} onClose={onClose}>
      <form
        className={styles.dialogForm}
        onSubmit={submit}
        noValidate
        aria-busy={busy || undefined}
      >
        <p className={controls.hint}>
          {booking.service.name} de {booking.customer.firstname} {booking.customer.lastname},
          actuellement le {frenchLongDate(booking.localDate)} à {booking.localStart}.
        </p>
        <div className={styles.columns}>
          <div className={controls.field}>
            <label htmlFor={`${id}-date`} className={controls.label}>
              Nouvelle date
            </label>
            <input
              id={`${id}-date`}
              type="date"
              className={controls.control}
              value={date}
              required
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
          <div className={controls.field}>
            <label htmlFor={`${id}-time`} className={controls.label}>
              Nouvelle heure
            </label>
            <input
              id={`${id}-time`}
              type="time"
              step={300}
              className={controls.control}
              value={time}
              required
              onChange={(event) => setTime(event.target.value)}
            />
          </div>
        </div>
        {people.length > 1 && (
          <div className={controls.field}>
            <label htmlFor={`${id}-person`} className={controls.label}>
              Avec
            </label>
            <select
              id={`${id}-person`}
              className={controls.control}
              value={personId}
              onChange={(event) => setPersonId(event.target.value)}
            >
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={controls.checkboxRow}>
          <input
            id={`${id}-mail`}
            type="checkbox"
            checked={sendMail}
            onChange={(event) => setSendMail(event.target.checked)}
          />
          <label htmlFor={`${id}-mail`}>Envoyer au client le nouvel horaire par e-mail</label>
        </div>
        {failure && (
          <p className={controls.error} role="alert">
            {failure}
          </p>
        )}
        <div className={controls.buttons}>
          <button type="submit" className={controls.button} disabled={busy}>
            Déplacer
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={onClose}
          >
            Fermer
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function CancelDialog({
  booking,
  onCancel,
  onClose,
}: {
  booking: AgendaBooking;
  onCancel: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      await onCancel(reason);
    } catch (error) {
      setFailure(failureMessage(error));
      setBusy(false);
    }
  }
  return (
    <Dialog title={`Annuler la réservation ${booking.reference} ?`} onClose={onClose}>
      <form
        className={styles.dialogForm}
        onSubmit={submit}
        noValidate
        aria-busy={busy || undefined}
      >
        <p>
          {booking.service.name} de {booking.customer.firstname} {booking.customer.lastname}, le{' '}
          {frenchLongDate(booking.localDate)} à {booking.localStart}.
          {booking.customer.email
            ? ' Le client reçoit un e-mail qui le lui annonce'
            : ' Ce client n’a pas d’e-mail : prévenez-le vous-même'}
          {booking.paidCents > 0 ? ', et ce qu’il a payé en ligne lui est remboursé.' : '.'}
        </p>
        <div className={controls.field}>
          <label htmlFor={`${id}-reason`} className={controls.label}>
            Motif <span className={controls.optional}>(facultatif, repris dans l’e-mail)</span>
          </label>
          <textarea
            id={`${id}-reason`}
            className={controls.control}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {failure && (
          <p className={controls.error} role="alert">
            {failure}
          </p>
        )}
        <div className={controls.buttons}>
          <button
            type="submit"
            className={`${controls.button} ${controls.dangerButton}`}
            disabled={busy}
          >
            Annuler la réservation
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={onClose}
          >
            Garder la réservation
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type NewBookingInput = z.output<NonNullable<typeof adminCreateBooking.body>>;

interface NewBookingValues {
  serviceId: string;
  date: string;
  time: string;
  personId: string;
  partySize: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  note: string;
  sendMail: boolean;
}

const NEW_BOOKING_FIELDS = [
  'serviceId',
  'date',
  'time',
  'personId',
  'partySize',
  'firstname',
  'lastname',
  'email',
  'phone',
  'note',
  'sendMail',
] as const;

const CUSTOMER_MESSAGES: Record<string, string> = {
  firstname: 'Le prénom est obligatoire.',
  lastname: 'Le nom est obligatoire.',
  email: 'Saisissez une adresse e-mail valide, ou laissez vide.',
};

function newBookingInput(values: NewBookingValues): unknown {
  const start = startInstant(values.date, values.time);
  return {
    serviceId: Number(values.serviceId) || Number.NaN,
    start: start ?? '',
    ...(values.personId ? { personId: Number(values.personId) } : {}),
    partySize: wholeNumberOrNull(values.partySize) ?? 1,
    customer: {
      firstname: values.firstname,
      lastname: values.lastname,
      email: values.email.trim(),
      phone: values.phone,
    },
    ...(values.note.trim() ? { note: values.note } : {}),
    sendMail: values.sendMail,
  };
}

const baseResolver = contractResolver(adminCreateBooking.body!, newBookingInput, (path) =>
  path[0] === 'customer' ? String(path[1]) : path[0] === 'start' ? 'time' : String(path[0]),
);

/** The contract's messages, in French where its schema gives zod's own (customer's fields). */
const newBookingResolver: typeof baseResolver = async (values, context, options) => {
  const result = await baseResolver(values, context, options);
  const errors = result.errors as Record<string, { type: string; message: string }>;
  for (const [field, message] of Object.entries(CUSTOMER_MESSAGES)) {
    if (errors[field]) errors[field] = { ...errors[field], message };
  }
  if (errors.time) errors.time = { ...errors.time, message: TIME_MESSAGE };
  if (errors.serviceId)
    errors.serviceId = { ...errors.serviceId, message: 'Choisissez une prestation.' };
  return result;
};

/** A booking taken on the phone: no hold, no online payment; the customer gets the mail if asked. */
export function NewBookingDialog({
  services,
  resources,
  date,
  time,
  onCreate,
  onClose,
}: {
  services: readonly AdminBookableService[];
  resources: readonly Resource[];
  date: string;
  time: string;
  onCreate: (input: NewBookingInput) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [serviceId, setServiceId] = useState(services[0] ? String(services[0].id) : '');
  const service = services.find((candidate) => String(candidate.id) === serviceId);
  const people = peopleOf(service, resources);
  return (
    <Dialog title="Nouvelle réservation" onClose={onClose}>
      {services.length === 0 ? (
        <>
          <p>Ajoutez d’abord une prestation réservable.</p>
          <button type="button" className={controls.button} onClick={onClose}>
            Fermer
          </button>
        </>
      ) : (
        <AdminItemForm<NewBookingValues, NewBookingInput>
          resolver={newBookingResolver}
          defaultValues={{
            serviceId,
            date,
            time,
            personId: '',
            partySize: '1',
            firstname: '',
            lastname: '',
            email: '',
            phone: '',
            note: '',
            sendMail: true,
          }}
          serverFields={NEW_BOOKING_FIELDS}
          serverKeys={{ start: 'time' }}
          submitLabel="Réserver"
          label="Nouvelle réservation"
          className={styles.dialogForm}
          onSubmit={onCreate}
          onCancel={onClose}
        >
          {(form) => {
            const serviceBinding = form.bind('serviceId');
            return (
              <>
                <div className={controls.field}>
                  <label htmlFor={`${id}-service`} className={controls.label}>
                    Prestation
                  </label>
                  <select
                    id={`${id}-service`}
                    className={controls.control}
                    {...serviceBinding.registration}
                    onChange={(event) => {
                      serviceBinding.registration.onChange(event);
                      setServiceId(event.target.value);
                    }}
                  >
                    {services.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.name} ({candidate.durationMinutes} min)
                      </option>
                    ))}
                  </select>
                </div>
                <div className={styles.columns}>
                  <TextField label="Date" type="date" {...form.bind('date')} />
                  <TextField label="Heure" type="time" step={300} {...form.bind('time')} />
                </div>
                {people.length > 0 && (
                  <SelectField
                    label="Avec"
                    options={[
                      { value: '', label: 'La première personne libre' },
                      ...people.map((person) => ({ value: String(person.id), label: person.name })),
                    ]}
                    {...form.bind('personId')}
                  />
                )}
                {service && service.maxPartySize > 1 && (
                  <TextField
                    label={`Nombre de personnes (1 à ${service.maxPartySize})`}
                    inputMode="numeric"
                    {...form.bind('partySize')}
                  />
                )}
                <div className={styles.columns}>
                  <TextField label="Prénom" autoComplete="off" {...form.bind('firstname')} />
                  <TextField label="Nom" autoComplete="off" {...form.bind('lastname')} />
                </div>
                <div className={styles.columns}>
                  <TextField label="Téléphone" type="tel" {...form.bind('phone')} />
                  <TextField
                    label="E-mail"
                    type="email"
                    optional
                    hint="Pour lui envoyer la confirmation et le lien d’annulation."
                    {...form.bind('email')}
                  />
                </div>
                <AdminField
                  id={`${id}-note`}
                  label="Note"
                  optional
                  multiline
                  rows={2}
                  {...form.bind('note')}
                />
                <CheckboxField
                  label="Envoyer la confirmation par e-mail"
                  registration={form.bind('sendMail').registration}
                />
              </>
            );
          }}
        </AdminItemForm>
      )}
    </Dialog>
  );
}

/** "10:00" of the next quarter of an hour from a minute, for the new booking's default. */
export function nextQuarter(minute: number): string {
  return formatMinute(Math.min(23 * 60 + 45, Math.ceil(minute / 15) * 15));
}

'use client';

import { useCallback, useEffect, useId, useState } from 'react';
import type { z } from 'zod';
import type {
  RegistrationAvailability,
  registrationBodySchema,
} from '@comptoir/contract/element-registration';
import { ApiError } from '@comptoir/contract/request';
import { ApiForm } from '../../ui/api-form';
import { FormStatus } from '../../ui/form-status';
import { EmailField, NameFields, PhoneField } from '../../ui/person-fields';
import { TextField } from '../../ui/text-field';
import { TextareaField } from '../../ui/textarea-field';
import { notifySuccess } from '../../ui/toaster';
import { useApiForm } from '../../ui/use-api-form';
import uiStyles from '../../ui/forms.module.css';
import { browserApi, elementRegistrationRoute } from '../account/browser-api';
import styles from './element-list.module.css';

/** The contract's limits and texts the form shows, handed over by the server component. */
export interface RegistrationRules {
  maxSeats: number;
  messageMaxLength: number;
  fullMessage: string;
}

function seatsSentence(
  capacity: number,
  availability: RegistrationAvailability | null,
  fullMessage: string,
): string {
  if (!availability) return `${capacity} ${capacity > 1 ? 'places' : 'place'} en tout.`;
  if (availability.remaining === 0) return `Complet. ${fullMessage}`;
  const { remaining } = availability;
  return `${remaining} ${remaining > 1 ? 'places disponibles' : 'place disponible'} sur ${availability.capacity}.`;
}

/**
 * Registration to one event of a list (POST /element/{route}/{id}/register). The seats left are
 * asked live (GET …/registration), since the cached page cannot know them; the form opens on
 * demand, is checked with the API's own rules, and shows the server's refusals (already
 * registered, not enough seats) next to their fields.
 */
export function ElementRegistration({
  siteId,
  route,
  elementId,
  title,
  capacity,
  rules,
}: {
  siteId: number;
  route: string;
  elementId: number;
  title: string;
  capacity: number;
  rules: RegistrationRules;
}) {
  const formId = useId();
  const [availability, setAvailability] = useState<RegistrationAvailability | null>(null);
  const [open, setOpen] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);
  const fetchAvailability = useCallback(async () => {
    try {
      return await browserApi(siteId).call(elementRegistrationRoute, {
        params: { route, id: elementId },
      });
    } catch {
      // Unknown seats: the form stays available and the server decides.
      return null;
    }
  }, [siteId, route, elementId]);

  useEffect(() => {
    // An answer for an element no longer shown is dropped.
    let current = true;
    void fetchAvailability().then((result) => {
      if (current) setAvailability(result);
    });
    return () => {
      current = false;
    };
  }, [fetchAvailability]);

  const form = useApiForm({
    contract: () => import('./registration-contract').then((module) => module.registrationContract),
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      phone: '',
      seats: 1,
      message: '',
    } as z.input<typeof registrationBodySchema>,
    serverFields: ['firstname', 'lastname', 'email', 'phone', 'seats', 'message'],
    submit: async (body: z.output<typeof registrationBodySchema>, contract) => {
      const result = await browserApi(siteId).call(contract.endpoint, {
        params: { route, id: elementId },
        body,
      });
      setAvailability(result);
      setRegistered(contract.registeredMessage);
      setOpen(false);
      form.reset();
      notifySuccess(`Inscription enregistrée : ${title}`);
    },
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void fetchAvailability().then(setAvailability);
      }
    },
  });
  const { setFocus, prepare } = form;

  useEffect(() => {
    if (!open) return;
    prepare();
    setFocus('firstname');
  }, [open, setFocus, prepare]);

  const full = availability?.remaining === 0;
  const maxSeats = Math.max(1, Math.min(rules.maxSeats, availability?.remaining ?? rules.maxSeats));

  return (
    <div className={styles.registration}>
      <p className={styles.seats} aria-live="polite">
        {seatsSentence(capacity, availability, rules.fullMessage)}
      </p>
      <FormStatus>{registered}</FormStatus>
      {!full && !registered ? (
        <p className={styles.toggle}>
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={open}
            aria-controls={formId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Fermer le formulaire' : 'Je m’inscris'}
            <span className="visually-hidden"> : {title}</span>
          </button>
        </p>
      ) : null}
      <div id={formId} hidden={!open}>
        {open ? (
          <ApiForm
            form={form}
            className={`${uiStyles.form} ${styles.form}`}
            label={`Inscription : ${title}`}
            submitLabel="Confirmer mon inscription"
          >
            <NameFields firstname={form.bind('firstname')} lastname={form.bind('lastname')} />
            <div className={uiStyles.row}>
              <EmailField
                hint="Nous y envoyons la confirmation de votre inscription."
                {...form.bind('email')}
              />
              <PhoneField {...form.bind('phone')} />
            </div>
            <TextField
              label="Nombre de places"
              type="number"
              inputMode="numeric"
              min={1}
              max={maxSeats}
              step={1}
              className={styles.seatsField}
              {...form.bind('seats', { valueAsNumber: true })}
            />
            <TextareaField
              label="Un mot pour nous"
              optional
              rows={3}
              maxLength={rules.messageMaxLength}
              {...form.bind('message')}
            />
          </ApiForm>
        ) : null}
      </div>
    </div>
  );
}

'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@comptoir/contract/client';
import {
  MAX_SEATS_PER_REGISTRATION,
  MESSAGE_MAX_LENGTH,
  REGISTERED_MESSAGE,
  REGISTRATION_FULL_MESSAGE,
  getElementRegistration,
  registerToElement,
  registrationBodySchema,
  type RegistrationAvailability,
} from '@comptoir/contract/element-registration';
import { FormStatus } from '../../ui/form-status';
import { reportFailure } from '../../ui/report-failure';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { notifySuccess } from '../../ui/toaster';
import uiStyles from '../../ui/forms.module.css';
import { browserApi } from '../account/browser-api';
import { TextareaField } from '../forms/form-fields';
import styles from './element-list.module.css';

type RegistrationValues = z.input<typeof registrationBodySchema>;

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'seats', 'message'] as const;

function seatsSentence(capacity: number, availability: RegistrationAvailability | null): string {
  if (!availability) return `${capacity} ${capacity > 1 ? 'places' : 'place'} en tout.`;
  if (availability.remaining === 0) return `Complet. ${REGISTRATION_FULL_MESSAGE}`;
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
}: {
  siteId: number;
  route: string;
  elementId: number;
  title: string;
  capacity: number;
}) {
  const formId = useId();
  const [availability, setAvailability] = useState<RegistrationAvailability | null>(null);
  const [open, setOpen] = useState(false);
  const [registered, setRegistered] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationValues, unknown, z.output<typeof registrationBodySchema>>({
    resolver: zodResolver(registrationBodySchema),
    defaultValues: { firstname: '', lastname: '', email: '', phone: '', seats: 1, message: '' },
  });

  const fetchAvailability = useCallback(async () => {
    try {
      return await browserApi(siteId).call(getElementRegistration, {
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

  useEffect(() => {
    if (open) setFocus('firstname');
  }, [open, setFocus]);

  const full = availability?.remaining === 0;
  const maxSeats = Math.max(
    1,
    Math.min(MAX_SEATS_PER_REGISTRATION, availability?.remaining ?? MAX_SEATS_PER_REGISTRATION),
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const result = await browserApi(siteId).call(registerToElement, {
        params: { route, id: elementId },
        body,
      });
      setAvailability(result);
      setRegistered(true);
      setOpen(false);
      reset();
      notifySuccess(`Inscription enregistrée : ${title}`);
    } catch (error) {
      reportFailure(error, setError, FIELDS);
      if (error instanceof ApiError && error.status === 409) {
        void fetchAvailability().then(setAvailability);
      }
    }
  });

  return (
    <div className={styles.registration}>
      <p className={styles.seats} aria-live="polite">
        {seatsSentence(capacity, availability)}
      </p>
      <FormStatus>{registered ? REGISTERED_MESSAGE : null}</FormStatus>
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
          <form
            className={`${uiStyles.form} ${styles.form}`}
            onSubmit={onSubmit}
            noValidate
            aria-label={`Inscription : ${title}`}
          >
            <div className={uiStyles.row}>
              <TextField
                label="Prénom"
                autoComplete="given-name"
                registration={register('firstname')}
                error={errors.firstname?.message}
              />
              <TextField
                label="Nom"
                autoComplete="family-name"
                registration={register('lastname')}
                error={errors.lastname?.message}
              />
            </div>
            <div className={uiStyles.row}>
              <TextField
                label="Adresse e-mail"
                type="email"
                autoComplete="email"
                inputMode="email"
                spellCheck={false}
                hint="Nous y envoyons la confirmation de votre inscription."
                registration={register('email')}
                error={errors.email?.message}
              />
              <TextField
                label="Téléphone"
                type="tel"
                autoComplete="tel"
                optional
                registration={register('phone')}
                error={errors.phone?.message}
              />
            </div>
            <TextField
              label="Nombre de places"
              type="number"
              inputMode="numeric"
              min={1}
              max={maxSeats}
              step={1}
              className={styles.seatsField}
              registration={register('seats', { valueAsNumber: true })}
              error={errors.seats?.message}
            />
            <TextareaField
              label="Un mot pour nous"
              optional
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
              registration={register('message')}
              error={errors.message?.message}
            />
            <div className={uiStyles.actions}>
              <SubmitButton pending={isSubmitting}>Confirmer mon inscription</SubmitButton>
            </div>
          </form>
        ) : null}
      </div>
    </div>
  );
}

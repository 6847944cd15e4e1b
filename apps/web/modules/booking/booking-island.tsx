'use client';

import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import type { BookableService, Booking, BookingHold } from '@comptoir/contract/booking';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { failureMessage } from '../../ui/server-errors';
import { useAccount } from '../account/use-account';
import { durationText, peopleText, priceText, whenText } from './booking-format';
import { manageBookingPath, parseRowId, SERVICE_QUERY_PARAMETER } from './booking-paths';
import { cancelRoute, holdRoute } from './booking-routes';
import { callBooking, rememberBookingToken } from './booking-session';
import { HoldCountdown } from './hold-countdown';
import { TimePicker, type ChosenTime } from './time-picker';
import styles from './booking.module.css';

/*
 * The details forms (and the form engine and fields with them) load once a time is held: the
 * page's first load is the choice of a service and a time.
 */
const GuestDetailsForm = lazy(() =>
  import('./booking-details-form').then((module) => ({ default: module.GuestDetailsForm })),
);
const CustomerDetailsForm = lazy(() =>
  import('./booking-details-form').then((module) => ({ default: module.CustomerDetailsForm })),
);

const HOLD_EXPIRED_TEXT =
  'Le temps de réservation de cet horaire est écoulé : choisissez-le à nouveau.';

interface BookingIslandProps {
  siteId: number;
  /** The site's bookable services, by position (at least one). */
  services: BookableService[];
}

/**
 * The booking page's island (decision 0125): a service (preselected from ?prestation=), a person
 * or « Peu importe », a party size for a group service, then a free time; the chosen time is held
 * for BOOKING_HOLD_MINUTES while the visitor gives their details (a guest) or confirms (a
 * logged-in customer). A confirmed booking, or one that waits for its card payment, opens its
 * own page.
 */
export function BookingIsland({ siteId, services }: BookingIslandProps) {
  const ids = useId();
  const router = useRouter();
  const requested = parseRowId(useSearchParams().get(SERVICE_QUERY_PARAMETER));
  const [serviceId, setServiceId] = useState(
    () => services.find((item) => item.id === requested)?.id ?? services[0]!.id,
  );
  const service = services.find((item) => item.id === serviceId) ?? services[0]!;
  const [personId, setPersonId] = useState<number | undefined>(undefined);
  const [partySize, setPartySize] = useState(1);
  const [hold, setHold] = useState<BookingHold | null>(null);
  const [holding, setHolding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [today] = useState(() => todayInFrance());
  const { status, user } = useAccount(siteId);
  const holdHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (hold) holdHeading.current?.focus();
  }, [hold]);

  function chooseService(next: BookableService) {
    setServiceId(next.id);
    setPersonId(undefined);
    setPartySize((size) => Math.min(size, next.maxPartySize));
    setNotice(null);
  }

  async function holdTime({ time, personId: chosenPerson }: ChosenTime) {
    if (holding) return;
    setHolding(true);
    setNotice(null);
    try {
      const answer = await callBooking(siteId, holdRoute, null, {
        body: {
          serviceId: service.id,
          start: time.start,
          partySize,
          ...(chosenPerson === undefined ? {} : { personId: chosenPerson }),
        },
      });
      rememberBookingToken(answer.booking.id, answer.token);
      setHold(answer);
    } catch (error) {
      setNotice(failureMessage(error));
      // The time was taken meanwhile, or is no longer offered: the times are asked again.
      setRefreshKey((key) => key + 1);
    } finally {
      setHolding(false);
    }
  }

  /** Back to the times: the held one is let go at once rather than in 15 minutes. */
  function releaseHold(message: string | null) {
    if (hold) {
      const heldId = hold.booking.id;
      void callBooking(siteId, cancelRoute, heldId, { params: { id: heldId } }).catch(
        () => undefined,
      );
    }
    setHold(null);
    setNotice(message);
    setRefreshKey((key) => key + 1);
  }

  const onExpired = useCallback(() => {
    setHold(null);
    setNotice(HOLD_EXPIRED_TEXT);
    setRefreshKey((key) => key + 1);
  }, []);

  function onConfirmed(booking: Booking) {
    router.push(manageBookingPath(booking.id));
  }

  if (hold) {
    const booking = hold.booking;
    return (
      <div className={styles.flow}>
        <section className={styles.step} aria-labelledby={`${ids}-hold`}>
          <h2 id={`${ids}-hold`} ref={holdHeading} tabIndex={-1} className={styles.stepTitle}>
            Vos coordonnées
          </h2>
          <div className={styles.recap}>
            <p className={styles.recapTitle}>{booking.service.name}</p>
            <p>{whenText(booking)}</p>
            {booking.person ? <p>Avec {booking.person.name}</p> : null}
            {service.maxPartySize > 1 ? <p>{peopleText(booking.partySize)}</p> : null}
            <p>{priceText(service)}</p>
          </div>
          {booking.holdExpiresAt ? (
            <HoldCountdown expiresAt={booking.holdExpiresAt} onExpired={onExpired} />
          ) : null}
          <Suspense
            fallback={
              <p className={styles.loading} role="status">
                Chargement du formulaire…
              </p>
            }
          >
            {status === 'member' && user ? (
              <CustomerDetailsForm
                siteId={siteId}
                bookingId={booking.id}
                user={user}
                onConfirmed={onConfirmed}
              />
            ) : (
              <GuestDetailsForm siteId={siteId} bookingId={booking.id} onConfirmed={onConfirmed} />
            )}
          </Suspense>
          {service.payment !== 'none' && service.priceCents > 0 ? (
            <p className={styles.hint}>
              Après confirmation, vous réglez{' '}
              {service.payment === 'deposit' ? 'l’acompte' : 'la prestation'} par carte pour valider
              la réservation.
            </p>
          ) : null}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => releaseHold(null)}
          >
            Choisir un autre horaire
          </button>
        </section>
      </div>
    );
  }

  return (
    <div className={styles.flow}>
      {services.length > 1 ? (
        <fieldset className={styles.step}>
          <legend className={styles.stepTitle}>Quelle prestation ?</legend>
          <div className={styles.choices}>
            {services.map((item) => (
              <label key={item.id} className={styles.serviceChoice}>
                <input
                  type="radio"
                  name={`${ids}-service`}
                  value={item.id}
                  checked={item.id === service.id}
                  onChange={() => chooseService(item)}
                />
                <span>
                  <span className={styles.serviceName}>{item.name}</span>
                  <span className={styles.serviceFacts}>
                    {durationText(item.durationMinutes)} · {priceText(item)}
                  </span>
                  {item.description ? (
                    <span className={styles.serviceDescription}>{item.description}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <section className={styles.step} aria-labelledby={`${ids}-service`}>
          <h2 id={`${ids}-service`} className={styles.stepTitle}>
            {service.name}
          </h2>
          <p className={styles.serviceFacts}>
            {durationText(service.durationMinutes)} · {priceText(service)}
          </p>
          {service.description ? <p>{service.description}</p> : null}
        </section>
      )}

      {service.people.length > 0 ? (
        <fieldset className={styles.step}>
          <legend className={styles.stepTitle}>Avec qui ?</legend>
          <div className={styles.inlineChoices}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={`${ids}-person`}
                checked={personId === undefined}
                onChange={() => setPersonId(undefined)}
              />
              <span>Peu importe</span>
            </label>
            {service.people.map((person) => (
              <label key={person.id} className={styles.choice}>
                <input
                  type="radio"
                  name={`${ids}-person`}
                  checked={personId === person.id}
                  onChange={() => setPersonId(person.id)}
                />
                <span>{person.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {service.maxPartySize > 1 ? (
        <div className={styles.step}>
          <label htmlFor={`${ids}-party`} className={styles.stepTitle}>
            Combien serez-vous ?
          </label>
          <select
            id={`${ids}-party`}
            className={styles.select}
            value={partySize}
            onChange={(event) => setPartySize(Number(event.target.value))}
          >
            {Array.from({ length: service.maxPartySize }, (_, index) => index + 1).map((size) => (
              <option key={size} value={size}>
                {peopleText(size)}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {notice ? (
        <p className={styles.error} role="alert">
          {notice}
        </p>
      ) : null}

      <TimePicker
        siteId={siteId}
        service={service}
        personId={personId}
        partySize={partySize}
        today={today}
        actionLabel="Réserver cet horaire"
        busy={holding}
        onChoose={(choice) => void holdTime(choice)}
        refreshKey={refreshKey}
      />
    </div>
  );
}

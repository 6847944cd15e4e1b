'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'next/navigation';
import type { BookableService, Booking } from '@comptoir/contract/booking';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { ApiError } from '@comptoir/contract/request';
import { IntentLink } from '../../ui/intent-link';
import { failureMessage } from '../../ui/server-errors';
import { loginPathFor } from '../account/account-paths';
import { parisMomentText, whenText } from './booking-format';
import {
  addressWithoutToken,
  BOOKING_PATH,
  bookingPathFor,
  manageBookingPath,
  parseRowId,
  tokenFromAddress,
} from './booking-paths';
import { bookingRoute, cancelRoute, moveRoute } from './booking-routes';
import { callBooking, rememberBookingToken } from './booking-session';
import { BookingSummary } from './booking-summary';
import type { ChosenTime } from './time-picker';
import styles from './booking.module.css';

/* The card step loads only for a booking that waits for its payment. */
const BookingPayment = lazy(() =>
  import('./booking-payment').then((module) => ({ default: module.BookingPayment })),
);
/* The free times load only when the customer asks to move the booking. */
const TimePicker = lazy(() =>
  import('./time-picker').then((module) => ({ default: module.TimePicker })),
);

export const BOOKING_NOT_FOUND_TEXT =
  'Cette réservation est introuvable depuis ce navigateur : ouvrez le lien de votre e-mail de confirmation, ou connectez-vous si vous avez réservé avec votre compte.';

/** How often, and how many times, a booking just paid is read again until Stripe's word arrives. */
const PAYMENT_POLL_MS = 2000;
const PAYMENT_POLLS = 15;

type Loaded =
  | { state: 'loading' }
  | { state: 'shown'; booking: Booking }
  | { state: 'not-found' }
  | { state: 'failed'; message: string };

/** The page's heading, by what the customer has to know first. */
function headingOf(booking: Booking): string {
  switch (booking.status) {
    case 'confirmed':
      return 'Votre réservation est confirmée';
    case 'awaiting_payment':
      return 'Il reste à régler votre réservation';
    case 'held':
      return 'Cette réservation n’est pas encore confirmée';
    case 'cancelled':
      return 'Cette réservation est annulée';
    case 'no_show':
    case 'completed':
      return 'Cette réservation est passée';
  }
}

/**
 * A booking's own page (decision 0125): the confirmation after booking, the payment of a deposit,
 * and, from the mail's link or the account, its cancellation or move until the deadline. The
 * token of the mail's link is read from the address once, kept in this tab's session
 * storage and taken out of the address bar, so that it is neither bookmarked nor shared by
 * accident.
 */
export function ManageBookingView({
  siteId,
  services,
}: {
  siteId: number;
  services: BookableService[];
}) {
  const bookingId = parseRowId(useParams<{ id?: string }>().id);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [done, setDone] = useState<string | null>(null);
  const [mode, setMode] = useState<'view' | 'cancel' | 'move'>('view');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [today] = useState(() => todayInFrance());
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (bookingId === null) return;
    const token = tokenFromAddress(window.location.hash, window.location.search);
    if (token) {
      rememberBookingToken(bookingId, token);
      window.history.replaceState(
        window.history.state,
        '',
        addressWithoutToken(window.location.pathname, window.location.search),
      );
    }
    let live = true;
    let polls = 0;
    let timer: number | undefined;
    const paidJustNow = new URLSearchParams(window.location.search).has('payment_intent');
    const read = () =>
      callBooking(siteId, bookingRoute, bookingId, { params: { id: bookingId } })
        .then((booking) => {
          if (!live) return;
          setLoaded({ state: 'shown', booking });
          // Back from Stripe: the webhook confirms the booking a moment later.
          if (paidJustNow && booking.status === 'awaiting_payment' && polls < PAYMENT_POLLS) {
            polls += 1;
            timer = window.setTimeout(() => void read(), PAYMENT_POLL_MS);
          }
        })
        .catch((error: unknown) => {
          if (!live) return;
          const status = error instanceof ApiError ? error.status : 0;
          setLoaded(
            status === 401 || status === 403 || status === 404
              ? { state: 'not-found' }
              : { state: 'failed', message: failureMessage(error) },
          );
        });
    void read();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [siteId, bookingId]);

  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  if (bookingId === null || loaded.state === 'not-found') {
    return (
      <div className={styles.stack}>
        <p role="alert">{BOOKING_NOT_FOUND_TEXT}</p>
        <p className={styles.actionsRow}>
          <IntentLink href={bookingPathFor()} className="button">
            Réserver
          </IntentLink>
          <IntentLink
            href={loginPathFor(bookingId === null ? BOOKING_PATH : manageBookingPath(bookingId))}
            className="button button-secondary"
          >
            Se connecter
          </IntentLink>
        </p>
      </div>
    );
  }
  if (loaded.state === 'loading') {
    return (
      <p className={styles.loading} role="status">
        Chargement de votre réservation…
      </p>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <p className={styles.error} role="alert">
        {loaded.message}
      </p>
    );
  }

  const booking = loaded.booking;
  const service = services.find((item) => item.id === booking.service.id) ?? null;
  const active = booking.status === 'confirmed' || booking.status === 'awaiting_payment';

  async function cancel() {
    setBusy(true);
    setProblem(null);
    try {
      const cancelled = await callBooking(siteId, cancelRoute, booking.id, {
        params: { id: booking.id },
      });
      setLoaded({ state: 'shown', booking: cancelled });
      setMode('view');
      setDone(
        cancelled.paidCents > 0
          ? 'Votre réservation est annulée. Ce que vous avez réglé en ligne vous est remboursé sur votre carte.'
          : 'Votre réservation est annulée.',
      );
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function move({ time, personId }: ChosenTime) {
    setBusy(true);
    setProblem(null);
    try {
      const moved = await callBooking(siteId, moveRoute, booking.id, {
        params: { id: booking.id },
        body: { start: time.start, ...(personId === undefined ? {} : { personId }) },
      });
      setLoaded({ state: 'shown', booking: moved });
      setMode('view');
      setDone(`Votre réservation est déplacée au ${whenText(moved)}.`);
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.flow}>
      <section className={styles.step} aria-labelledby="booking-heading">
        <h2 id="booking-heading" ref={heading} tabIndex={-1} className={styles.stepTitle}>
          {headingOf(booking)}
        </h2>
        {done ? (
          <p className={styles.notice} role="status">
            {done}
          </p>
        ) : booking.status === 'confirmed' ? (
          <p className={styles.notice}>
            Un e-mail de confirmation vous est envoyé à {booking.customer.email}, avec l’invitation
            à ajouter à votre agenda et le lien de cette page.
          </p>
        ) : null}
        <BookingSummary booking={booking} />
      </section>

      {booking.status === 'awaiting_payment' && booking.dueOnlineCents > 0 ? (
        <Suspense fallback={null}>
          <BookingPayment siteId={siteId} booking={booking} />
        </Suspense>
      ) : null}

      {booking.status === 'held' ? (
        <p>
          <IntentLink href={bookingPathFor(booking.service.id)} className="button">
            Choisir un horaire
          </IntentLink>
        </p>
      ) : null}

      {active && booking.canChange ? (
        <section className={styles.step} aria-labelledby="booking-change">
          <h2 id="booking-change" className={styles.stepTitle}>
            Annuler ou déplacer
          </h2>
          <p>
            Vous pouvez annuler ou déplacer cette réservation jusqu’au{' '}
            {parisMomentText(booking.changeableUntil)}.
          </p>
          {problem ? (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          ) : null}
          {mode === 'view' ? (
            <p className={styles.actionsRow}>
              {service && booking.status === 'confirmed' ? (
                <button type="button" className="button" onClick={() => setMode('move')}>
                  Déplacer la réservation
                </button>
              ) : null}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setMode('cancel')}
              >
                Annuler la réservation
              </button>
            </p>
          ) : null}
          {mode === 'cancel' ? (
            <div className={styles.confirmBox} role="group" aria-labelledby="booking-cancel-ask">
              <p id="booking-cancel-ask">
                Annuler votre réservation du {whenText(booking)} ?
                {booking.paidCents > 0
                  ? ' Ce que vous avez réglé en ligne vous est remboursé.'
                  : ''}
              </p>
              <p className={styles.actionsRow}>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => void cancel()}
                >
                  {busy ? 'Annulation…' : 'Oui, annuler'}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setMode('view')}
                >
                  Non, la garder
                </button>
              </p>
            </div>
          ) : null}
          {mode === 'move' && service ? (
            <Suspense
              fallback={
                <p className={styles.loading} role="status">
                  Recherche des horaires libres…
                </p>
              }
            >
              <TimePicker
                siteId={siteId}
                service={service}
                personId={booking.person?.id}
                partySize={booking.partySize}
                today={today}
                actionLabel="Déplacer à cet horaire"
                busy={busy}
                onChoose={(choice) => void move(choice)}
                excludeStart={booking.start}
                nested
              />
              <p>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setMode('view')}
                >
                  Garder l’horaire actuel
                </button>
              </p>
            </Suspense>
          ) : null}
        </section>
      ) : null}

      {active && !booking.canChange ? (
        <p className={styles.notice}>
          Le délai pour annuler ou déplacer cette réservation en ligne est passé : appelez-nous.
        </p>
      ) : null}

      {booking.status === 'cancelled' ? (
        <p>
          <IntentLink href={bookingPathFor(service?.id)} className="button">
            Réserver un autre horaire
          </IntentLink>
        </p>
      ) : null}
    </div>
  );
}

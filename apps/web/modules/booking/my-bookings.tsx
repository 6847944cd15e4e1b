'use client';

import { useEffect, useState } from 'react';
import type { Booking } from '@comptoir/contract/booking';
import { IntentLink } from '../../ui/intent-link';
import { failureMessage } from '../../ui/server-errors';
import { endSessionOn401 } from '../account/use-account-failure';
import { bookingStatusText, whenText } from './booking-format';
import { BOOKING_PATH, manageBookingPath } from './booking-paths';
import { myBookingsRoute } from './booking-routes';
import { callBooking } from './booking-session';
import styles from './booking.module.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'shown'; bookings: Booking[] }
  | { state: 'failed'; message: string };

/**
 * /mon-compte/reservations: the customer's bookings on this site, coming ones first
 * (GET /booking/mine); each opens its page, where it is paid, cancelled or moved as from the mail.
 */
export function MyBookings({ siteId }: { siteId: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    callBooking(siteId, myBookingsRoute, null)
      .then((answer) => live && setLoaded({ state: 'shown', bookings: answer.bookings }))
      .catch((error: unknown) => {
        if (!live) return;
        endSessionOn401(error);
        setLoaded({ state: 'failed', message: failureMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [siteId]);

  return (
    <section className={styles.accountCard} aria-labelledby="mes-reservations">
      <h2 id="mes-reservations" className={styles.stepTitle}>
        Mes réservations
      </h2>
      {loaded.state === 'loading' ? (
        <p className={styles.loading} role="status">
          Chargement de vos réservations…
        </p>
      ) : loaded.state === 'failed' ? (
        <p role="alert">{loaded.message}</p>
      ) : loaded.bookings.length === 0 ? (
        <p>
          Vous n’avez pas encore de réservation sur ce site.{' '}
          <IntentLink href={BOOKING_PATH}>Réserver</IntentLink>
        </p>
      ) : (
        <ul role="list" className={styles.bookingList}>
          {loaded.bookings.map((booking) => (
            <li key={booking.id} className={styles.bookingItem}>
              <p className={styles.recapTitle}>{booking.service.name}</p>
              <p>{whenText(booking)}</p>
              {booking.person ? <p>Avec {booking.person.name}</p> : null}
              <p>
                <span className={styles.status} data-status={booking.status}>
                  {bookingStatusText(booking.status)}
                </span>{' '}
                · {booking.reference}
              </p>
              <p>
                <IntentLink href={manageBookingPath(booking.id)}>
                  {booking.canChange &&
                  (booking.status === 'confirmed' || booking.status === 'awaiting_payment')
                    ? 'Voir, annuler ou déplacer'
                    : 'Voir la réservation'}
                  <span className="visually-hidden"> : {booking.reference}</span>
                </IntentLink>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

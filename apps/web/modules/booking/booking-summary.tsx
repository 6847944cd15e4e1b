import type { Booking } from '@comptoir/contract/booking';
import { formatPrice } from '@comptoir/domain/money';
import { bookingStatusText, peopleText, whenText } from './booking-format';
import styles from './booking.module.css';

/** A booking's facts, as its page and the account's list show them. */
export function BookingSummary({ booking }: { booking: Booking }) {
  return (
    <dl className={styles.summaryList}>
      <div>
        <dt>Référence</dt>
        <dd>{booking.reference}</dd>
      </div>
      <div>
        <dt>Prestation</dt>
        <dd>{booking.service.name}</dd>
      </div>
      <div>
        <dt>Date et heure</dt>
        <dd>{whenText(booking)}</dd>
      </div>
      {booking.person ? (
        <div>
          <dt>Avec</dt>
          <dd>{booking.person.name}</dd>
        </div>
      ) : null}
      {booking.partySize > 1 ? (
        <div>
          <dt>Participants</dt>
          <dd>{peopleText(booking.partySize)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Prix</dt>
        <dd>
          {booking.priceCents === 0 ? 'Gratuit' : formatPrice(booking.priceCents)}
          {booking.paidCents > 0 ? ` (dont ${formatPrice(booking.paidCents)} réglés en ligne)` : ''}
        </dd>
      </div>
      <div>
        <dt>État</dt>
        <dd>
          <span className={styles.status} data-status={booking.status}>
            {bookingStatusText(booking.status)}
          </span>
        </dd>
      </div>
      <div>
        <dt>Au nom de</dt>
        <dd>
          {booking.customer.firstname} {booking.customer.lastname}
          {booking.customer.email ? ` (${booking.customer.email})` : ''}
        </dd>
      </div>
    </dl>
  );
}

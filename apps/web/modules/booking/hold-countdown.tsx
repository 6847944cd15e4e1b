'use client';

import { useEffect, useRef, useState } from 'react';
import { countdownSpoken, countdownText } from './booking-format';
import styles from './booking.module.css';

/** The moments (minutes left) at which a screen reader hears how long the hold still lasts. */
const SPOKEN_AT_MINUTES = [10, 5, 1];

/**
 * How long the held time stays the visitor's (BOOKING_HOLD_MINUTES from the hold). The clock
 * ticks every second for the eyes; a screen reader is told the minutes left once at the start
 * and at 10, 5 and 1 minute, not every second. At zero it tells the page, which offers the
 * times again.
 */
export function HoldCountdown({
  expiresAt,
  onExpired,
}: {
  expiresAt: string;
  onExpired: () => void;
}) {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const [spoken, setSpoken] = useState(() => countdownSpoken(deadline - Date.now()));
  const lastSpoken = useRef<number | null>(null);
  const expired = useRef(false);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const left = deadline - now;

  useEffect(() => {
    if (left <= 0) {
      if (!expired.current) {
        expired.current = true;
        onExpired();
      }
      return;
    }
    const minutes = Math.ceil(left / 60_000);
    const mark = SPOKEN_AT_MINUTES.find((at) => minutes === at);
    if (mark !== undefined && lastSpoken.current !== mark) {
      lastSpoken.current = mark;
      setSpoken(countdownSpoken(left));
    }
  }, [left, onExpired]);

  return (
    <div className={styles.countdown}>
      <p className={styles.countdownText}>
        Cet horaire vous est réservé pendant encore{' '}
        <span className={styles.clock} aria-hidden="true">
          {countdownText(left)}
        </span>
        <span className="visually-hidden">{countdownSpoken(left)}</span> : confirmez avant la fin du
        décompte.
      </p>
      <p className="visually-hidden" aria-live="polite">
        Il vous reste {spoken} pour confirmer.
      </p>
    </div>
  );
}

'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { BookableService, BookingDay, BookingTime } from '@comptoir/contract/booking';
import { failureMessage } from '../../ui/server-errors';
import {
  addDays,
  dayLabel,
  freeTimesText,
  isoWeekday,
  seatsText,
  shortDayLabel,
  weekLabel,
  weeksOf,
} from './booking-format';
import { availabilityRoute } from './booking-routes';
import { callBooking } from './booking-session';
import styles from './booking.module.css';

/** Days asked per request: two weeks, then two more on « Voir les deux semaines suivantes ». */
export const DAYS_PER_PAGE = 14;
/** As far as the visitor may look ahead: about three months (the contract allows 62 days a call). */
const MAX_DAYS_AHEAD = 13 * 7;

export interface ChosenTime {
  time: BookingTime;
  /** The person the visitor chose, or undefined for « Peu importe ». */
  personId: number | undefined;
}

interface TimePickerProps {
  siteId: number;
  service: BookableService;
  /** The chosen person, or undefined for « Peu importe ». */
  personId: number | undefined;
  partySize: number;
  /** The first day shown (today in Paris). */
  today: string;
  /** What the button under the times does: « Réserver cet horaire », « Déplacer à cet horaire ». */
  actionLabel: string;
  busy: boolean;
  onChoose: (choice: ChosenTime) => void;
  /** A start to leave out (the booking being moved already holds it). */
  excludeStart?: string;
  /** Changes to ask the free times again (after a refused hold: the time was taken). */
  refreshKey?: number;
  /** Inside a section of its own (moving a booking): its title is an h3, its weeks h4. */
  nested?: boolean;
}

interface Loaded {
  /** What the days were asked for: service, person, party size, refresh. */
  key: string;
  days: BookingDay[];
  /** The first day not asked yet. */
  next: string;
}

/**
 * The free times of the coming weeks (decision 0125), day by day. The days are buttons grouped by
 * week (Tab and Enter), each saying how many free times it has; the chosen day's times are one
 * group of radio buttons (the arrows move among them, a screen reader says « 3 sur 8 »), and a
 * button under them holds the chosen time. Choosing is not booking: moving with the arrows
 * never holds a time. A status line says how many free times the shown weeks hold; the chosen
 * day and time are marked by their frame and weight and a tick, not by colour alone.
 */
export function TimePicker({
  siteId,
  service,
  personId,
  partySize,
  today,
  actionLabel,
  busy,
  onChoose,
  excludeStart,
  refreshKey = 0,
  nested = false,
}: TimePickerProps) {
  const Title = nested ? 'h3' : 'h2';
  const WeekTitle = nested ? 'h4' : 'h3';
  const ids = useId();
  const key = `${service.id}|${personId ?? ''}|${partySize}|${refreshKey}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** Bumped by « Réessayer » after a failed first answer. */
  const [retry, setRetry] = useState(0);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  /** The chosen day and time, for the service, person and party size they were chosen for. */
  const [choice, setChoice] = useState<{ key: string; day: string | null; start: string | null }>({
    key,
    day: null,
    start: null,
  });
  const timesRef = useRef<HTMLFieldSetElement>(null);
  const [timesFocus, setTimesFocus] = useState(0);

  useEffect(() => {
    if (timesFocus > 0) timesRef.current?.focus();
  }, [timesFocus]);

  const current = loaded?.key === key ? loaded : null;
  const error = failure?.key === key ? failure.message : null;
  const day = choice.key === key ? choice.day : null;
  const start = choice.key === key ? choice.start : null;

  /** Two weeks of free times from `from`, after those already shown (`before`). */
  async function fetchDays(from: string, before: BookingDay[]): Promise<Loaded> {
    const answer = await callBooking(siteId, availabilityRoute, null, {
      params: { id: service.id },
      query: { from, days: DAYS_PER_PAGE, personId, partySize },
    });
    const days = answer.days.map((item) => ({
      ...item,
      times: item.times.filter((time) => time.start !== excludeStart),
    }));
    return { key, days: [...before, ...days], next: addDays(from, DAYS_PER_PAGE) };
  }

  useEffect(() => {
    let live = true;
    fetchDays(today, [])
      .then((next) => live && setLoaded(next))
      .catch((reason: unknown) => live && setFailure({ key, message: failureMessage(reason) }));
    return () => {
      live = false;
    };
    // Asked again only when what the times depend on changes (the key says it all).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, today, retry]);

  async function loadMore(shown: Loaded) {
    setLoadingMore(true);
    setFailure(null);
    try {
      setLoaded(await fetchDays(shown.next, shown.days));
    } catch (reason) {
      setFailure({ key, message: failureMessage(reason) });
    } finally {
      setLoadingMore(false);
    }
  }

  const days = current?.days ?? [];
  const total = days.reduce((sum, item) => sum + item.times.length, 0);
  const chosenDay = days.find((item) => item.date === day) ?? null;
  const chosenTime = chosenDay?.times.find((time) => time.start === start) ?? null;
  const canLoadMore = current !== null && current.next < addDays(today, MAX_DAYS_AHEAD);
  const lastDay = current ? addDays(current.next, -1) : null;
  const people = new Map(service.people.map((person) => [person.id, person.name]));
  const showSeats = service.maxPartySize > 1;

  return (
    <section className={styles.step} aria-labelledby={`${ids}-title`}>
      <Title id={`${ids}-title`} className={styles.stepTitle}>
        Choisissez un horaire
      </Title>
      <p className={styles.summary} role="status">
        {current === null
          ? error
            ? ''
            : 'Recherche des horaires libres…'
          : `${freeTimesText(total)} du ${dayLabel(today)} au ${dayLabel(lastDay!)}.`}
      </p>
      {error ? (
        <div className={styles.stack}>
          <p className={styles.error} role="alert">
            {error}
          </p>
          {current === null ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setFailure(null);
                setRetry((count) => count + 1);
              }}
            >
              Réessayer
            </button>
          ) : null}
        </div>
      ) : null}
      {current && total === 0 && !canLoadMore ? (
        <p>Plus aucun horaire n’est libre ces prochaines semaines : appelez-nous.</p>
      ) : null}
      {weeksOf(days).map((week) => (
        <div
          key={week.monday}
          role="group"
          aria-labelledby={`${ids}-week-${week.monday}`}
          className={styles.week}
        >
          <WeekTitle id={`${ids}-week-${week.monday}`} className={styles.weekTitle}>
            {weekLabel(week.monday)}
          </WeekTitle>
          <ul role="list" className={styles.days}>
            {week.days.map((item) => {
              const count = item.times.length;
              if (count === 0) {
                return (
                  <li
                    key={item.date}
                    className={styles.dayFull}
                    data-weekday={isoWeekday(item.date)}
                  >
                    <span aria-hidden="true">{shortDayLabel(item.date)}</span>
                    <span aria-hidden="true" className={styles.dayCount}>
                      aucun horaire
                    </span>
                    <span className="visually-hidden">
                      {dayLabel(item.date)} : aucun horaire libre
                    </span>
                  </li>
                );
              }
              const chosen = item.date === day;
              return (
                <li key={item.date} data-weekday={isoWeekday(item.date)}>
                  <button
                    type="button"
                    className={chosen ? styles.dayChosen : styles.day}
                    aria-pressed={chosen}
                    data-date={item.date}
                    onClick={() => {
                      setChoice({ key, day: item.date, start: null });
                      setTimesFocus((request) => request + 1);
                    }}
                  >
                    <span className={styles.dayName}>
                      {chosen ? (
                        <span aria-hidden="true" className={styles.tick}>
                          ✓{' '}
                        </span>
                      ) : null}
                      {shortDayLabel(item.date)}
                    </span>
                    {/* The button's name is its visible words, completed for a screen reader
                        ("lun. 30 nov. 3 horaires libres"): a name that did not contain them
                        would not answer a voice command saying what the eye reads (WCAG 2.5.3). */}
                    <span className={styles.dayCount}>
                      {count} horaire{count > 1 ? 's' : ''}
                      <span className="visually-hidden"> libre{count > 1 ? 's' : ''}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {canLoadMore ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={loadingMore}
          aria-busy={loadingMore || undefined}
          onClick={() => void loadMore(current)}
        >
          {loadingMore ? 'Recherche…' : 'Voir les deux semaines suivantes'}
        </button>
      ) : null}

      {chosenDay ? (
        <fieldset
          ref={timesRef}
          tabIndex={-1}
          className={styles.times}
          aria-describedby={`${ids}-times-hint`}
        >
          <legend className={styles.legend}>Horaires libres le {dayLabel(chosenDay.date)}</legend>
          <p id={`${ids}-times-hint`} className={styles.hint}>
            {freeTimesText(chosenDay.times.length)} ce jour-là. Les flèches passent d’un horaire à
            l’autre.
          </p>
          <div className={styles.timeGrid}>
            {chosenDay.times.map((time) => (
              <label key={time.start} className={styles.time}>
                <input
                  type="radio"
                  name={`${ids}-time`}
                  value={time.start}
                  checked={time.start === start}
                  onChange={() => setChoice({ key, day, start: time.start })}
                />
                <span>
                  <span className={styles.timeRange}>
                    {time.localStart} – {time.localEnd}
                  </span>
                  {showSeats ? (
                    <span className={styles.timeNote}>
                      {seatsText(time.seatsLeft)} libre{time.seatsLeft > 1 ? 's' : ''}
                    </span>
                  ) : personId === undefined && time.personIds.length > 0 ? (
                    <span className={styles.timeNote}>
                      {time.personIds
                        .map((id) => people.get(id))
                        .filter(Boolean)
                        .join(', ')}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={chosenTime === null || busy}
          aria-busy={busy || undefined}
          onClick={() => chosenTime && onChoose({ time: chosenTime, personId })}
        >
          {busy ? 'Un instant…' : actionLabel}
        </button>
        {chosenTime === null ? (
          <p className={styles.hint}>Choisissez d’abord un jour puis un horaire.</p>
        ) : (
          <p className={styles.hint}>
            {dayLabel(chosenDay!.date)}, {chosenTime.localStart} – {chosenTime.localEnd}
          </p>
        )}
      </div>
    </section>
  );
}

'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { AllowedDates } from '@comptoir/contract/calendar';
import type { CompanyAddress } from '@comptoir/contract/contact';
import { useCartStore } from '../../lib/stores/cart-store';
import type { BrowserApi } from '../account/browser-api';
import {
  addMonths,
  dayLabel,
  monthLabel,
  monthWeeks,
  parisMonth,
  type Month,
} from './calendar-model';
import { allowedDatesRoute, holdSlotRoute } from './delivery-routes';
import styles from './delivery.module.css';

const WEEKDAYS = [
  ['lun.', 'lundi'],
  ['mar.', 'mardi'],
  ['mer.', 'mercredi'],
  ['jeu.', 'jeudi'],
  ['ven.', 'vendredi'],
  ['sam.', 'samedi'],
  ['dim.', 'dimanche'],
] as const;

/** How many months ahead the calendar goes. */
const MONTHS_AHEAD = 2;

interface ClickAndCollectProps {
  api: BrowserApi;
  /** The site's click-and-collect addresses (at least one). */
  addresses: CompanyAddress[];
  cartId: number;
}

/**
 * Click-and-collect (decision 0046): the shop's address, a month of the days it hands orders
 * over (buttons: Tab and Enter), then that day's slots (radio buttons: the arrows). Choosing a
 * slot holds a place in it for the cart (POST /calendar/{id}/hold).
 */
export function ClickAndCollect({ api, addresses, cartId }: ClickAndCollectProps) {
  const ids = useId();
  const chosen = useCartStore((state) => state.clickAndCollect);
  const setDelivery = useCartStore((state) => state.setDelivery);
  const [addressId, setAddressId] = useState(chosen?.companyAddressId ?? addresses[0]?.id ?? null);
  const first = parisMonth(new Date());
  const [month, setMonth] = useState<Month>(() => {
    if (!chosen) return first;
    const [year, monthNumber] = chosen.date.split('-').map(Number);
    return { year: year!, month: monthNumber! };
  });
  /** The month's days as last answered, for the address and month they were asked for. */
  const [loaded, setLoaded] = useState<{
    key: string;
    calendar: AllowedDates | null;
    error: string | null;
  } | null>(null);
  const calendarKey = `${addressId}|${month.year}-${month.month}`;
  const calendar = loaded?.key === calendarKey ? loaded.calendar : null;
  const calendarError = loaded?.key === calendarKey ? loaded.error : null;
  const [day, setDay] = useState<string | null>(chosen?.date ?? null);
  const [holding, setHolding] = useState(false);
  const [holdError, setHoldError] = useState<string | null>(null);
  /** After a day is chosen, the focus goes to its slots (the next step), not to the next day. */
  const slotsRef = useRef<HTMLFieldSetElement>(null);
  const [slotsFocus, setSlotsFocus] = useState(0);
  useEffect(() => {
    if (slotsFocus > 0) slotsRef.current?.focus();
  }, [slotsFocus]);
  const address = addresses.find((item) => item.id === addressId) ?? null;

  useEffect(() => {
    if (addressId === null) return;
    let live = true;
    const key = `${addressId}|${month.year}-${month.month}`;
    api
      .call(allowedDatesRoute, {
        params: { id: addressId, month: month.month, year: month.year },
      })
      .then((answer) => live && setLoaded({ key, calendar: answer, error: null }))
      .catch(() => {
        if (live) {
          setLoaded({
            key,
            calendar: null,
            error: 'Le calendrier ne répond pas : réessayez dans un instant.',
          });
        }
      });
    return () => {
      live = false;
    };
  }, [api, addressId, month.month, month.year]);

  if (address === null) return null;

  const allowed = new Map((calendar?.days ?? []).map((item) => [item.date, item.slots]));
  const slots = day ? (allowed.get(day) ?? []) : [];
  const atFirst = month.year * 12 + month.month <= first.year * 12 + first.month;
  const atLast =
    month.year * 12 + month.month >=
    addMonths(first, MONTHS_AHEAD).year * 12 + addMonths(first, MONTHS_AHEAD).month;

  async function hold(date: string, idSchedule: number) {
    if (address === null || holding) return;
    setHolding(true);
    setHoldError(null);
    try {
      const held = await api.call(holdSlotRoute, {
        params: { id: address.id },
        body: { idCart: cartId, date, idSchedule },
      });
      setDelivery({
        clickAndCollect: {
          companyAddressId: address.id,
          date: held.date,
          scheduleId: held.idSchedule,
          start: held.start,
          end: held.end,
          expiresAt: held.expiresAt,
        },
      });
    } catch (error) {
      setHoldError(
        error instanceof Error && !error.message.startsWith('Unexpected response')
          ? error.message
          : 'Ce créneau n’a pas pu être réservé : réessayez.',
      );
    } finally {
      setHolding(false);
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} className={styles.section}>
      <h2 id={`${ids}-title`} className={styles.heading}>
        Retrait au domaine
      </h2>
      {addresses.length > 1 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Lieu de retrait</legend>
          {addresses.map((item) => (
            <label key={item.id} className={styles.choice}>
              <input
                type="radio"
                name={`${ids}-address`}
                checked={item.id === addressId}
                onChange={() => {
                  setAddressId(item.id);
                  setDay(null);
                }}
              />
              <span>{item.label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <address className={styles.address} data-testid="click-and-collect-address">
        <strong>{address.label}</strong>
        <br />
        {address.addressLine1}
        {address.addressLine2 ? (
          <>
            <br />
            {address.addressLine2}
          </>
        ) : null}
        <br />
        {address.postalCode} {address.city}
      </address>

      {chosen && chosen.companyAddressId === address.id ? (
        <p className={styles.chosenSlot} data-testid="chosen-slot">
          Créneau réservé : {dayLabel(chosen.date)}, de {chosen.start} à {chosen.end}.
        </p>
      ) : null}

      <div className={styles.calendar}>
        <div className={styles.monthBar}>
          <button
            type="button"
            className={styles.monthButton}
            disabled={atFirst}
            onClick={() => setMonth(addMonths(month, -1))}
          >
            <span aria-hidden="true">‹</span> Mois précédent
          </button>
          <h3 className={styles.monthTitle} id={`${ids}-month`} aria-live="polite">
            {monthLabel(month)}
          </h3>
          <button
            type="button"
            className={styles.monthButton}
            disabled={atLast}
            onClick={() => setMonth(addMonths(month, 1))}
          >
            Mois suivant <span aria-hidden="true">›</span>
          </button>
        </div>
        {calendarError ? (
          <p className={styles.error} role="alert">
            {calendarError}
          </p>
        ) : null}
        {calendar === null && !calendarError ? (
          <p role="status">Chargement du calendrier…</p>
        ) : null}
        {calendar ? (
          <table className={styles.monthTable} aria-labelledby={`${ids}-month`}>
            <thead>
              <tr>
                {WEEKDAYS.map(([short, long]) => (
                  <th key={long} scope="col">
                    <abbr title={long}>{short}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week, index) => (
                <tr key={index}>
                  {week.map((date, column) => {
                    if (date === null) return <td key={column} />;
                    const dayNumber = Number(date.slice(8));
                    if (!allowed.has(date)) {
                      return (
                        <td key={date}>
                          <span aria-hidden="true" className={styles.closedNumber}>
                            {dayNumber}
                          </span>
                          <span className="visually-hidden">{dayLabel(date)} : pas de retrait</span>
                        </td>
                      );
                    }
                    return (
                      <td key={date}>
                        <button
                          type="button"
                          className={date === day ? styles.dayChosen : styles.day}
                          aria-pressed={date === day}
                          aria-label={dayLabel(date)}
                          onClick={() => {
                            setDay(date);
                            setSlotsFocus((request) => request + 1);
                          }}
                        >
                          {dayNumber}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {calendar && calendar.days.length === 0 ? (
          <p>Aucun retrait possible ce mois-ci : essayez le mois suivant.</p>
        ) : null}
      </div>

      {day && calendar && allowed.has(day) ? (
        <fieldset ref={slotsRef} tabIndex={-1} className={styles.slotGroup} aria-busy={holding}>
          <legend className={styles.legend}>Créneaux du {dayLabel(day)}</legend>
          <div className={styles.slots}>
            {slots.map((slot) => (
              <label key={slot.idSchedule} className={styles.slot}>
                <input
                  type="radio"
                  name={`${ids}-slot`}
                  checked={chosen?.date === day && chosen.scheduleId === slot.idSchedule}
                  disabled={holding}
                  onChange={() => void hold(day, slot.idSchedule)}
                />
                <span>
                  {slot.start} – {slot.end}
                  <span className={styles.remaining}>
                    {slot.remaining} place{slot.remaining > 1 ? 's' : ''}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {holdError ? (
        <p className={styles.error} role="alert">
          {holdError}
        </p>
      ) : null}
    </section>
  );
}

'use client';

import {
  DndContext,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  adminCancelBooking,
  adminCreateBooking,
  adminMoveBooking,
  markBookingNoShow,
  type AdminBookableService,
  type AgendaBooking,
  type Resource,
} from '@comptoir/contract/admin-booking';
import { formatPrice } from '@comptoir/domain/money';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import {
  BOOKING_STATUS_LABELS,
  bookingActions,
  bookingMinutes,
  droppedStart,
  formatMinute,
  frenchLongDate,
  frenchShortDate,
  gridBounds,
  openHoursOn,
  placeInLanes,
  steppedTarget,
  type MinuteRange,
  type MoveTarget,
} from './agenda-model';
import {
  CancelDialog,
  MoveDialog,
  NewBookingDialog,
  nextQuarter,
  startInstant,
} from './booking-dialogs';
import styles from './booking.module.css';

/*
 * The agenda (decision 0126): a grid of columns, one per resource in the day view, one per day of
 * one resource in the week view, with the hours down the side. A booking moves three ways, all
 * to one call: dragged with the mouse or a finger (a long press, so that a phone still scrolls);
 * with the arrow keys once focused (a quarter of an hour, a column; Entrée validates, Échap
 * cancels), its new place drawn and said; or through « Déplacer », a dialog with a date and a time.
 */

/** The grid's scale: 72 px an hour, a half-hour booking keeps two lines. */
const PIXELS_PER_MINUTE = 1.2;

export interface AgendaColumn {
  date: string;
  resource: Resource;
}

export interface AgendaProps {
  siteId: number;
  view: 'day' | 'week';
  columns: AgendaColumn[];
  bookings: AgendaBooking[];
  resources: Resource[];
  services: AdminBookableService[];
  /** The first day shown (for a new booking's default date). */
  date: string;
  /** The instant the page was drawn, to tell past bookings (a no-show) from coming ones. */
  now: string;
}

type OpenDialog =
  | { kind: 'new' }
  | { kind: 'move'; booking: AgendaBooking }
  | { kind: 'cancel'; booking: AgendaBooking };

function inColumn(booking: AgendaBooking, column: AgendaColumn): boolean {
  return booking.localDate === column.date && booking.resourceIds.includes(column.resource.id);
}

function customerName(booking: AgendaBooking): string {
  return `${booking.customer.firstname} ${booking.customer.lastname}`.trim();
}

/** What a screen reader says of a booking in the grid. */
/**
 * What a booking's block says to a screen reader beyond what it shows (the person, the status):
 * the block's name is its visible words first, so that a voice command saying what the eye reads
 * reaches it (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
function bookingDetails(booking: AgendaBooking): string {
  const parts = [
    booking.person ? `avec ${booking.person.name}` : null,
    BOOKING_STATUS_LABELS[booking.status].toLowerCase(),
  ];
  return `, ${parts.filter(Boolean).join(', ')}`;
}

function BookingBlock({
  booking,
  columnIndex,
  bounds,
  lane,
  lanes,
  selected,
  movable,
  hintId,
  onSelect,
  onKeyDown,
  onBlur,
}: {
  booking: AgendaBooking;
  columnIndex: number;
  bounds: MinuteRange;
  lane: number;
  lanes: number;
  selected: boolean;
  movable: boolean;
  hintId: string;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onBlur: () => void;
}) {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: `booking-${booking.id}-${columnIndex}`,
    data: { bookingId: booking.id, column: columnIndex },
    disabled: !movable,
  });
  const { startMinute, endMinute } = bookingMinutes(booking);
  const top = (startMinute - bounds.startMinute) * PIXELS_PER_MINUTE;
  const height = Math.max(22, (endMinute - startMinute) * PIXELS_PER_MINUTE - 2);
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={styles.booking}
      data-booking-id={booking.id}
      data-status={booking.status}
      data-dragging={isDragging || undefined}
      aria-describedby={movable ? hintId : undefined}
      aria-pressed={selected}
      style={{
        top,
        height,
        left: `calc(${(lane / lanes) * 100}% + 2px)`,
        width: `calc(${100 / lanes}% - 4px)`,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
      }}
      {...listeners}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <span className={styles.bookingTime}>
        {booking.localStart}–{booking.localEnd}
      </span>
      <span className={styles.bookingLine}>{customerName(booking)}</span>
      <span className={styles.bookingLine}>
        {booking.service.name}
        {booking.partySize > 1 ? ` · ${booking.partySize} pers.` : ''}
      </span>
      <span className="visually-hidden">{bookingDetails(booking)}</span>
    </button>
  );
}

function ColumnBody({
  index,
  column,
  bounds,
  children,
}: {
  index: number;
  column: AgendaColumn;
  bounds: MinuteRange;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `column-${index}`, data: { column: index } });
  const open = openHoursOn(column.resource, column.date);
  const hours: number[] = [];
  for (let minute = bounds.startMinute + 60; minute < bounds.endMinute; minute += 60)
    hours.push(minute);
  return (
    <div
      ref={setNodeRef}
      className={styles.column}
      data-over={isOver || undefined}
      role="group"
      aria-label={`${frenchLongDate(column.date)}, ${column.resource.name}${open.note ? ` (${open.note})` : ''}`}
      style={{ height: (bounds.endMinute - bounds.startMinute) * PIXELS_PER_MINUTE }}
    >
      {open.ranges.map((range) => (
        <div
          key={range.startMinute}
          className={styles.open}
          aria-hidden="true"
          style={{
            top:
              (Math.max(range.startMinute, bounds.startMinute) - bounds.startMinute) *
              PIXELS_PER_MINUTE,
            height:
              (Math.min(range.endMinute, bounds.endMinute) -
                Math.max(range.startMinute, bounds.startMinute)) *
              PIXELS_PER_MINUTE,
          }}
        />
      ))}
      {hours.map((minute) => (
        <div
          key={minute}
          className={styles.hourLine}
          aria-hidden="true"
          style={{ top: (minute - bounds.startMinute) * PIXELS_PER_MINUTE }}
        />
      ))}
      {children}
    </div>
  );
}

function BookingPanel({
  booking,
  now,
  busy,
  onMove,
  onCancel,
  onNoShow,
  onClose,
}: {
  booking: AgendaBooking;
  now: string;
  busy: boolean;
  onMove: () => void;
  onCancel: () => void;
  onNoShow: (noShow: boolean) => void;
  onClose: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [booking.id]);
  const actions = bookingActions(booking, now);
  return (
    <section className={styles.panel} aria-labelledby="reservation-choisie">
      <h2 id="reservation-choisie" ref={headingRef} tabIndex={-1}>
        {booking.service.name} — {customerName(booking)}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>Référence</dt>
          <dd>{booking.reference}</dd>
        </div>
        <div>
          <dt>Quand</dt>
          <dd>
            {frenchLongDate(booking.localDate)}, {booking.localStart}–{booking.localEnd}
          </dd>
        </div>
        {booking.person && (
          <div>
            <dt>Avec</dt>
            <dd>{booking.person.name}</dd>
          </div>
        )}
        {booking.partySize > 1 && (
          <div>
            <dt>Personnes</dt>
            <dd>{booking.partySize}</dd>
          </div>
        )}
        <div>
          <dt>État</dt>
          <dd>{BOOKING_STATUS_LABELS[booking.status]}</dd>
        </div>
        <div>
          <dt>Téléphone</dt>
          <dd>
            {booking.customer.phone ? (
              <a href={`tel:${booking.customer.phone}`}>{booking.customer.phone}</a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            {booking.customer.email ? (
              <a href={`mailto:${booking.customer.email}`}>{booking.customer.email}</a>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>Prix</dt>
          <dd>
            {booking.priceCents === 0 ? 'Gratuit' : formatPrice(booking.priceCents)}
            {booking.paidCents > 0 && ` (${formatPrice(booking.paidCents)} payés en ligne)`}
          </dd>
        </div>
        <div>
          <dt>Prise</dt>
          <dd>{booking.source === 'online' ? 'En ligne' : 'Au back-office'}</dd>
        </div>
        {booking.note && (
          <div>
            <dt>Note</dt>
            <dd>{booking.note}</dd>
          </div>
        )}
      </dl>
      <div className={controls.buttons}>
        {actions.move && (
          <button type="button" className={controls.button} onClick={onMove} disabled={busy}>
            Déplacer
          </button>
        )}
        {actions.cancel && (
          <button
            type="button"
            className={`${controls.button} ${controls.dangerButton}`}
            onClick={onCancel}
            disabled={busy}
          >
            Annuler la réservation
          </button>
        )}
        {actions.markNoShow && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => onNoShow(true)}
            disabled={busy}
          >
            Marquer absent
          </button>
        )}
        {actions.markShown && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => onNoShow(false)}
            disabled={busy}
          >
            Marquer venu
          </button>
        )}
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          onClick={onClose}
        >
          Fermer
        </button>
      </div>
    </section>
  );
}

/**
 * The agenda's grid, the chosen booking's panel and the dialogs (decision 0126). Its bookings are
 * the page's, then kept here as each call returns them; the page keys it by the period shown.
 */
export function Agenda({
  siteId,
  view,
  columns,
  bookings: initial,
  resources,
  services,
  date,
  now,
}: AgendaProps) {
  const api = browserApi(siteId);
  const hintId = useId();
  const [bookings, setBookings] = useState(initial);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [pending, setPending] = useState<{ bookingId: number; target: MoveTarget } | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  /** The booking whose button takes the focus once drawn in its new place (a new object each time). */
  const [focusRequest, requestFocus] = useState<{ bookingId: number } | null>(null);
  const setFocusBooking = (bookingId: number) => requestFocus({ bookingId });

  useEffect(() => {
    if (focusRequest === null) return;
    document.querySelector<HTMLElement>(`[data-booking-id="${focusRequest.bookingId}"]`)?.focus();
  }, [focusRequest]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A long press on a phone, so that a swipe over a booking still scrolls the agenda.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
  );

  const bounds = gridBounds(
    [...new Set(columns.map((column) => column.resource))],
    [...new Set(columns.map((column) => column.date))],
    bookings.filter((booking) => columns.some((column) => inColumn(booking, column))),
  );
  const selected = bookings.find((booking) => booking.id === selectedId) ?? null;

  function keep(saved: AgendaBooking) {
    setBookings((current) =>
      current.some((booking) => booking.id === saved.id)
        ? current.map((booking) => (booking.id === saved.id ? saved : booking))
        : [...current, saved],
    );
  }

  /** Where a target is, as the owner reads it. */
  function describeTarget(target: MoveTarget): string {
    const column = columns[target.column]!;
    const who = view === 'day' ? `, ${column.resource.name}` : '';
    return `${frenchLongDate(column.date)} à ${formatMinute(target.startMinute)}${who}`;
  }

  async function moveTo(booking: AgendaBooking, target: MoveTarget) {
    const column = columns[target.column]!;
    const start = startInstant(column.date, formatMinute(target.startMinute));
    if (!start) return;
    // In the day view a column is a resource: dropped on another person, the booking goes to them.
    const personId =
      column.resource.kind === 'person' &&
      booking.person &&
      column.resource.id !== booking.person.id
        ? column.resource.id
        : undefined;
    if (start === booking.start && personId === undefined) {
      setStatus('La réservation reste à sa place.');
      return;
    }
    setBusy(true);
    try {
      const moved = await api.call(adminMoveBooking, {
        params: { id: booking.id },
        body: { start, ...(personId ? { personId } : {}), sendMail: true },
      });
      keep(moved);
      setFocusBooking(moved.id);
      setStatus(
        `Réservation ${moved.reference} déplacée au ${frenchLongDate(moved.localDate)} à ${moved.localStart}${moved.person ? ` avec ${moved.person.name}` : ''}.`,
      );
    } catch (error) {
      setStatus(failureMessage(error));
      setFocusBooking(booking.id);
    } finally {
      setBusy(false);
    }
  }

  function onBookingKey(
    booking: AgendaBooking,
    columnIndex: number,
    event: KeyboardEvent<HTMLButtonElement>,
  ) {
    if (booking.status !== 'confirmed' || busy) return;
    if (event.key === 'Escape' && pending) {
      event.preventDefault();
      setPending(null);
      setStatus('Déplacement abandonné.');
      return;
    }
    if (event.key === 'Enter' && pending?.bookingId === booking.id) {
      event.preventDefault();
      const { target } = pending;
      setPending(null);
      void moveTo(booking, target);
      return;
    }
    const { startMinute, endMinute } = bookingMinutes(booking);
    const from =
      pending?.bookingId === booking.id ? pending.target : { column: columnIndex, startMinute };
    const next = steppedTarget(from, event.key, endMinute - startMinute, bounds, columns.length);
    if (!next) return;
    event.preventDefault();
    setPending({ bookingId: booking.id, target: next });
    setStatus(
      `Nouvelle place : ${describeTarget(next)}. Entrée pour valider, Échap pour abandonner.`,
    );
  }

  function onDragEnd(event: DragEndEvent) {
    const data = event.active.data.current as { bookingId: number; column: number } | undefined;
    const over = event.over?.data.current as { column: number } | undefined;
    if (!data || !over) return;
    const booking = bookings.find((candidate) => candidate.id === data.bookingId);
    if (!booking) return;
    const { startMinute, endMinute } = bookingMinutes(booking);
    const target = {
      column: over.column,
      startMinute: droppedStart(
        startMinute,
        event.delta.y,
        PIXELS_PER_MINUTE,
        endMinute - startMinute,
        bounds,
      ),
    };
    void moveTo(booking, target);
  }

  async function act(action: () => Promise<string>) {
    setBusy(true);
    try {
      setStatus(await action());
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const hours: number[] = [];
  for (let minute = bounds.startMinute; minute < bounds.endMinute; minute += 60) hours.push(minute);
  const height = (bounds.endMinute - bounds.startMinute) * PIXELS_PER_MINUTE;
  const pendingBooking = pending
    ? bookings.find((booking) => booking.id === pending.bookingId)
    : undefined;

  return (
    <div className={styles.screen}>
      <div className={controls.buttons}>
        <button
          type="button"
          className={controls.button}
          onClick={() => setDialog({ kind: 'new' })}
        >
          Nouvelle réservation
        </button>
      </div>
      <p id={hintId} className={controls.hint}>
        Pour déplacer une réservation : glissez-la (appui long sur un téléphone) ; au clavier,
        atteignez-la avec Tab, puis les flèches la décalent d’un quart d’heure (haut, bas) ou d’une
        colonne (gauche, droite), Entrée valide et Échap abandonne ; ou ouvrez-la et choisissez «
        Déplacer ».
      </p>
      <p role="status" className={controls.status}>
        {status}
      </p>
      <div className={`${styles.layout} ${selected ? styles.withPanel : ''}`}>
        {/* Focusable: on a phone the keyboard (or a switch) scrolls the grid sideways too. */}
        <div className={styles.scroll} role="region" aria-label="Grille de l’agenda" tabIndex={0}>
          <DndContext sensors={sensors} onDragEnd={onDragEnd}>
            <div
              className={styles.grid}
              style={{
                gridTemplateColumns: `52px repeat(${columns.length}, minmax(${view === 'week' ? 112 : 150}px, 1fr))`,
              }}
            >
              <div className={styles.corner} aria-hidden="true" />
              {columns.map((column) => {
                const note = openHoursOn(column.resource, column.date).note;
                return (
                  <div
                    key={`${column.date}-${column.resource.id}`}
                    className={styles.columnHead}
                    aria-hidden="true"
                  >
                    {view === 'week' ? frenchShortDate(column.date) : column.resource.name}
                    {note && <span className={styles.columnNote}>{note}</span>}
                  </div>
                );
              })}
              <div
                className={styles.gutter}
                style={{ height, position: 'sticky' }}
                aria-hidden="true"
              >
                <div style={{ position: 'relative', height }}>
                  {hours.map((minute) => (
                    <span
                      key={minute}
                      className={styles.hourLabel}
                      style={{ top: (minute - bounds.startMinute) * PIXELS_PER_MINUTE }}
                    >
                      {formatMinute(minute)}
                    </span>
                  ))}
                </div>
              </div>
              {columns.map((column, columnIndex) => (
                <ColumnBody
                  key={`${column.date}-${column.resource.id}`}
                  index={columnIndex}
                  column={column}
                  bounds={bounds}
                >
                  {placeInLanes(bookings.filter((booking) => inColumn(booking, column))).map(
                    ({ booking, lane, lanes }) => (
                      <BookingBlock
                        key={booking.id}
                        booking={booking}
                        columnIndex={columnIndex}
                        bounds={bounds}
                        lane={lane}
                        lanes={lanes}
                        selected={booking.id === selectedId}
                        movable={booking.status === 'confirmed' && !busy}
                        hintId={hintId}
                        onSelect={() => {
                          setPending(null);
                          setSelectedId(booking.id);
                        }}
                        onKeyDown={(event) => onBookingKey(booking, columnIndex, event)}
                        onBlur={() => {
                          if (pending?.bookingId === booking.id) setPending(null);
                        }}
                      />
                    ),
                  )}
                  {pending && pendingBooking && pending.target.column === columnIndex && (
                    <div
                      className={styles.ghost}
                      aria-hidden="true"
                      data-testid="nouvelle-place"
                      style={{
                        top: (pending.target.startMinute - bounds.startMinute) * PIXELS_PER_MINUTE,
                        height:
                          (bookingMinutes(pendingBooking).endMinute -
                            bookingMinutes(pendingBooking).startMinute) *
                          PIXELS_PER_MINUTE,
                      }}
                    >
                      {formatMinute(pending.target.startMinute)} ?
                    </div>
                  )}
                </ColumnBody>
              ))}
            </div>
          </DndContext>
        </div>
        {selected && (
          <BookingPanel
            booking={selected}
            now={now}
            busy={busy}
            onMove={() => setDialog({ kind: 'move', booking: selected })}
            onCancel={() => setDialog({ kind: 'cancel', booking: selected })}
            onNoShow={(noShow) =>
              act(async () => {
                const saved = await api.call(markBookingNoShow, {
                  params: { id: selected.id },
                  body: { noShow },
                });
                keep(saved);
                return noShow
                  ? `${customerName(saved)} est marqué absent pour ${saved.reference}.`
                  : `${customerName(saved)} est marqué venu pour ${saved.reference}.`;
              })
            }
            onClose={() => {
              const id = selected.id;
              setSelectedId(null);
              setFocusBooking(id);
            }}
          />
        )}
      </div>
      {bookings.filter((booking) => columns.some((column) => inColumn(booking, column))).length ===
        0 && <p className={controls.hint}>Aucune réservation sur cette période.</p>}
      {dialog?.kind === 'new' && (
        <NewBookingDialog
          services={services}
          resources={resources}
          date={date}
          time={nextQuarter(bounds.startMinute)}
          onClose={() => setDialog(null)}
          onCreate={async (input) => {
            const created = await api.call(adminCreateBooking, { body: input });
            keep(created);
            setDialog(null);
            setSelectedId(created.id);
            setStatus(
              `Réservation ${created.reference} ajoutée le ${frenchLongDate(created.localDate)} à ${created.localStart}.`,
            );
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          booking={dialog.booking}
          resources={resources}
          services={services}
          onClose={() => setDialog(null)}
          onMove={async (start, personId, sendMail) => {
            const moved = await api.call(adminMoveBooking, {
              params: { id: dialog.booking.id },
              body: { start, ...(personId ? { personId } : {}), sendMail },
            });
            keep(moved);
            setDialog(null);
            setStatus(
              `Réservation ${moved.reference} déplacée au ${frenchLongDate(moved.localDate)} à ${moved.localStart}${moved.person ? ` avec ${moved.person.name}` : ''}.`,
            );
          }}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelDialog
          booking={dialog.booking}
          onClose={() => setDialog(null)}
          onCancel={async (reason) => {
            const cancelled = await api.call(adminCancelBooking, {
              params: { id: dialog.booking.id },
              body: reason.trim() ? { reason } : {},
            });
            keep(cancelled);
            setDialog(null);
            setStatus(`Réservation ${cancelled.reference} annulée.`);
          }}
        />
      )}
    </div>
  );
}

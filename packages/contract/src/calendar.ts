import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { INT4_MAX, rowIdSchema } from './ids';

/*
 * Click-and-collect calendar (docs/requirements/click-and-collect.md, docs/requirements/order.md dateSchedule/idSchedule; issue 9).
 * A calendar's id is the id of its company address (GET /company/address, isClickAndCollect).
 */

export const CALENDAR_NOT_FOUND_MESSAGE = 'Ce lieu de retrait est introuvable.';
export const SLOT_UNAVAILABLE_MESSAGE = 'Ce créneau n’est pas proposé : choisissez-en un autre.';
export const SLOT_FULL_MESSAGE = 'Ce créneau vient d’être complet : choisissez-en un autre.';
export const SLOT_ALREADY_ORDERED_MESSAGE =
  'Le créneau de cette commande est déjà réservé : il ne peut plus être changé ici.';

/** How long a slot is held for a customer who has not ordered yet (docs/requirements/click-and-collect.md). */
export const SLOT_HOLD_MINUTES = 15;

export const calendarSlotSchema = z.object({
  /** The slot's start in minutes after local midnight (600 is 10h00). */
  idSchedule: z.number().int(),
  /** The slot's start, ISO 8601 in UTC. */
  dateSchedule: z.string(),
  /** Local times, Europe/Paris. */
  start: z.string(),
  end: z.string(),
  /** Places left. */
  remaining: z.number().int().min(1),
});

export const calendarDaySchema = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  slots: z.array(calendarSlotSchema),
});

export const allowedDatesSchema = z.object({
  id: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  slotMinutes: z.number().int(),
  days: z.array(calendarDaySchema),
});
export type AllowedDates = z.infer<typeof allowedDatesSchema>;

export const getAllowedDates = defineEndpoint({
  method: 'GET',
  path: '/calendar/:id/date/allowed/:month/:year',
  summary:
    'The click-and-collect days and slots of a month: opening hours less holidays, closures, the lead time and full slots',
  tags: ['delivery'],
  params: z.object({
    id: rowIdSchema,
    month: z.coerce.number().int().min(1).max(12),
    year: z.coerce.number().int().min(2000).max(2100),
  }),
  response: allowedDatesSchema,
});

const dateSchema = z.iso.date();

export const slotHoldSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  idSchedule: z.number().int(),
  dateSchedule: z.string(),
  start: z.string(),
  end: z.string(),
  /** ISO 8601: the place is released then unless an order takes it. */
  expiresAt: z.string(),
});
export type SlotHold = z.infer<typeof slotHoldSchema>;

export const holdSlot = defineEndpoint({
  method: 'POST',
  path: '/calendar/:id/hold',
  summary: `Holds a place in a slot for a cart for ${SLOT_HOLD_MINUTES} minutes (replacing the cart's previous hold)`,
  tags: ['delivery'],
  params: z.object({ id: rowIdSchema }),
  body: z.object({
    idCart: z.number().int().positive().max(INT4_MAX),
    date: dateSchema,
    idSchedule: z.number().int().min(0).max(1440),
  }),
  response: slotHoldSchema,
});

export const releaseSlot = defineEndpoint({
  method: 'DELETE',
  path: '/calendar/hold/:cartId',
  summary: "Releases a cart's held slot (the customer chose delivery after all)",
  tags: ['delivery'],
  params: z.object({ cartId: rowIdSchema }),
  response: z.null(),
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * The back office's registrations to elements (events of an element list that take
 * registrations): per element, the seats taken against its capacity, the registrations, and a
 * CSV export. Reads only: nothing to journal.
 */

export const REGISTRATION_ELEMENT_NOT_FOUND_MESSAGE = 'Cet événement est introuvable.';

export const registrationElementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The element list it belongs to. */
  listName: z.string(),
  isPublished: z.boolean(),
  /** Places offered; null when the element no longer takes registrations. */
  capacity: z.number().int().nullable(),
  seatsTaken: z.number().int().min(0),
  registrationCount: z.number().int().min(0),
});
export type RegistrationElement = z.infer<typeof registrationElementSchema>;

export const adminRegistrationSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  seats: z.number().int(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;

const elementParams = z.object({ id: rowIdSchema });

export const listRegistrationElements = defineEndpoint({
  method: 'GET',
  path: '/admin/registration',
  summary:
    "The site's elements that take registrations or have some, with seats taken and capacity (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(registrationElementSchema),
});

export const listElementRegistrations = defineEndpoint({
  method: 'GET',
  path: '/admin/registration/:id',
  summary: "One element's registrations, oldest first (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: elementParams,
  response: z.object({
    element: registrationElementSchema,
    registrations: z.array(adminRegistrationSchema),
  }),
});

/** GET /admin/registration/{id}/csv: the CSV file itself (UTF-8 with BOM, `;` separated). */
export const elementRegistrationsCsvRoute = {
  method: 'GET',
  path: '/admin/registration/:id/csv',
  summary:
    "One element's registrations as a CSV file for Excel: UTF-8 with BOM, `;` separated (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: elementParams,
} as const;

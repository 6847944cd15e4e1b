import { z } from 'zod';
import { rowIdSchema } from './ids';
import { emailSchema, firstnameSchema, lastnameSchema, phoneSchema } from './account-fields';
import { elementRouteSchema } from './element';
import { defineEndpoint } from './endpoint';

/*
 * Registrations to an element of a list, such as a workshop (docs/requirements/elements.md: POST
 * /element/{route}/{id}/register). Only a published element with a registration capacity takes
 * registrations; the seats of all its registrations never exceed that capacity.
 * GET /element/{route}/{id}/registration tells how many seats remain, for the storefront's form.
 */

export const MAX_SEATS_PER_REGISTRATION = 10;
export const MESSAGE_MAX_LENGTH = 2000;

export const REGISTRATION_CLOSED_MESSAGE =
  'Les inscriptions ne sont pas ouvertes pour cet élément.';
export const REGISTRATION_FULL_MESSAGE = "Il n'y a plus de place disponible.";
export const ALREADY_REGISTERED_MESSAGE = 'Cette adresse e-mail est déjà inscrite à cet événement.';
export const INVALID_SEATS_MESSAGE = `Indiquez un nombre de places entre 1 et ${MAX_SEATS_PER_REGISTRATION}.`;
export const REGISTRATION_MESSAGE_TOO_LONG = `Votre message ne doit pas dépasser ${MESSAGE_MAX_LENGTH} caractères.`;
export const ELEMENT_NOT_FOUND_MESSAGE = 'Cet élément est introuvable.';
/** What the storefront says once the registration is stored. */
export const REGISTERED_MESSAGE =
  'Votre inscription est enregistrée. Un e-mail de confirmation vient de vous être envoyé.';

/** "Il ne reste que 2 places disponibles." */
export function notEnoughSeatsMessage(remaining: number): string {
  return remaining === 1
    ? 'Il ne reste qu’une place disponible.'
    : `Il ne reste que ${remaining} places disponibles.`;
}

export const registrationBodySchema = z.object({
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  email: emailSchema,
  phone: phoneSchema,
  seats: z
    .number({ error: INVALID_SEATS_MESSAGE })
    .int({ error: INVALID_SEATS_MESSAGE })
    .min(1, { error: INVALID_SEATS_MESSAGE })
    .max(MAX_SEATS_PER_REGISTRATION, { error: INVALID_SEATS_MESSAGE })
    .default(1),
  message: z
    .string({ error: REGISTRATION_MESSAGE_TOO_LONG })
    .trim()
    .max(MESSAGE_MAX_LENGTH, { error: REGISTRATION_MESSAGE_TOO_LONG })
    .transform((message) => (message === '' ? null : message))
    .nullable()
    .optional(),
});
export type RegistrationBody = z.input<typeof registrationBodySchema>;

export const registrationAvailabilitySchema = z.object({
  /** Seats offered in all. */
  capacity: z.number().int().min(0),
  /** Seats not taken yet. */
  remaining: z.number().int().min(0),
});
export type RegistrationAvailability = z.infer<typeof registrationAvailabilitySchema>;

const elementParamsSchema = z.object({
  route: elementRouteSchema,
  id: rowIdSchema,
});

export const registerToElement = defineEndpoint({
  method: 'POST',
  path: '/element/:route/:id/register',
  summary:
    'Register to a published element with a registration capacity (an event); answers the seats left. 409 when closed, full, or the address is already registered',
  tags: ['element'],
  params: elementParamsSchema,
  body: registrationBodySchema,
  response: registrationAvailabilitySchema,
});

export const getElementRegistration = defineEndpoint({
  method: 'GET',
  path: '/element/:route/:id/registration',
  summary:
    'The capacity and the seats left of a published element open to registrations (404 when it takes none)',
  tags: ['element'],
  params: elementParamsSchema,
  response: registrationAvailabilitySchema,
});

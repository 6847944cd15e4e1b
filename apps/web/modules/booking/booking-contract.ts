import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  emailSchema,
  firstnameSchema,
  INVALID_PHONE_MESSAGE,
  lastnameSchema,
  phoneSchema,
} from '@comptoir/contract/account-fields';

/*
 * The booking details' rules, loaded when the visitor reaches the form (ui/use-api-form): the
 * account fields' French rules, a phone required (the salon calls when something changes), and
 * the contract's note length. The API checks them again (confirmBooking's body).
 */

const NOTE_MAX = 1000;

const requiredPhone = phoneSchema.refine((phone) => typeof phone === 'string', {
  error: 'Indiquez un numéro de téléphone pour que nous puissions vous joindre.',
});

const noteSchema = z
  .string()
  .trim()
  .max(NOTE_MAX, { error: `${NOTE_MAX} caractères au plus.` });

/** A guest gives a name, an e-mail and a phone; a note is optional. */
export const guestDetailsSchema = z.object({
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  email: emailSchema,
  phone: requiredPhone,
  note: noteSchema,
});
export type GuestDetailsValues = z.input<typeof guestDetailsSchema>;
export type GuestDetailsOutput = z.output<typeof guestDetailsSchema>;

/** A logged-in customer's details come from the account: only the note is asked. */
export const customerDetailsSchema = z.object({ note: noteSchema });
export type CustomerDetailsValues = z.input<typeof customerDetailsSchema>;
export type CustomerDetailsOutput = z.output<typeof customerDetailsSchema>;

export const guestDetailsContract = () => ({ resolver: zodResolver(guestDetailsSchema) });
export const customerDetailsContract = () => ({ resolver: zodResolver(customerDetailsSchema) });

export { INVALID_PHONE_MESSAGE };

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

/**
 * A logged-in customer's details come from the account: only the note is asked, and the phone
 * when the account has none (the API needs one to confirm).
 */
export function customerDetailsSchema(asksPhone: boolean) {
  return z.object({
    note: noteSchema,
    phone: asksPhone ? requiredPhone : z.string().optional(),
  });
}
export type CustomerDetailsValues = z.input<ReturnType<typeof customerDetailsSchema>>;
export type CustomerDetailsOutput = z.output<ReturnType<typeof customerDetailsSchema>>;

export const guestDetailsContract = () => ({ resolver: zodResolver(guestDetailsSchema) });
export const customerDetailsContract = (asksPhone: boolean) => ({
  resolver: zodResolver(customerDetailsSchema(asksPhone)),
});

export { INVALID_PHONE_MESSAGE };

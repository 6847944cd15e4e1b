import { z } from 'zod';
import {
  birthdateSchema,
  emailSchema,
  firstnameSchema,
  lastnameSchema,
  phoneSchema,
} from '@comptoir/contract/account-fields';
import { BIRTHDATE_REQUIRED_MESSAGE } from '@comptoir/contract/auth';

/*
 * The checkout form's checks, loaded with the form's chunk only (decision 0055): the contract's
 * own field rules and messages, with what only this form asks (the terms of sale, the addresses
 * it shows). The API checks the order payload again with its schema.
 */

export const SALE_TERMS_REQUIRED_MESSAGE =
  'Cochez la case pour accepter les conditions générales de vente.';
export const PHONE_REQUIRED_MESSAGE = 'Indiquez un numéro de téléphone pour vous joindre.';

function required(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Ce champ ne doit pas dépasser ${max} caractères.` });
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Ce champ ne doit pas dépasser ${max} caractères.` });

const POSTAL_CODE_MESSAGE = 'Indiquez un code postal valide.';
const postalCode = z
  .string({ error: POSTAL_CODE_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9 -]{2,12}$/, { error: POSTAL_CODE_MESSAGE });

function addressFields(prefix: 'billing' | 'delivery') {
  return {
    [`${prefix}Firstname`]: firstnameSchema,
    [`${prefix}Lastname`]: lastnameSchema,
    [`${prefix}Line1`]: required('Indiquez le numéro et la rue.', 200),
    [`${prefix}Line2`]: optionalText(200),
    [`${prefix}PostalCode`]: postalCode,
    [`${prefix}City`]: required('Indiquez la commune.', 120),
    [`${prefix}Country`]: required('Indiquez le pays.', 80),
  };
}

export interface CheckoutFormOptions {
  /** A guest gives an e-mail address and a name; a member's come from the account. */
  guest: boolean;
  /** The site refuses minors (or asks the birth date) and the account has none. */
  birthdateRequired: boolean;
  /**
   * Whether a delivery address of its own is asked (delivery, and « same as billing » unticked):
   * read on each check, as the box changes while the form's contract stays loaded.
   */
  separateDelivery: () => boolean;
}

const deliveryAddressSchema = z.object(addressFields('delivery'));

export function checkoutFormSchema(options: CheckoutFormOptions) {
  const text = z.string();
  return z
    .object({
      email: options.guest ? emailSchema : text,
      firstname: options.guest ? firstnameSchema : text,
      lastname: options.guest ? lastnameSchema : text,
      phone: phoneSchema.refine((phone) => phone !== null && phone !== undefined, {
        error: PHONE_REQUIRED_MESSAGE,
      }),
      birthdate: birthdateSchema.refine((date) => !options.birthdateRequired || Boolean(date), {
        error: BIRTHDATE_REQUIRED_MESSAGE,
      }),
      ...addressFields('billing'),
      ...Object.fromEntries(Object.keys(addressFields('delivery')).map((name) => [name, text])),
      message: optionalText(2000),
      acceptTerms: z.boolean().refine((accepted) => accepted, {
        error: SALE_TERMS_REQUIRED_MESSAGE,
      }),
    })
    .superRefine(
      (value, context) => {
        if (!options.separateDelivery()) return;
        const delivery = deliveryAddressSchema.safeParse(value);
        if (delivery.success) return;
        for (const issue of delivery.error.issues) {
          context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      },
      // Checked with the other fields, so that one submit shows every problem at once.
      { when: () => true },
    );
}

import { z } from 'zod';
import { emailSchema, firstnameSchema, lastnameSchema, phoneSchema } from './account-fields';
import { defineEndpoint } from './endpoint';

/*
 * The contact page (docs/requirements/contact.md): the message form, the company's addresses and the address
 * types. The form's rules live here so that the storefront and the API say the same thing.
 */

export const MESSAGE_MIN_LENGTH = 10;
export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_TOO_SHORT_MESSAGE = `Votre message doit contenir au moins ${MESSAGE_MIN_LENGTH} caractères.`;
export const MESSAGE_TOO_LONG_MESSAGE = `Votre message ne doit pas dépasser ${MESSAGE_MAX_LENGTH} caractères.`;
export const SUBJECT_TOO_LONG_MESSAGE = "L'objet ne doit pas dépasser 200 caractères.";
export const CONSENT_REQUIRED_MESSAGE =
  'Vous devez accepter d’être recontacté(e) pour que nous puissions vous répondre.';
/** What the storefront says once the message is sent. */
export const MESSAGE_SENT_MESSAGE =
  'Merci ! Votre message a bien été envoyé. Nous vous répondrons dans les meilleurs délais.';

export const sendMessageBodySchema = z.object({
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  email: emailSchema,
  phone: phoneSchema,
  subject: z
    .string({ error: SUBJECT_TOO_LONG_MESSAGE })
    .trim()
    .max(200, { error: SUBJECT_TOO_LONG_MESSAGE })
    .transform((subject) => (subject === '' ? null : subject))
    .nullable()
    .optional(),
  message: z
    .string({ error: MESSAGE_TOO_SHORT_MESSAGE })
    .trim()
    .min(MESSAGE_MIN_LENGTH, { error: MESSAGE_TOO_SHORT_MESSAGE })
    .max(MESSAGE_MAX_LENGTH, { error: MESSAGE_TOO_LONG_MESSAGE }),
  /** The visitor agrees to be contacted back: without it, the message is refused. */
  consent: z
    .boolean({ error: CONSENT_REQUIRED_MESSAGE })
    .refine((consent) => consent, { error: CONSENT_REQUIRED_MESSAGE }),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/message',
  summary:
    'Send a message to the company from the contact page (stored, then mailed to COMPANY_EMAIL)',
  tags: ['contact'],
  body: sendMessageBodySchema,
  response: z.null(),
});

export const ADDRESS_TYPES = ['HEAD_OFFICE', 'SHOP', 'WAREHOUSE', 'PICKUP_POINT'] as const;
export const addressTypeSchema = z.enum(ADDRESS_TYPES);
export type AddressType = z.infer<typeof addressTypeSchema>;

export const ADDRESS_TYPE_LABELS: Record<AddressType, string> = {
  HEAD_OFFICE: 'Siège social',
  SHOP: 'Boutique',
  WAREHOUSE: 'Entrepôt',
  PICKUP_POINT: 'Point de retrait',
};

export const addressTypeOptionSchema = z.object({
  value: addressTypeSchema,
  /** French label. */
  label: z.string(),
});

export const getAddressTypes = defineEndpoint({
  method: 'GET',
  path: '/admin/address/type',
  summary: 'The kinds of company address with their French labels (public despite its path)',
  tags: ['contact'],
  response: z.array(addressTypeOptionSchema),
});

export const companyAddressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  countryId: z.number().int(),
  /** French name of the country. */
  countryName: z.string().nullable(),
  types: z.array(addressTypeSchema),
  /** The address offers click-and-collect: its calendar is GET /calendar/{id}/date/allowed/…. */
  isClickAndCollect: z.boolean(),
});
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

export const getCompanyAddresses = defineEndpoint({
  method: 'GET',
  path: '/company/address',
  summary: "The site's company addresses (head office first)",
  tags: ['contact'],
  query: z.object({
    /** Only the addresses of this type. */
    type: addressTypeSchema.optional(),
    /** true: only the click-and-collect addresses. */
    isClickAndCollect: z.enum(['true', 'false']).optional(),
  }),
  response: z.array(companyAddressSchema),
});

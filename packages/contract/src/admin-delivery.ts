import { z } from 'zod';
import { CARRIER_DELIVERY_TYPES, CARTON_SIZES, SHIPPING_ZONES } from '@comptoir/domain/delivery';
import { centsSchema, daySchema } from './admin-shop-fields';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * Delivery settings in the back office (issue 12, decision 0066): each carrier's price grid
 * (zones × carton sizes, cents), its name, text and whether it is offered; the click-and-collect
 * calendar of each company address (slot length, places per slot) and its closures. Shop
 * parameters (free shipping, bottle rules, opening hours) stay in the parameters screen.
 */

export const CARRIER_NOT_FOUND_MESSAGE = 'Ce transporteur est introuvable.';
export const COMPANY_ADDRESS_NOT_FOUND_MESSAGE = 'Cette adresse est introuvable.';
export const CLOSURE_NOT_FOUND_MESSAGE = 'Cette fermeture est introuvable.';
export const PICKUP_NOT_OFFERED_MESSAGE =
  'Cette adresse ne propose pas le retrait en boutique : réglez d’abord ses créneaux.';
export const CARRIER_RATES_DUPLICATE_MESSAGE = 'Chaque case de la grille est donnée une fois.';
export const CARRIER_USED_BY_ORDERS_MESSAGE =
  'Des commandes ont été passées avec ce transporteur : il ne peut pas être supprimé. Décochez « Proposé aux clients » pour ne plus le proposer.';
export const CARRIER_ORDER_MISMATCH_MESSAGE =
  'L’ordre doit citer chaque transporteur de la boutique une fois.';
export const ADDRESS_LABEL_TAKEN_MESSAGE = 'Une autre adresse de la boutique porte déjà ce nom.';
export const COUNTRY_NOT_FOUND_MESSAGE = 'Choisissez un pays de la liste.';
export const PICKUP_HAS_BOOKINGS_MESSAGE =
  'Des clients ont réservé un créneau de retrait à venir à cette adresse : le retrait en boutique ne peut pas être arrêté avant le dernier de ces retraits. Fermez plutôt les jours à venir.';

export const carrierRateSchema = z.object({
  zone: z.enum(SHIPPING_ZONES),
  cartonSize: z.union(CARTON_SIZES.map((size) => z.literal(size))),
  priceCents: centsSchema,
});
export type CarrierRate = z.infer<typeof carrierRateSchema>;

/** A carrier as the owner edits it; an absent cell of the grid is a size or zone not served. */
export const carrierInputSchema = z.object({
  name: z
    .string({ error: 'Le nom est obligatoire.' })
    .trim()
    .min(1, { error: 'Le nom est obligatoire.' })
    .max(100, { error: 'Le nom fait 100 caractères au plus.' }),
  description: z
    .string()
    .trim()
    .max(500, { error: 'Le texte fait 500 caractères au plus.' })
    .nullable(),
  isActive: z.boolean(),
  rates: z
    .array(carrierRateSchema)
    .max(SHIPPING_ZONES.length * CARTON_SIZES.length)
    .refine(
      (rates) =>
        new Set(rates.map((rate) => `${rate.zone}/${rate.cartonSize}`)).size === rates.length,
      { error: CARRIER_RATES_DUPLICATE_MESSAGE },
    ),
});
export type CarrierInput = z.infer<typeof carrierInputSchema>;

/** A new carrier: the fields of the edit, and whether it delivers to the door or to relay points. */
export const newCarrierInputSchema = carrierInputSchema.extend({
  deliveryType: z.enum(CARRIER_DELIVERY_TYPES, {
    error: 'Choisissez une livraison à domicile ou en point relais.',
  }),
});
export type NewCarrierInput = z.infer<typeof newCarrierInputSchema>;

/** The site's carriers, first offered first: every one of them, once. */
export const carrierOrderInputSchema = z.object({
  ids: z.array(rowIdSchema).min(1).max(100),
});
export type CarrierOrderInput = z.infer<typeof carrierOrderInputSchema>;

export const adminCarrierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceCode: z.string(),
  deliveryType: z.enum(CARRIER_DELIVERY_TYPES),
  description: z.string().nullable(),
  isActive: z.boolean(),
  rates: z.array(carrierRateSchema),
});
export type AdminCarrier = z.infer<typeof adminCarrierSchema>;

export const pickupCalendarInputSchema = z.object({
  slotMinutes: z
    .number({ error: 'Saisissez une durée en minutes, de 5 à 240.' })
    .int({ error: 'Saisissez une durée en minutes, de 5 à 240.' })
    .min(5, { error: 'Saisissez une durée en minutes, de 5 à 240.' })
    .max(240, { error: 'Saisissez une durée en minutes, de 5 à 240.' }),
  slotCapacity: z
    .number({ error: 'Saisissez un nombre de places, de 1 à 100.' })
    .int({ error: 'Saisissez un nombre de places, de 1 à 100.' })
    .min(1, { error: 'Saisissez un nombre de places, de 1 à 100.' })
    .max(100, { error: 'Saisissez un nombre de places, de 1 à 100.' }),
});
export type PickupCalendarInput = z.infer<typeof pickupCalendarInputSchema>;

export const pickupClosureInputSchema = z
  .object({
    startsOn: daySchema,
    endsOn: daySchema,
    reason: z
      .string()
      .trim()
      .max(200, { error: 'La raison fait 200 caractères au plus.' })
      .nullable(),
  })
  .refine((closure) => closure.startsOn <= closure.endsOn, {
    path: ['endsOn'],
    error: 'Le dernier jour vient après le premier.',
  });
export type PickupClosureInput = z.infer<typeof pickupClosureInputSchema>;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .max(max, { error: `${label} fait ${max} caractères au plus.` });
}

/** A company address as the owner types it (the contact page lists it too). */
export const companyAddressInputSchema = z.object({
  label: requiredText('Le nom', 100),
  addressLine1: requiredText('L’adresse', 200),
  postalCode: z
    .string({ error: 'Le code postal est obligatoire.' })
    .trim()
    .regex(/^[0-9A-Za-z -]{2,10}$/, { error: 'Saisissez un code postal (2 à 10 caractères).' }),
  city: requiredText('La ville', 100),
  countryId: z
    .number({ error: COUNTRY_NOT_FOUND_MESSAGE })
    .int({ error: COUNTRY_NOT_FOUND_MESSAGE })
    .positive({ error: COUNTRY_NOT_FOUND_MESSAGE }),
});
export type CompanyAddressInput = z.infer<typeof companyAddressInputSchema>;

/** A new click-and-collect address: where it is, and its calendar. */
export const newPickupAddressInputSchema = companyAddressInputSchema.extend(
  pickupCalendarInputSchema.shape,
);
export type NewPickupAddressInput = z.infer<typeof newPickupAddressInputSchema>;

export const pickupClosureSchema = z.object({
  id: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string().nullable(),
});

export const adminPickupAddressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  address: z.string(),
  fields: companyAddressInputSchema,
  /** Null when the address does not offer click-and-collect. */
  calendar: pickupCalendarInputSchema.nullable(),
  closures: z.array(pickupClosureSchema),
});
export type AdminPickupAddress = z.infer<typeof adminPickupAddressSchema>;

export const adminDeliverySettingsSchema = z.object({
  carriers: z.array(adminCarrierSchema),
  addresses: z.array(adminPickupAddressSchema),
  /** The countries an address can be in, by French name. */
  countries: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminDeliverySettings = z.infer<typeof adminDeliverySettingsSchema>;

export const getAdminDeliverySettings = defineEndpoint({
  method: 'GET',
  path: '/admin/delivery',
  summary:
    "The site's carriers with their price grids and its addresses with their click-and-collect calendars (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: adminDeliverySettingsSchema,
});

export const updateCarrier = defineEndpoint({
  method: 'PUT',
  path: '/admin/carrier/:id',
  summary: "Change a carrier's name, text, state and whole price grid (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  body: carrierInputSchema,
  response: adminCarrierSchema,
});

export const savePickupCalendar = defineEndpoint({
  method: 'PUT',
  path: '/admin/pickup/:idCompanyAddress',
  summary:
    'Offer click-and-collect at a company address, or change its slot length and places (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ idCompanyAddress: rowIdSchema }),
  body: pickupCalendarInputSchema,
  response: adminPickupAddressSchema,
});

export const addPickupClosure = defineEndpoint({
  method: 'POST',
  path: '/admin/pickup/:idCompanyAddress/closure',
  summary: 'Close a click-and-collect address for some days (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ idCompanyAddress: rowIdSchema }),
  body: pickupClosureInputSchema,
  response: adminPickupAddressSchema,
});

export const deletePickupClosure = defineEndpoint({
  method: 'DELETE',
  path: '/admin/pickup/:idCompanyAddress/closure/:id',
  summary: 'Remove a closure of a click-and-collect address (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ idCompanyAddress: rowIdSchema, id: rowIdSchema }),
  response: adminPickupAddressSchema,
});

export const createCarrier = defineEndpoint({
  method: 'POST',
  path: '/admin/carrier',
  summary: 'Add a carrier with its name, text, state and price grid (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: newCarrierInputSchema,
  response: adminCarrierSchema,
});

export const deleteCarrier = defineEndpoint({
  method: 'DELETE',
  path: '/admin/carrier/:id',
  summary:
    'Delete a carrier no order was placed with (409 otherwise: switch it off) (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  response: z.array(adminCarrierSchema),
});

export const reorderCarriers = defineEndpoint({
  method: 'PUT',
  path: '/admin/carriers/order',
  summary: 'Set the order the quote lists the carriers in (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: carrierOrderInputSchema,
  response: z.array(adminCarrierSchema),
});

export const createPickupAddress = defineEndpoint({
  method: 'POST',
  path: '/admin/pickup',
  summary:
    'Add a company address offering click-and-collect, with its calendar (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: newPickupAddressInputSchema,
  response: adminPickupAddressSchema,
});

export const updateCompanyAddress = defineEndpoint({
  method: 'PUT',
  path: '/admin/pickup/:idCompanyAddress/address',
  summary:
    "Change a company address's name, street, postal code, city and country (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ idCompanyAddress: rowIdSchema }),
  body: companyAddressInputSchema,
  response: adminPickupAddressSchema,
});

export const stopPickup = defineEndpoint({
  method: 'DELETE',
  path: '/admin/pickup/:idCompanyAddress',
  summary:
    'Stop click-and-collect at an address without future bookings (409 otherwise) (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ idCompanyAddress: rowIdSchema }),
  response: adminPickupAddressSchema,
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { countryAlpha3Schema, postalCodeSchema } from './shipping';

/* Relay points (docs/requirements/relay.md; issue 9). */

const text = (max: number) => z.string().trim().max(max).nullish();

/** The address the customer typed (docs/requirements/relay.md); the postal code and country are required. */
export const relayAddressSchema = z.object({
  firstname: text(100),
  lastname: text(100),
  address: text(200),
  addressPart2: text(200),
  postalCode: postalCodeSchema,
  city: text(100),
  country: countryAlpha3Schema,
  /** The customer's own position when the storefront knows it (a map click): nearest from there. */
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
});
export type RelayAddress = z.input<typeof relayAddressSchema>;

export const accessPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  addLine1: z.string(),
  zipCode: z.string(),
  city: z.string(),
  /** ISO 3166 alpha-3. */
  country: z.string(),
  position: z.object({ latitude: z.number(), longitude: z.number() }),
  icon: z.string(),
  /** Distance from the address, in metres, as the crow flies. */
  distance: z.number().int().min(0),
});
export type AccessPoint = z.infer<typeof accessPointSchema>;

/** The most points one search answers. */
export const ACCESS_POINTS_LIMIT = 10;

export const findAccessPoints = defineEndpoint({
  method: 'POST',
  path: '/relay/access-points',
  summary: 'The relay points near an address, nearest first',
  tags: ['delivery'],
  body: relayAddressSchema,
  response: z.array(accessPointSchema),
});

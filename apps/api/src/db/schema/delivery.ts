/**
 * Delivery (Shop II): carriers and their grids, relay points, click-and-collect calendars and
 * slot holds.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  primaryKey,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { CARRIER_DELIVERY_TYPES, SHIPPING_ZONES } from '@comptoir/domain/delivery';
import { carts } from './cart';
import { companyAddresses } from './contact';
import { sites } from './platform';

export const carrierDeliveryType = pgEnum('carrier_delivery_type', CARRIER_DELIVERY_TYPES);

export const shippingZone = pgEnum('shipping_zone', SHIPPING_ZONES);

/** A carrier service a site ships with (docs/requirements/delivery.md): to the door, or to a relay point. */
export const carriers = pgTable(
  'carriers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    /** The carrier's own code of the service (what a carrier API calls it). */
    serviceCode: text('service_code').notNull(),
    deliveryType: carrierDeliveryType('delivery_type').notNull(),
    /** The spec's siteType (VIGNOBLE_EXPORT for a wine-export partner), or null. */
    siteType: text('site_type'),
    /** What the customer reads beside the price: delays, signature… */
    description: text('description'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [
    unique('carriers_site_id_key').on(table.siteId, table.id),
    unique('carriers_site_service_key').on(table.siteId, table.serviceCode),
  ],
);

/** A carrier's price of one carton size to one zone, in cents (packages/domain/src/delivery.ts, its parcels). */
export const carrierRates = pgTable(
  'carrier_rates',
  {
    siteId: integer('site_id').notNull(),
    carrierId: integer('carrier_id').notNull(),
    zone: shippingZone('zone').notNull(),
    cartonSize: integer('carton_size').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.carrierId, table.zone, table.cartonSize] }),
    foreignKey({
      name: 'carrier_rates_carrier_fk',
      columns: [table.siteId, table.carrierId],
      foreignColumns: [carriers.siteId, carriers.id],
    }).onDelete('cascade'),
    check('carrier_rates_carton_size', sql`${table.cartonSize} IN (1, 2, 3, 6, 12)`),
    check('carrier_rates_price_positive', sql`${table.priceCents} >= 0`),
  ],
);

/**
 * The built-in relay provider's points (platform reference data, like countries): shops that
 * take parcels for a network, with their position.
 */
export const relayPoints = pgTable(
  'relay_points',
  {
    id: text('id').primaryKey(),
    network: text('network').notNull(),
    name: text('name').notNull(),
    addLine1: text('add_line_1').notNull(),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166 alpha-3. */
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    icon: text('icon').notNull(),
  },
  (table) => [index('relay_points_zip_idx').on(table.zipCode)],
);

/**
 * Where a site's relay points come from (decision 0108): the built-in demo points, or a carrier's
 * point search with the site's own credentials. The private key is sealed with SECRETS_KEY
 * (lib/secret-box.ts) and never leaves the API.
 */
export const siteRelaySettings = pgTable(
  'site_relay_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id),
    /** DEMO (the seeded points) or MONDIAL_RELAY. */
    provider: text('provider').notNull().default('DEMO'),
    /** Mondial Relay's "code enseigne", 8 characters. */
    mondialRelayBrand: text('mondial_relay_brand'),
    /** Mondial Relay's private key, sealed. */
    mondialRelayPrivateKeySealed: text('mondial_relay_private_key_sealed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'site_relay_settings_provider_check',
      sql`${table.provider} in ('DEMO', 'MONDIAL_RELAY')`,
    ),
  ],
);

/** A company address that offers click-and-collect: its slot length and places per slot. */
export const pickupCalendars = pgTable(
  'pickup_calendars',
  {
    siteId: integer('site_id').notNull(),
    companyAddressId: integer('company_address_id').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    slotCapacity: integer('slot_capacity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.companyAddressId] }),
    foreignKey({
      name: 'pickup_calendars_address_fk',
      columns: [table.siteId, table.companyAddressId],
      foreignColumns: [companyAddresses.siteId, companyAddresses.id],
    }).onDelete('cascade'),
    check('pickup_calendars_slot_minutes', sql`${table.slotMinutes} BETWEEN 5 AND 1440`),
    check('pickup_calendars_capacity', sql`${table.slotCapacity} > 0`),
  ],
);

/** Days a click-and-collect address is closed (holidays, harvest), both ends included. */
export const pickupClosures = pgTable(
  'pickup_closures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    companyAddressId: integer('company_address_id').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason'),
  },
  (table) => [
    foreignKey({
      name: 'pickup_closures_calendar_fk',
      columns: [table.siteId, table.companyAddressId],
      foreignColumns: [pickupCalendars.siteId, pickupCalendars.companyAddressId],
    }).onDelete('cascade'),
    index('pickup_closures_calendar_idx').on(table.siteId, table.companyAddressId),
    check('pickup_closures_order', sql`${table.startsOn} <= ${table.endsOn}`),
  ],
);

/**
 * A place taken in a click-and-collect slot: held by a cart during checkout until expires_at,
 * or for good once an order takes it (expires_at null). One per cart: a new choice replaces it.
 */
export const pickupSlotBookings = pgTable(
  'pickup_slot_bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    companyAddressId: integer('company_address_id').notNull(),
    slotDate: date('slot_date', { mode: 'string' }).notNull(),
    /** The slot's start in minutes after local midnight (the spec's idSchedule). */
    scheduleId: integer('schedule_id').notNull(),
    cartId: integer('cart_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('pickup_slot_bookings_cart_key').on(table.siteId, table.cartId),
    foreignKey({
      name: 'pickup_slot_bookings_calendar_fk',
      columns: [table.siteId, table.companyAddressId],
      foreignColumns: [pickupCalendars.siteId, pickupCalendars.companyAddressId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pickup_slot_bookings_cart_fk',
      columns: [table.siteId, table.cartId],
      foreignColumns: [carts.siteId, carts.id],
    }).onDelete('cascade'),
    index('pickup_slot_bookings_slot_idx').on(
      table.siteId,
      table.companyAddressId,
      table.slotDate,
      table.scheduleId,
    ),
  ],
);

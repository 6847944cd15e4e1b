/**
 * The platform and its sites: sites, reference data (countries, languages), each site's
 * parameters, logos, visits, connected services and component configurations.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { Font } from '@comptoir/contract/site';
import { urlHostNameOf, urlHostOf } from '../site-host';

export const sites = pgTable(
  'sites',
  {
    // Explicit ids: the spec's sites are known by their number (91, 92).
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    devUrl: text('dev_url'),
    prodUrl: text('prod_url'),
    fonts: jsonb('fonts').$type<Font[]>().notNull().default([]),
    isWinemaker: boolean('is_winemaker').notNull().default(false),
    isECommerce: boolean('is_e_commerce').notNull().default(false),
    isBuilding: boolean('is_building').notNull().default(false),
    dashboardType: text('dashboard_type').notNull(),
    defaultLang: text('default_lang').notNull().default('fr_FR'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Site resolution by host (modules/site, decision 0123): each side of its OR by an index.
    index('sites_dev_host_idx').on(urlHostOf(table.devUrl)),
    index('sites_prod_host_idx').on(urlHostOf(table.prodUrl)),
    index('sites_dev_host_name_idx').on(urlHostNameOf(table.devUrl)),
    index('sites_prod_host_name_idx').on(urlHostNameOf(table.prodUrl)),
  ],
);

/** Platform reference data (not tenant-owned). The id is the ISO 3166 numeric code. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  alphaTwo: text('alpha_two').notNull().unique(),
  alphaThree: text('alpha_three').notNull().unique(),
  numCode: text('num_code').notNull().unique(),
  /** French name. */
  name: text('name').notNull(),
  /**
   * Rank of the name in French alphabetical order, computed at seed time: embedded PGlite only
   * has the C collation, so ordering by this column gives the same result on both databases.
   */
  sortOrder: integer('sort_order').notNull(),
});

/** Platform reference data: the languages sites can be shown in. */
export const languages = pgTable('languages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  deeplCode: text('deepl_code'),
  countryId: integer('country_id').references(() => countries.id),
  isValid: boolean('is_valid').notNull().default(true),
});

export const parameterKind = pgEnum('parameter_kind', [
  'STRING',
  'BOOLEAN',
  'NUMBER',
  'TEXT',
  'LINK',
]);

export const siteParameters = pgTable(
  'site_parameters',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    type: text('type').notNull(),
    kind: parameterKind('kind').notNull(),
    label: text('label').notNull(),
    /** Stored as text, read back typed by kind (@comptoir/domain/site-parameters). */
    value: text('value'),
  },
  (table) => [unique('site_parameters_site_type_key').on(table.siteId, table.type)],
);

export const logoType = pgEnum('logo_type', [
  'LOGO_FAVICON',
  'LOGO',
  'LOGO_FOOTER',
  'LOGO_LIGHT_THEME',
  'LOGO_DARK_THEME',
]);

export const logos = pgTable(
  'logos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    type: logoType('type').notNull(),
    filename: text('filename').notNull(),
    alt: text('alt'),
    imageUrl: text('image_url').notNull(),
    imageExternalId: text('image_external_id'),
    imageExternalType: text('image_external_type'),
    imageExternalPath: text('image_external_path'),
  },
  (table) => [unique('logos_site_type_key').on(table.siteId, table.type)],
);

/**
 * The platform's own settings, one row (id 1): the host every site's legal notice names (LCEN
 * art. 6, decision 0110), and the key that hashes the addresses of the consent log when
 * CONSENT_LOG_SECRET is unset (made at first use, never sent out).
 */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey(),
  hostName: text('host_name'),
  hostAddress: text('host_address'),
  hostPhone: text('host_phone'),
  consentHashKey: text('consent_hash_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every cookie choice a visitor made on a site (decision 0110): the proof of consent a site can
 * show the CNIL. The address is kept only as an HMAC under a platform secret, never raw.
 */
export const consentLog = pgTable(
  'consent_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Each service's answer: `{ "gtag": true, "matomo": false }`. */
    choices: jsonb('choices').$type<Record<string, boolean>>().notNull(),
    bannerVersion: text('banner_version').notNull(),
    addressHash: text('address_hash').notNull(),
  },
  (table) => [index('consent_log_site_created_idx').on(table.siteId, table.createdAt)],
);

/** Landings with `?from=<source>` (docs/requirements/consent-and-analytics.md): where the site's visitors come from. */
export const siteVisits = pgTable(
  'site_visits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('site_visits_site_source_idx').on(table.siteId, table.source, table.createdAt)],
);

export const externalApp = pgEnum('external_app', [
  'MATOMO',
  'GOOGLE_ANALYTICS',
  'GOOGLE_ADS',
  'PLAUSIBLE',
  'GOOGLE_TAG_MANAGER',
  'FACEBOOK_PIXEL',
  'PRODUCT_FILE_GENERATOR',
]);

/**
 * A third-party service a site connected. Only the identifiers a browser needs are stored here,
 * and the API hands out only the keys of the service's public schema.
 */
export const externalAppConfigs = pgTable(
  'external_app_configs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    app: externalApp('app').notNull(),
    publicConfig: jsonb('public_config').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [unique('external_app_configs_site_app_key').on(table.siteId, table.app)],
);

/** Configuration of a storefront component, by slug (GET /component/conf/{slug}). */
export const componentConfs = pgTable(
  'component_confs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    slug: text('slug').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [unique('component_confs_site_slug_key').on(table.siteId, table.slug)],
);

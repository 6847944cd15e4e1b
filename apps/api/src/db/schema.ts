import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  primaryKey,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Font } from '@comptoir/contract/site';
import {
  CAPACITY_UNITS,
  COST_TYPES,
  CUSTOMIZATION_INPUT_TYPES,
  CUSTOMIZATION_TYPES,
  PRODUCT_SUBTYPES,
  PRODUCT_TYPES,
  WINE_KINDS,
} from '@comptoir/domain/catalogue';
import { CARRIER_DELIVERY_TYPES, ORDER_DELIVERY_TYPES } from '@comptoir/domain/delivery';
import { DISCOUNT_CODE_TYPES } from '@comptoir/domain/discount';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@comptoir/domain/order';
import { SHIPPING_ZONES } from '@comptoir/domain/parcels';

/*
 * Multi-tenancy (docs/architecture.md#multi-tenancy): every tenant-owned table carries site_id, in every unique key.
 * Child rows point at their parent through (site_id, parent_id) composite foreign keys, so the
 * database itself refuses a row that links to another site's data.
 */

export const sites = pgTable('sites', {
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
});

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

/** Popups a page opens when shown (docs/requirements/banner-and-popups.md); declared before pages, which point at them. */
export const popups = pgTable(
  'popups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    /** Rich text as the site wrote it; the storefront sanitizes it. */
    html: text('html').notNull(),
    showOnEveryReload: boolean('show_on_every_reload').notNull().default(false),
    rememberClosedDays: integer('remember_closed_days').notNull().default(7),
  },
  (table) => [unique('popups_site_id_key').on(table.siteId, table.id)],
);

export const pageLinkType = pgEnum('page_link_type', ['INTERNAL', 'EXTERNAL', 'JAVASCRIPT']);

export const pages = pgTable(
  'pages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    url: text('url').notNull(),
    title: text('title').notNull(),
    menuTitle: text('menu_title'),
    metaDescription: text('meta_description'),
    order: integer('order').notNull().default(0),
    idParent: integer('id_parent'),
    showInMenu: boolean('show_in_menu').notNull().default(true),
    isFixedOnRight: boolean('is_fixed_on_right').notNull().default(false),
    linkType: pageLinkType('link_type'),
    linkUrl: text('link_url'),
    linkJsCode: text('link_js_code'),
    isCmsPage: boolean('is_cms_page').notNull().default(false),
    cmsRoute: text('cms_route'),
    isEcommercePage: boolean('is_ecommerce_page').notNull().default(false),
    isCustomHeader: boolean('is_custom_header').notNull().default(false),
    isCustomFooter: boolean('is_custom_footer').notNull().default(false),
    /** The popup the page opens, if any; a popup in use cannot be deleted. */
    idPopup: integer('id_popup'),
    /**
     * The page's content: an ordered list of typed blocks (contract page-blocks). Stored as the
     * site wrote it; the API drops and logs a block that no longer matches its schema.
     */
    blocks: jsonb('blocks')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    unique('pages_site_url_key').on(table.siteId, table.url),
    unique('pages_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'pages_parent_fk',
      columns: [table.siteId, table.idParent],
      foreignColumns: [table.siteId, table.id],
    }),
    foreignKey({
      name: 'pages_popup_fk',
      columns: [table.siteId, table.idPopup],
      foreignColumns: [popups.siteId, popups.id],
    }),
  ],
);

export const variations = pgTable(
  'variations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
  },
  (table) => [
    unique('variations_site_name_key').on(table.siteId, table.name),
    unique('variations_site_id_key').on(table.siteId, table.id),
  ],
);

export const variationValues = pgTable(
  'variation_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    variationId: integer('variation_id').notNull(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
  },
  (table) => [
    unique('variation_values_site_variation_name_key').on(
      table.siteId,
      table.variationId,
      table.name,
    ),
    // Declinations point at their variation values through (site_id, id) (catalogue below).
    unique('variation_values_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'variation_values_variation_fk',
      columns: [table.siteId, table.variationId],
      foreignColumns: [variations.siteId, variations.id],
    }).onDelete('cascade'),
  ],
);

export const userRole = pgEnum('user_role', ['CUSTOMER', 'ADMIN', 'SUPER_ADMIN']);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    /** Null for accounts created without a password (the accounts issue sets it at registration). */
    passwordHash: text('password_hash'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone'),
    birthdate: date('birthdate', { mode: 'string' }),
    role: userRole('role').notNull().default('CUSTOMER'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One account per e-mail address and site, whatever its case.
    uniqueIndex('users_site_email_key').on(table.siteId, sql`lower(${table.email})`),
    unique('users_site_id_key').on(table.siteId, table.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    userId: integer('user_id').notNull(),
    /** SHA-256 (hex) of the opaque token: a leaked table does not give usable tokens. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'sessions_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** Password reset links: single use, one hour; only the SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used (or replaced by a newer one): it never works again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'password_reset_tokens_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
  ],
);

export const newsletterLists = pgTable(
  'newsletter_lists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('newsletter_lists_site_name_key').on(table.siteId, table.name),
    unique('newsletter_lists_site_id_key').on(table.siteId, table.id),
  ],
);

/**
 * A subscription belongs to an address (public subscriptions have no account); user_id links the
 * account that subscribed, so that erasing the account erases it too.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    listId: integer('list_id').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('newsletter_subscriptions_site_list_email_key').on(
      table.siteId,
      table.listId,
      table.email,
    ),
    foreignKey({
      name: 'newsletter_subscriptions_list_fk',
      columns: [table.siteId, table.listId],
      foreignColumns: [newsletterLists.siteId, newsletterLists.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'newsletter_subscriptions_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
    index('newsletter_subscriptions_site_email_idx').on(table.siteId, table.email),
  ],
);

/**
 * Secrets mailed to a newsletter address, stored as SHA-256 hashes: CONFIRM tokens (double
 * opt-in: the address joins `list_ids` only when the link is opened, before `expires_at`) and
 * UNSUBSCRIBE tokens (the link and List-Unsubscribe header of every newsletter mail; no expiry,
 * since a mail can be read years later).
 */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    purpose: text('purpose', { enum: ['CONFIRM', 'UNSUBSCRIBE'] }).notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    listIds: integer('list_ids').array().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('newsletter_tokens_token_hash_key').on(table.tokenHash),
    index('newsletter_tokens_site_email_idx').on(table.siteId, table.email),
  ],
);

/** Mails kept instead of sent when no SMTP server is configured (development, offline demos). */
/** Where a mail of the outbox stands (decision 0072). */
export const MAIL_OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    sender: text('sender').notNull(),
    /** Where replies go (the site's COMPANY_EMAIL, a customer on a notice), kept for the job. */
    replyTo: text('reply_to'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers the mail carried (List-Unsubscribe on newsletter mails). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Files the mail carried (an invoice PDF, a pick-up slot's .ics), their bytes in base64. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; contentBase64: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The delivery queue (decision 0072): `pending` until the mail-delivery job hands the mail
     * to SMTP (or, without SMTP_URL, to the local outbox), then `sent`; `failed` once the job
     * gave up. Rows written before the queue existed were already delivered: `sent`.
     */
    status: text('status', { enum: MAIL_OUTBOX_STATUSES }).notNull().default('pending'),
    /** Delivery attempts started, a claimed one included. */
    attempts: integer('attempts').notNull().default(0),
    /** When the job may take the mail next: its backoff, or the lease of the run that claimed it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last SMTP refusal (code and server message only: never the address or the content). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_site_recipient_idx').on(table.siteId, table.recipient),
    // The job's question: the pending mails that are due.
    index('mail_outbox_pending_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check('mail_outbox_status_known', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Addresses that answer a permanent redirect to a page of the site: the URL of a deleted page
 * (to the page the owner chose) or a page's former URL (to the page itself). A page created or
 * moved to such an address takes it back.
 */
export const pageRedirects = pgTable(
  'page_redirects',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    fromUrl: text('from_url').notNull(),
    pageId: integer('page_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('page_redirects_site_from_url_key').on(table.siteId, table.fromUrl),
    foreignKey({
      name: 'page_redirects_page_fk',
      columns: [table.siteId, table.pageId],
      foreignColumns: [pages.siteId, pages.id],
    }).onDelete('cascade'),
  ],
);

/** What the page builder knows of a page's layout: the hash of its HTML and its preview image. */
export const pageLayouts = pgTable(
  'page_layouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    pageId: integer('page_id').notNull(),
    layoutId: integer('layout_id').notNull(),
    /** SHA-256 (hex) of the HTML the preview was made from. */
    htmlHash: text('html_hash').notNull(),
    /** Storage key of the preview image. */
    previewKey: text('preview_key').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('page_layouts_site_page_layout_key').on(table.siteId, table.pageId, table.layoutId),
    foreignKey({
      name: 'page_layouts_page_fk',
      columns: [table.siteId, table.pageId],
      foreignColumns: [pages.siteId, pages.id],
    }).onDelete('cascade'),
  ],
);

/** Named lists of small items (docs/requirements/elements.md): the promotional banner, the footer's logos and links… */
export const elementLists = pgTable(
  'element_lists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** The slug the storefront asks for, such as 'bandeau-promotionnel'. */
    route: text('route').notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    unique('element_lists_site_route_key').on(table.siteId, table.route),
    unique('element_lists_site_id_key').on(table.siteId, table.id),
  ],
);

export const elements = pgTable(
  'elements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    listId: integer('list_id').notNull(),
    title: text('title').notNull(),
    /** Rich text as the site wrote it; the storefront sanitizes it. */
    html: text('html'),
    backgroundColor: text('background_color'),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    /** Places offered for an event visitors register to; null when there is no registration. */
    registrationCapacity: integer('registration_capacity'),
  },
  (table) => [
    unique('elements_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'elements_list_fk',
      columns: [table.siteId, table.listId],
      foreignColumns: [elementLists.siteId, elementLists.id],
    }).onDelete('cascade'),
    index('elements_site_list_position_idx').on(table.siteId, table.listId, table.position),
  ],
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

/** Messages sent from the contact page (docs/requirements/contact.md), kept even when the mail to the company fails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    consent: boolean('consent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an administrator opened or marked it read; null while unread (back-office inbox). */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an administrator last answered it by mail from the back office. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_messages_site_created_idx').on(table.siteId, table.createdAt),
    unique('contact_messages_site_id_key').on(table.siteId, table.id),
  ],
);

/** The company's addresses shown on the contact page; types: HEAD_OFFICE, SHOP… (contract). */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    label: text('label').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    types: text('types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('company_addresses_site_label_key').on(table.siteId, table.label),
    unique('company_addresses_site_id_key').on(table.siteId, table.id),
    index('company_addresses_site_position_idx').on(table.siteId, table.position),
  ],
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

/** Blog folders (docs/requirements/blog.md): a tree, like the pages; articles live in a folder or at the root. */
export const blogFolders = pgTable(
  'blog_folders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    idParent: integer('id_parent'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('blog_folders_site_id_key').on(table.siteId, table.id),
    unique('blog_folders_site_slug_key').on(table.siteId, table.slug),
    foreignKey({
      name: 'blog_folders_parent_fk',
      columns: [table.siteId, table.idParent],
      foreignColumns: [table.siteId, table.id],
    }),
  ],
);

export const blogArticles = pgTable(
  'blog_articles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    folderId: integer('folder_id'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary'),
    /** Rich text as the site wrote it; the storefront sanitizes it. */
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    author: text('author'),
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('blog_articles_site_id_key').on(table.siteId, table.id),
    unique('blog_articles_site_slug_key').on(table.siteId, table.slug),
    foreignKey({
      name: 'blog_articles_folder_fk',
      columns: [table.siteId, table.folderId],
      foreignColumns: [blogFolders.siteId, blogFolders.id],
    }),
    index('blog_articles_site_folder_published_idx').on(
      table.siteId,
      table.folderId,
      table.publishedAt,
    ),
  ],
);

/** News items (docs/requirements/news.md): the promoted ones are loaded at server start. */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary'),
    /** Rich text as the site wrote it; the storefront sanitizes it. */
    content: text('content'),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    promoted: boolean('promoted').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('news_site_id_key').on(table.siteId, table.id),
    unique('news_site_slug_key').on(table.siteId, table.slug),
    index('news_site_published_idx').on(table.siteId, table.publishedAt),
  ],
);

/** Photo albums (docs/requirements/albums.md) and their images and videos, shown in the full-screen slider. */
export const albums = pgTable(
  'albums',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
  },
  (table) => [
    unique('albums_site_id_key').on(table.siteId, table.id),
    unique('albums_site_slug_key').on(table.siteId, table.slug),
  ],
);

export const albumMediaType = pgEnum('album_media_type', ['IMAGE', 'VIDEO']);

export const albumMedia = pgTable(
  'album_media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    albumId: integer('album_id').notNull(),
    type: albumMediaType('type').notNull().default('IMAGE'),
    url: text('url').notNull(),
    /** For a video: the image shown before it plays. */
    posterUrl: text('poster_url'),
    alt: text('alt').notNull().default(''),
    caption: text('caption'),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    foreignKey({
      name: 'album_media_album_fk',
      columns: [table.siteId, table.albumId],
      foreignColumns: [albums.siteId, albums.id],
    }).onDelete('cascade'),
    index('album_media_site_album_position_idx').on(table.siteId, table.albumId, table.position),
  ],
);

/** Services the business offers (docs/requirements/services.md GET /service), tagged for the services blocks. */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary'),
    /** Rich text as the site wrote it; the storefront sanitizes it. */
    content: text('content'),
    imageUrl: text('image_url'),
    /** Price in cents, null when the price is given on request. */
    priceCents: integer('price_cents'),
    durationMinutes: integer('duration_minutes'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
  },
  (table) => [
    unique('services_site_id_key').on(table.siteId, table.id),
    unique('services_site_slug_key').on(table.siteId, table.slug),
  ],
);

/**
 * Forms a site builds (docs/requirements/forms.md): the fields are a list validated by the contract's form-field
 * schema (key, label, type, rules), kept as one document because they are always read whole.
 */
export const forms = pgTable(
  'forms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    description: text('description'),
    fields: jsonb('fields').$type<unknown[]>().notNull(),
    submitLabel: text('submit_label'),
    successMessage: text('success_message'),
    /** Where the answers are mailed; COMPANY_EMAIL when null. */
    notifyEmail: text('notify_email'),
  },
  (table) => [unique('forms_site_id_key').on(table.siteId, table.id)],
);

/** An uploaded file: random storage key, the name and type checked on upload, its site. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** The type found in the content (magic bytes), never the one the browser claimed. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** True for a raster image that decoded: the only files served inline. */
    isCheckedImage: boolean('is_checked_image').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('stored_files_site_id_key').on(table.siteId, table.id)],
);

/**
 * Images the owner uploads for public content (blog articles and folders, news, album photos):
 * checked and re-encoded, served to anyone by GET /content-image/:siteId/:key. Kept apart from
 * stored_files, which hold visitors' private uploads that only administrators may open.
 */
export const contentImages = pgTable(
  'content_images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    storageKey: text('storage_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_images_site_key_idx').on(table.siteId, table.storageKey)],
);

export const formAnswers = pgTable(
  'form_answers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    formId: integer('form_id').notNull(),
    /** Field key → the value given (text, list of options, boolean). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** Field key → ids of stored_files. */
    files: jsonb('files').$type<Record<string, number[]>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'form_answers_form_fk',
      columns: [table.siteId, table.formId],
      foreignColumns: [forms.siteId, forms.id],
    }).onDelete('cascade'),
    index('form_answers_site_form_created_idx').on(table.siteId, table.formId, table.createdAt),
  ],
);

/** Registrations to an element such as an event (POST /element/{route}/{id}/register). */
export const elementRegistrations = pgTable(
  'element_registrations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    elementId: integer('element_id').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    seats: integer('seats').notNull().default(1),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'element_registrations_element_fk',
      columns: [table.siteId, table.elementId],
      foreignColumns: [elements.siteId, elements.id],
    }).onDelete('cascade'),
    uniqueIndex('element_registrations_site_element_email_key').on(
      table.siteId,
      table.elementId,
      table.email,
    ),
  ],
);

/** Reviews from a search provider (Google Places), fetched into the database when configured. */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    source: text('source').notNull().default('GOOGLE'),
    externalId: text('external_id').notNull(),
    authorName: text('author_name').notNull(),
    authorPhotoUrl: text('author_photo_url'),
    rating: integer('rating').notNull(),
    text: text('text'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner keeps this review off the storefront; a refetch from Google leaves it as it is. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (table) => [
    unique('reviews_site_source_external_key').on(table.siteId, table.source, table.externalId),
    index('reviews_site_published_idx').on(table.siteId, table.publishedAt),
  ],
);

/* ============================================================================================
 * Catalogue (Shop I, issue 8): products, their declinations and everything shown around them.
 * Money is integer cents; percentages are basis points (1000 = 10 %). Every table carries
 * site_id in its keys, children reach their parent through (site_id, parent_id), and CHECK
 * constraints keep prices, stocks and multiples sane whatever writes them.
 * ============================================================================================ */

export const productType = pgEnum('product_type', PRODUCT_TYPES);
export const productSubtype = pgEnum('product_subtype', PRODUCT_SUBTYPES);
export const wineKind = pgEnum('wine_kind', WINE_KINDS);
export const capacityUnit = pgEnum('capacity_unit', CAPACITY_UNITS);
export const costType = pgEnum('cost_type', COST_TYPES);
export const customizationType = pgEnum('customization_type', CUSTOMIZATION_TYPES);
export const customizationInputType = pgEnum('customization_input_type', CUSTOMIZATION_INPUT_TYPES);
export const productFeatureType = pgEnum('product_feature_type', [
  'GRAPE_VARIETY',
  'AGEING',
  'SERVING_TEMPERATURE',
  'KEEPING',
  'SOIL',
  'TASTING',
]);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    type: productType('type').notNull(),
    subtype: productSubtype('subtype'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** One or two sentences for cards and meta descriptions. */
    summary: text('summary'),
    /** Rich text as the site wrote it; the storefront sanitizes it. */
    description: text('description'),
    /** The wine's colour (the list's kind filter); null for boxes and other products. */
    kind: wineKind('kind'),
    region: text('region'),
    appellation: text('appellation'),
    /** Alcohol by volume in tenths of a percent (125 = 12.5 %), null when not a wine. */
    alcoholTenths: integer('alcohol_tenths'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    /** A ticket or a voucher: nothing to ship. */
    isDematerialized: boolean('is_dematerialized').notNull().default(false),
    /**
     * The site's gift voucher (one per site, made on the first purchase): never listed in the
     * catalogue nor added by the generic add-to-cart; its lines are priced by cart_gift_vouchers.
     */
    isGiftVoucher: boolean('is_gift_voucher').notNull().default(false),
    hasShippingFees: boolean('has_shipping_fees').notNull().default(true),
    /** The VAT rate in basis points (2000 = 20 %, French wine); orders copy it onto their lines. */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(2000),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('products_site_id_key').on(table.siteId, table.id),
    unique('products_site_slug_key').on(table.siteId, table.slug),
    index('products_site_published_idx').on(table.siteId, table.isPublished),
    uniqueIndex('products_site_gift_voucher_key')
      .on(table.siteId)
      .where(sql`${table.isGiftVoucher}`),
    check(
      'products_dematerialized_ships_free',
      sql`NOT ${table.isDematerialized} OR NOT ${table.hasShippingFees}`,
    ),
    check(
      'products_alcohol_range',
      sql`${table.alcoholTenths} IS NULL OR ${table.alcoholTenths} BETWEEN 0 AND 1000`,
    ),
  ],
);

/**
 * One buyable version of a product: a vintage in a capacity. unit_price_cents is what one unit
 * costs before quantity discounts, computed by PostgreSQL with the same rule as
 * `unitPriceCents` of @comptoir/domain/declination-price (a fixed price as is; otherwise the
 * price less its discount, a percentage rounded half up to the cent, never below 0), so that
 * the list can sort and filter on it.
 */
export const declinations = pgTable(
  'declinations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    year: integer('year'),
    capacity: doublePrecision('capacity'),
    capacityUnit: capacityUnit('capacity_unit'),
    priceCents: integer('price_cents').notNull(),
    /** A net price: when set, it is the price and no discount applies. */
    fixedPriceCents: integer('fixed_price_cents'),
    discountType: costType('discount_type').notNull().default('NONE'),
    discountAmount: integer('discount_amount').notNull().default(0),
    unitPriceCents: integer('unit_price_cents')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE
          WHEN fixed_price_cents IS NOT NULL THEN fixed_price_cents
          WHEN discount_type = 'EURO' THEN GREATEST(0, price_cents - discount_amount)
          WHEN discount_type = 'PERCENT' THEN GREATEST(0, price_cents - ((price_cents::bigint * discount_amount + 5000) / 10000)::integer)
          ELSE price_cents
        END`,
      ),
    /** Units left; only read when is_stock_managed (the spec's setQuantity). */
    stock: integer('stock').notNull().default(0),
    isStockManaged: boolean('is_stock_managed').notNull().default(true),
    sellByMultipleOf: integer('sell_by_multiple_of').notNull().default(1),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('declinations_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'declinations_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    index('declinations_site_product_idx').on(table.siteId, table.productId),
    check('declinations_price_not_negative', sql`${table.priceCents} >= 0`),
    check(
      'declinations_fixed_price_not_negative',
      sql`${table.fixedPriceCents} IS NULL OR ${table.fixedPriceCents} >= 0`,
    ),
    check('declinations_stock_not_negative', sql`${table.stock} >= 0`),
    check('declinations_multiple_positive', sql`${table.sellByMultipleOf} >= 1`),
    check(
      'declinations_discount_range',
      sql`${table.discountAmount} >= 0 AND (${table.discountType} <> 'PERCENT' OR ${table.discountAmount} <= 10000)`,
    ),
    check(
      'declinations_capacity_with_unit',
      sql`(${table.capacity} IS NULL) = (${table.capacityUnit} IS NULL) AND (${table.capacity} IS NULL OR ${table.capacity} > 0)`,
    ),
    check(
      'declinations_year_range',
      sql`${table.year} IS NULL OR ${table.year} BETWEEN 1800 AND 2200`,
    ),
  ],
);

/** The variation values (GET /variation) a declination carries, such as Couleur: Blanc. */
export const declinationVariations = pgTable(
  'declination_variations',
  {
    siteId: integer('site_id').notNull(),
    declinationId: integer('declination_id').notNull(),
    variationValueId: integer('variation_value_id').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'declination_variations_pk',
      columns: [table.siteId, table.declinationId, table.variationValueId],
    }),
    foreignKey({
      name: 'declination_variations_declination_fk',
      columns: [table.siteId, table.declinationId],
      foreignColumns: [declinations.siteId, declinations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'declination_variations_value_fk',
      columns: [table.siteId, table.variationValueId],
      foreignColumns: [variationValues.siteId, variationValues.id],
    }).onDelete('cascade'),
  ],
);

/** Medals and distinctions (GET /award?product={id}). */
export const awards = pgTable(
  'awards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    /** The competition or guide, such as 'Concours Général Agricole'. */
    name: text('name').notNull(),
    /** The distinction, such as 'Médaille d’or' or '2 étoiles'. */
    distinction: text('distinction').notNull(),
    year: integer('year'),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('awards_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'awards_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    index('awards_site_product_idx').on(table.siteId, table.productId),
  ],
);

/** Technical sheet lines: grape varieties (with their share), ageing, serving temperature… */
export const productFeatures = pgTable(
  'product_features',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    type: productFeatureType('type').notNull(),
    value: text('value').notNull(),
    /** GRAPE_VARIETY: its share of the blend in percent, when known. */
    percent: integer('percent'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('product_features_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'product_features_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    index('product_features_site_product_idx').on(table.siteId, table.productId),
    check(
      'product_features_percent_range',
      sql`${table.percent} IS NULL OR ${table.percent} BETWEEN 1 AND 100`,
    ),
  ],
);

/** Food pairings as pictograms (GET /parameter/product/meal-icon), per site. */
export const mealIcons = pgTable(
  'meal_icons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('meal_icons_site_id_key').on(table.siteId, table.id),
    unique('meal_icons_site_name_key').on(table.siteId, table.name),
  ],
);

export const productMealIcons = pgTable(
  'product_meal_icons',
  {
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    mealIconId: integer('meal_icon_id').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'product_meal_icons_pk',
      columns: [table.siteId, table.productId, table.mealIconId],
    }),
    foreignKey({
      name: 'product_meal_icons_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_meal_icons_icon_fk',
      columns: [table.siteId, table.mealIconId],
      foreignColumns: [mealIcons.siteId, mealIcons.id],
    }).onDelete('cascade'),
  ],
);

/** Quantity discounts: from min_quantity units of the product on, this much off each unit. */
export const decreasingDiscounts = pgTable(
  'decreasing_discounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    discountType: costType('discount_type').notNull(),
    discountAmount: integer('discount_amount').notNull(),
  },
  (table) => [
    unique('decreasing_discounts_site_id_key').on(table.siteId, table.id),
    unique('decreasing_discounts_site_product_quantity_key').on(
      table.siteId,
      table.productId,
      table.minQuantity,
    ),
    foreignKey({
      name: 'decreasing_discounts_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    check('decreasing_discounts_quantity_above_one', sql`${table.minQuantity} >= 2`),
    check(
      'decreasing_discounts_amount_range',
      sql`${table.discountAmount} > 0 AND (${table.discountType} <> 'PERCENT' OR ${table.discountAmount} <= 10000)`,
    ),
    check('decreasing_discounts_not_none', sql`${table.discountType} <> 'NONE'`),
  ],
);

/** "You may also like": products shown on a product's page, in order. */
export const productRecommendations = pgTable(
  'product_recommendations',
  {
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    recommendedProductId: integer('recommended_product_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'product_recommendations_pk',
      columns: [table.siteId, table.productId, table.recommendedProductId],
    }),
    foreignKey({
      name: 'product_recommendations_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_recommendations_recommended_fk',
      columns: [table.siteId, table.recommendedProductId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    check(
      'product_recommendations_not_itself',
      sql`${table.productId} <> ${table.recommendedProductId}`,
    ),
  ],
);

/**
 * Questions a product asks before it goes into the cart (docs/requirements/product-customization.md): an engraving (TEXT), a case
 * (SELECT), gift wrapping (CHECKBOX), a label picture (FILE). A DYNAMIC_FORM customization
 * also asks the fields of one of the site's forms (the answer's formAnswer).
 */
export const productCustomizations = pgTable(
  'product_customizations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    type: customizationType('type').notNull().default('SIMPLE'),
    inputType: customizationInputType('input_type').notNull(),
    label: text('label').notNull(),
    description: text('description'),
    isRequired: boolean('is_required').notNull().default(false),
    /** TEXT: the longest answer accepted, in characters. */
    maxLength: integer('max_length'),
    formId: integer('form_id'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('product_customizations_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'product_customizations_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_customizations_form_fk',
      columns: [table.siteId, table.formId],
      foreignColumns: [forms.siteId, forms.id],
    }),
    index('product_customizations_site_product_idx').on(table.siteId, table.productId),
    check(
      'product_customizations_form_when_dynamic',
      sql`(${table.type} = 'DYNAMIC_FORM') = (${table.formId} IS NOT NULL)`,
    ),
    check(
      'product_customizations_max_length',
      sql`${table.maxLength} IS NULL OR (${table.inputType} = 'TEXT' AND ${table.maxLength} BETWEEN 1 AND 1000)`,
    ),
  ],
);

/** The priced options of a customization: text tiers, select options, the checkbox's price. */
export const productCustomizationValues = pgTable(
  'product_customization_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    customizationId: integer('customization_id').notNull(),
    label: text('label').notNull(),
    textNumberOfChar: integer('text_number_of_char'),
    selectKey: text('select_key'),
    costType: costType('cost_type').notNull().default('NONE'),
    /** EURO: cents; PERCENT: basis points of the unit price. */
    amount: integer('amount').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('product_customization_values_site_id_key').on(table.siteId, table.id),
    unique('product_customization_values_select_key').on(
      table.siteId,
      table.customizationId,
      table.selectKey,
    ),
    unique('product_customization_values_text_tier_key').on(
      table.siteId,
      table.customizationId,
      table.textNumberOfChar,
    ),
    foreignKey({
      name: 'product_customization_values_customization_fk',
      columns: [table.siteId, table.customizationId],
      foreignColumns: [productCustomizations.siteId, productCustomizations.id],
    }).onDelete('cascade'),
    check(
      'product_customization_values_amount_range',
      sql`${table.amount} >= 0 AND (${table.costType} <> 'PERCENT' OR ${table.amount} <= 10000)`,
    ),
    check(
      'product_customization_values_tier_positive',
      sql`${table.textNumberOfChar} IS NULL OR ${table.textNumberOfChar} >= 1`,
    ),
  ],
);
/* ======================================== end of catalogue ================================== */

/* ========================================== cart (Shop I) ===================================== */

export const cartType = pgEnum('cart_type', ['MAIN_CART']);

/**
 * Carts. user_id null: a visitor's cart, readable only with its secret (an httpOnly cookie; only
 * its SHA-256 is stored, so a database leak gives no cart away). A user's cart has no secret: it
 * is bound to the account. A user's main cart is their most recently updated MAIN_CART.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    userId: integer('user_id'),
    type: cartType('type').notNull().default('MAIN_CART'),
    /** SHA-256 (hex) of the visitor's cart secret; null once the cart belongs to an account. */
    secretHash: text('secret_hash'),
    /** Set when the cart became an order: a closed cart is no longer anyone's cart. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('carts_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'carts_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
    index('carts_site_user_idx').on(table.siteId, table.userId, table.updatedAt),
    check(
      'carts_owner_or_secret',
      sql`(${table.userId} IS NULL) = (${table.secretHash} IS NOT NULL)`,
    ),
  ],
);

/**
 * A line of a cart: a declination with its customization answers. Two lines of the same
 * declination differ by their answers; answers_key (the answers in a canonical form) finds the
 * line an identical add-to-cart adds to. No price is stored: the cart is priced from the
 * catalogue each time it is read.
 */
export const cartProducts = pgTable(
  'cart_products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    cartId: integer('cart_id').notNull(),
    declinationId: integer('declination_id').notNull(),
    quantity: integer('quantity').notNull(),
    answersKey: text('answers_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_products_site_id_key').on(table.siteId, table.id),
    unique('cart_products_line_key').on(
      table.siteId,
      table.cartId,
      table.declinationId,
      table.answersKey,
    ),
    foreignKey({
      name: 'cart_products_cart_fk',
      columns: [table.siteId, table.cartId],
      foreignColumns: [carts.siteId, carts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cart_products_declination_fk',
      columns: [table.siteId, table.declinationId],
      foreignColumns: [declinations.siteId, declinations.id],
    }).onDelete('cascade'),
    check('cart_products_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** A customization answer of a cart line (docs/requirements/product-customization.md: textValue, checkboxValue, selectValue, file). */
export const cartProductCustomizations = pgTable(
  'cart_product_customizations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    cartProductId: integer('cart_product_id').notNull(),
    customizationId: integer('customization_id').notNull(),
    textValue: text('text_value'),
    checkboxValue: boolean('checkbox_value'),
    selectKey: text('select_key'),
    selectValue: text('select_value'),
    /** FILE: the visitor's file name, and the storage key of the checked bytes. */
    filename: text('filename'),
    fileKey: text('file_key'),
    formAnswer: jsonb('form_answer'),
  },
  (table) => [
    unique('cart_product_customizations_line_key').on(
      table.siteId,
      table.cartProductId,
      table.customizationId,
    ),
    foreignKey({
      name: 'cart_product_customizations_line_fk',
      columns: [table.siteId, table.cartProductId],
      foreignColumns: [cartProducts.siteId, cartProducts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cart_product_customizations_customization_fk',
      columns: [table.siteId, table.customizationId],
      foreignColumns: [productCustomizations.siteId, productCustomizations.id],
    }).onDelete('cascade'),
  ],
);
/* ======================================== end of cart ========================================= */

/* Shop II: carriers and their grids, relay points, click-and-collect calendars and slot holds. */

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

/** A carrier's price of one carton size to one zone, in cents (parcels.ts). */
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

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const orderDeliveryType = pgEnum('order_delivery_type', ORDER_DELIVERY_TYPES);

/** The last order number given on each site: locked by every order so numbers have no gaps. */
export const orderCounters = pgTable('order_counters', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  lastNumber: integer('last_number').notNull(),
});

/**
 * An order as the customer agreed to it: every amount, name, rate, carrier and relay point is a
 * copy (a snapshot), so later catalogue or carrier changes never rewrite it.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    number: integer('number').notNull(),
    /**
     * The customer's account, or null for a guest. No foreign key: an order outlives the account
     * (kept for the legal period), and ids are never reused.
     */
    userId: integer('user_id'),
    cartId: integer('cart_id').notNull(),
    status: orderStatus('status').notNull(),
    paymentMethod: paymentMethod('payment_method').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    deliveryAddress: jsonb('delivery_address'),
    billingAddress: jsonb('billing_address').notNull(),
    message: text('message'),
    deliveryType: orderDeliveryType('delivery_type').notNull(),
    /** The carrier as it was: id, name, service code. */
    carrier: jsonb('carrier'),
    accessPoint: jsonb('access_point'),
    slotCompanyAddressId: integer('slot_company_address_id'),
    slotDate: date('slot_date', { mode: 'string' }),
    slotScheduleId: integer('slot_schedule_id'),
    productsCents: integer('products_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    shippingVatRateBasisPoints: integer('shipping_vat_rate_basis_points').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    /** What the discount code took off the products (decision 0051). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The code as it was applied: code, type, amount, detailType; null without a code. */
    discount: jsonb('discount'),
    saleTermsHash: text('sale_terms_hash'),
    /** When the customer accepted the terms of sale whose hash is kept (decision 0082). */
    saleTermsAcceptedAt: timestamp('sale_terms_accepted_at', { withTimezone: true }),
    /**
     * When the order's lines went back to stock (a cancellation, or a refund the owner restocked):
     * set once, under the order's lock, so that no line is ever given back twice (decision 0082).
     */
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    /** Paid with a gift voucher (a means of payment after VAT); the amount due is total − this. */
    voucherCents: integer('voucher_cents').notNull().default(0),
    /** The last four characters of the voucher used, as the order shows it. */
    giftVoucherCodeEnd: text('gift_voucher_code_end'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request body the key came with: the same key with another body is a 409. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * SHA-256 of the order's access token (the secret POST /order answers once, sent back in
     * X-Order-Token so that a guest can read and pay the order); the token itself is never kept.
     */
    accessTokenHash: text('access_token_hash'),
  },
  (table) => [
    unique('orders_site_id_key').on(table.siteId, table.id),
    unique('orders_site_number_key').on(table.siteId, table.number),
    unique('orders_site_idempotency_key').on(table.siteId, table.idempotencyKey),
    unique('orders_site_cart_key').on(table.siteId, table.cartId),
    index('orders_site_user_idx').on(table.siteId, table.userId, table.createdAt),
    index('orders_pending_due_idx').on(table.status, table.paymentDueAt),
    check(
      'orders_voucher_within_total',
      sql`${table.voucherCents} >= 0 AND ${table.voucherCents} <= ${table.totalCents}`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${table.productsCents} >= 0 AND ${table.shippingCents} >= 0 AND ${table.totalCents} >= 0 AND ${table.vatCents} >= 0`,
    ),
  ],
);

/** An order's line, copied from the cart and the catalogue at order time. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    declinationId: integer('declination_id').notNull(),
    name: text('name').notNull(),
    year: integer('year'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    /** The line's share of the discount code, in cents; its VAT is on total − this share. */
    discountCents: integer('discount_cents').notNull().default(0),
    vatCents: integer('vat_cents').notNull(),
    /** Whether the line took stock (and gives it back on cancellation). */
    isStockManaged: boolean('is_stock_managed').notNull(),
    /** The customization answers as the customer gave them, with their costs. */
    customizations: jsonb('customizations').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'order_lines_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    index('order_lines_order_idx').on(table.siteId, table.orderId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** Every state an order went through, the first one included. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    orderId: integer('order_id').notNull(),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    /** Who or what moved it: customer, job:payment-expiry, admin:{id}. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'order_status_history_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    index('order_status_history_order_idx').on(table.siteId, table.orderId),
  ],
);

export const discountCodeType = pgEnum('discount_code_type', DISCOUNT_CODE_TYPES);

/**
 * A site's discount codes (docs/requirements/discount-codes.md, decision 0051). A code is unique per site whatever
 * its case, and looked up the same way: "bienvenue10" is BIENVENUE10.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code').notNull(),
    type: discountCodeType('type').notNull(),
    /** Cents for EURO, a whole percentage for percent (0 for a free-shipping code). */
    amount: integer('amount').notNull(),
    /** SHIPPING_FEES: free shipping; null: a reduction on the products. */
    detailType: text('detail_type'),
    /** First and last valid days, Paris days, both included. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The products total (after their own discounts) the cart must reach. */
    minimumCents: integer('minimum_cents'),
    /** The scope: product ids, and categories (product types and wine colours); empty: all. */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('discount_codes_site_id_key').on(table.siteId, table.id),
    uniqueIndex('discount_codes_site_code_key').on(table.siteId, sql`lower(${table.code})`),
    check(
      'discount_codes_amount_range',
      sql`${table.amount} >= 0 AND (${table.type} <> 'percent' OR ${table.amount} <= 100)`,
    ),
    check(
      'discount_codes_detail_type',
      sql`${table.detailType} IS NULL OR ${table.detailType} = 'SHIPPING_FEES'`,
    ),
    check(
      'discount_codes_limits_positive',
      sql`(${table.maxUses} IS NULL OR ${table.maxUses} > 0) AND (${table.maxUsesPerCustomer} IS NULL OR ${table.maxUsesPerCustomer} > 0) AND (${table.minimumCents} IS NULL OR ${table.minimumCents} >= 0)`,
    ),
  ],
);

/**
 * One use of a code by an order, written in the order's transaction under the code's row lock.
 * The customer is the account, or the guest's e-mail (always kept, lower-cased, so that a guest
 * cannot use a code again under the e-mail of an account, nor the other way round).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    discountCodeId: integer('discount_code_id').notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id'),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'discount_redemptions_code_fk',
      columns: [table.siteId, table.discountCodeId],
      foreignColumns: [discountCodes.siteId, discountCodes.id],
    }),
    foreignKey({
      name: 'discount_redemptions_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    unique('discount_redemptions_order_key').on(table.siteId, table.orderId),
    index('discount_redemptions_code_idx').on(table.siteId, table.discountCodeId),
  ],
);
/**
 * A site's Stripe account (decision 0053): without a row, card payment is not offered there.
 * The secret key and the webhook signing secret never leave the API: no endpoint answers them
 * and the logs never carry them; only the publishable key is public.
 */
export const siteStripeAccounts = pgTable('site_stripe_accounts', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  publishableKey: text('publishable_key').notNull(),
  secretKey: text('secret_key').notNull(),
  webhookSigningSecret: text('webhook_signing_secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one Stripe PaymentIntent of a card order: asked again, the same one is answered; the
 * webhook finds the order through it and checks the amount paid against the amount asked.
 */
export const stripePaymentIntents = pgTable(
  'stripe_payment_intents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    orderId: integer('order_id').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'stripe_payment_intents_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    unique('stripe_payment_intents_order_key').on(table.siteId, table.orderId),
    unique('stripe_payment_intents_intent_key').on(table.paymentIntentId),
  ],
);

/** Stripe events already handled: a delivery seen before is answered without acting again. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  siteId: integer('site_id').notNull(),
  type: text('type').notNull(),
  /** What was done: paid, refunded, ignored (and why). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last invoice number given on each site: locked by every new invoice so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  lastNumber: integer('last_number').notNull(),
});

/**
 * An invoice, issued once when its order became paid. `content` holds everything the invoice
 * says (seller, buyer, lines, totals) as it was issued: the PDF is drawn from it, so that a later
 * change of the site's parameters, or an account's erasure, never rewrites an issued invoice.
 * No cascade from the order: an invoice is kept for the legal period whatever happens.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    number: integer('number').notNull(),
    orderId: integer('order_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    content: jsonb('content').notNull(),
  },
  (table) => [
    unique('invoices_site_number_key').on(table.siteId, table.number),
    unique('invoices_site_order_key').on(table.siteId, table.orderId),
    foreignKey({
      name: 'invoices_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }),
  ],
);

/**
 * A gift voucher waiting in a cart: the line's price is the chosen amount (checked against the
 * site's limits when added); the rest is what the voucher will say once its order is paid.
 */
export const cartGiftVouchers = pgTable(
  'cart_gift_vouchers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    cartProductId: integer('cart_product_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    /** Null: the voucher is mailed to the buyer, who hands it over. */
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The Paris day the voucher is mailed on. */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    buyerName: text('buyer_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_gift_vouchers_line_key').on(table.siteId, table.cartProductId),
    foreignKey({
      name: 'cart_gift_vouchers_line_fk',
      columns: [table.siteId, table.cartProductId],
      foreignColumns: [cartProducts.siteId, cartProducts.id],
    }).onDelete('cascade'),
    check('cart_gift_vouchers_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * A gift voucher issued when the order that bought it was paid. The code is random and unique
 * (never derived from an id); the balance only goes down through redemptions, never below 0.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** 16 characters without look-alikes, stored without the dashes it is printed with. */
    code: text('code').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** The last Paris day it can be used. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    buyerName: text('buyer_name').notNull(),
    /** The buyer's address (the order's): the voucher goes there when no recipient address. */
    buyerEmail: text('buyer_email').notNull(),
    /** The order that bought it, and the cart line it came from (one voucher per line). */
    orderId: integer('order_id').notNull(),
    cartProductId: integer('cart_product_id').notNull(),
    /** Set once mailed: the job never sends it twice. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the owner disabled it (back office): refused at checkout from then on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('gift_vouchers_code_key').on(table.code),
    unique('gift_vouchers_site_id_key').on(table.siteId, table.id),
    unique('gift_vouchers_line_key').on(table.siteId, table.cartProductId),
    index('gift_vouchers_due_idx')
      .on(table.sendOn)
      .where(sql`${table.sentAt} IS NULL`),
    check(
      'gift_vouchers_balance_range',
      sql`${table.balanceCents} >= 0 AND ${table.balanceCents} <= ${table.initialCents}`,
    ),
  ],
);

/** What an order took from a voucher; given back (givenBackAt) when the order is cancelled. */
export const giftVoucherRedemptions = pgTable(
  'gift_voucher_redemptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    giftVoucherId: integer('gift_voucher_id').notNull(),
    orderId: integer('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    givenBackAt: timestamp('given_back_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'gift_voucher_redemptions_voucher_fk',
      columns: [table.siteId, table.giftVoucherId],
      foreignColumns: [giftVouchers.siteId, giftVouchers.id],
    }),
    foreignKey({
      name: 'gift_voucher_redemptions_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    unique('gift_voucher_redemptions_order_key').on(table.siteId, table.orderId),
    check('gift_voucher_redemptions_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * The back office's journal: one row per administrator write, kept with who made it (the e-mail
 * as it was then, so the row still reads after the account changes), what it touched and the
 * entity before and after. Written by recordAudit (modules/audit) in the write's transaction.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** No foreign key: the journal outlives the account it names. */
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_site_created_idx').on(table.siteId, table.createdAt, table.id),
    index('audit_log_site_entity_created_idx').on(
      table.siteId,
      table.entityType,
      table.createdAt,
      table.id,
    ),
  ],
);

/**
 * Editorial content: element lists and their registrations, blog, news, albums, services, reviews.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './platform';

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
    /** Folded words of the title, for the site search (decision 0098), written by PostgreSQL. */
    searchTitle: text('search_title')
      .notNull()
      .generatedAlwaysAs(sql`search_folded(title)`),
    /** Folded words of the summary and the text, for the site search. */
    searchBody: text('search_body')
      .notNull()
      .generatedAlwaysAs(sql`search_folded(coalesce(summary, '') || ' ' || content)`),
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
    /** Folded words of the title, for the site search (decision 0098), written by PostgreSQL. */
    searchTitle: text('search_title')
      .notNull()
      .generatedAlwaysAs(sql`search_folded(title)`),
    /** Folded words of the summary and the text, for the site search. */
    searchBody: text('search_body')
      .notNull()
      .generatedAlwaysAs(sql`search_folded(coalesce(summary, '') || ' ' || coalesce(content, ''))`),
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
 * A site's Google Places connection, entered in the back office (decision 0108): its API key
 * (sealed with SECRETS_KEY, never sent back), its place id, and how the last fetch went.
 */
export const siteReviewSettings = pgTable(
  'site_review_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id),
    googlePlacesKeySealed: text('google_places_key_sealed'),
    googlePlaceId: text('google_place_id'),
    lastFetchAt: timestamp('last_fetch_at', { withTimezone: true }),
    /** OK or FAILED; null before the first fetch. */
    lastFetchStatus: text('last_fetch_status'),
    /** Reviews written by the last fetch, or why it failed (never the key). */
    lastFetchMessage: text('last_fetch_message'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The reviews job reads the connected sites only (decision 0123), not every site's row.
    index('site_review_settings_configured_idx')
      .on(table.siteId)
      .where(
        sql`${table.googlePlacesKeySealed} is not null and ${table.googlePlaceId} is not null`,
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

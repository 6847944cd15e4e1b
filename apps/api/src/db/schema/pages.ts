/**
 * Pages, the popups they open, the redirects of moved or deleted pages, page-builder layouts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sites } from './platform';

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
    /** Folded words of the title and menu title, for the site search (decision 0098), written by PostgreSQL. */
    searchTitle: text('search_title')
      .notNull()
      .generatedAlwaysAs(sql`search_folded(title || ' ' || coalesce(menu_title, ''))`),
    /** Folded words of the meta description and the blocks' texts, for the site search. */
    searchBody: text('search_body')
      .notNull()
      .generatedAlwaysAs(
        sql`search_folded(coalesce(meta_description, '') || ' ' || search_page_text(blocks))`,
      ),
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

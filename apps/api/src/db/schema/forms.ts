/**
 * Forms a site builds and their answers; uploaded files and content images.
 */
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sites } from './platform';

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

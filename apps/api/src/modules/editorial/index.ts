/**
 * What the back office's writes of the editorial features share (blog, news, albums): one writer
 * that keeps the journal and revalidates the storefront, and the checks of slugs and orders. No
 * route of its own: each feature registers its back-office routes (decision 0093). Its test
 * drives those routes of the three features, which this writer serves.
 */
export {
  checkFullOrder,
  createEditorialWriter,
  ensureSlugFree,
  invalidField,
  notFound,
  type JournalEntry,
} from './editorial-writes';

/**
 * What the back office's editorial modules share (blog, news, albums): one writer that keeps the
 * journal and revalidates the storefront, and the checks of slugs and orders. No route of its own.
 */
export {
  checkFullOrder,
  createEditorialWriter,
  ensureSlugFree,
  invalidField,
  notFound,
  type JournalEntry,
} from './editorial-writes';

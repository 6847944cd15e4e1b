/*
 * The database schema, one file per feature; drizzle.config.ts reads it from this index, and
 * `import … from '…/db/schema'` finds every table here.
 *
 * Multi-tenancy (docs/architecture.md#multi-tenancy): every tenant-owned table carries site_id, in every unique key.
 * Child rows point at their parent through (site_id, parent_id) composite foreign keys, so the
 * database itself refuses a row that links to another site's data.
 *
 * The files import each other in one direction only (platform, then users, pages, content…,
 * then cart, delivery, order and what hangs off an order), so there is no import cycle.
 */
export * from './platform';
export * from './users';
export * from './pages';
export * from './content';
export * from './contact';
export * from './forms';
export * from './newsletter';
export * from './mail';
export * from './catalogue';
export * from './cart';
export * from './delivery';
export * from './order';
export * from './discount';
export * from './payment';
export * from './invoice';
export * from './gift-voucher';
export * from './audit';
export * from './booking';

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The committed drizzle-kit SQL (apps/api/drizzle), found from this file, not from the cwd. */
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Applies the migrations not yet recorded in the database (drizzle's own journal table). */
export async function applyMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') await migratePglite(database.driver, config);
  else await migrateNodePg(database.driver, config);
}

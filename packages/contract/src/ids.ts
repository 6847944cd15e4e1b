import { z } from 'zod';

/*
 * Ids are PostgreSQL int4 columns: a path or query id outside 1..INT4_MAX can name no row, and
 * sent to the database it fails there (500) instead of being refused at the edge (400). Every id
 * the contract reads from a path or a query string goes through this one schema.
 */

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** A row id as it travels in a path or query string: a positive int4. */
export const rowIdSchema = z.coerce.number().int().positive().max(INT4_MAX);

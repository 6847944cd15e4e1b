import { z } from 'zod';
import { INT4_MAX } from './ids';

/** Header names the spec requires on every call (spec §7). Node lower-cases header names. */
export const SITE_ID_HEADER = 'siteId';
export const USER_LANG_HEADER = 'userLang';
export const DEFAULT_LANG = 'fr_FR';

/** A site id is a positive integer; anything else is refused before reaching the database. */
export const siteIdSchema = z.coerce
  .number({ error: 'The siteId header must be a positive integer.' })
  .int({ error: 'The siteId header must be a positive integer.' })
  .positive({ error: 'The siteId header must be a positive integer.' })
  .max(INT4_MAX, { error: 'The siteId header must be a positive integer.' });

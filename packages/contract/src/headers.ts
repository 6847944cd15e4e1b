import { z } from 'zod';
import { INT4_MAX } from './ids';

export { DEFAULT_LANG, SITE_ID_HEADER, USER_LANG_HEADER } from './request';

/** A site id is a positive integer; anything else is refused before reaching the database. */
export const siteIdSchema = z.coerce
  .number({ error: 'The siteId header must be a positive integer.' })
  .int({ error: 'The siteId header must be a positive integer.' })
  .positive({ error: 'The siteId header must be a positive integer.' })
  .max(INT4_MAX, { error: 'The siteId header must be a positive integer.' });

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/* Cities (docs/requirements/delivery.md: GET /cities/{search}/{idCountry}; issue 9). */

export const CITY_SEARCH_MAX_LENGTH = 100;
export const CITIES_LIMIT = 20;

export const citySchema = z.object({
  /** The commune's INSEE code. */
  code: z.string(),
  name: z.string(),
  postalCode: z.string(),
  /** The department's code (49, 2A, 974). */
  departmentCode: z.string(),
});
export type City = z.infer<typeof citySchema>;

export const searchCities = defineEndpoint({
  method: 'GET',
  path: '/cities/:search/:idCountry',
  summary:
    'Communes by name or postal code (accents and case ignored), best matches first; France only',
  tags: ['delivery'],
  params: z.object({
    search: z.string().trim().min(1).max(CITY_SEARCH_MAX_LENGTH),
    /** The country's id (GET /countries). */
    idCountry: rowIdSchema,
  }),
  response: z.array(citySchema),
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { filterValueSchema, pagingQuerySchema } from './list-query';

export const countrySchema = z.object({
  id: z.number().int(),
  alphaTwo: z.string().length(2),
  alphaThree: z.string().length(3),
  numCode: z.string().length(3),
  /** French name. */
  name: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const getCountries = defineEndpoint({
  method: 'GET',
  path: '/countries',
  summary: 'ISO 3166 countries with French names, sorted by name (filterable)',
  tags: ['country'],
  query: pagingQuerySchema.extend({
    name: filterValueSchema,
    alphaTwo: filterValueSchema,
    alphaThree: filterValueSchema,
    numCode: filterValueSchema,
  }),
  response: z.array(countrySchema),
});

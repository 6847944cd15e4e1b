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

/** A language a site can be shown in, with its country (docs/requirements/platform.md). */
export const languageSchema = z.object({
  id: z.number().int(),
  /** The locale, for example fr_FR (the userLang header's values). */
  code: z.string(),
  label: z.string(),
  /** The language's code at DeepL (for example EN-GB), null when DeepL does not translate it. */
  deeplCode: z.string().nullable(),
  country: countrySchema.nullable(),
  /** False for a language kept for history but no longer offered. */
  isValid: z.boolean(),
});
export type Language = z.infer<typeof languageSchema>;

export const getLanguages = defineEndpoint({
  method: 'GET',
  path: '/languages',
  summary: 'The languages of the platform with their country, in id order',
  tags: ['country'],
  response: z.array(languageSchema),
});

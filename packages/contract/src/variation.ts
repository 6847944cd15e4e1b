import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** A product variation axis (for example 'Couleur') and its values, per site. */
export const variationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  values: z.array(
    z.object({ id: z.number().int(), idVariation: z.number().int(), name: z.string() }),
  ),
});
export type Variation = z.infer<typeof variationSchema>;

export const getVariations = defineEndpoint({
  method: 'GET',
  path: '/variation',
  summary: "The site's product variations with their values",
  tags: ['variation'],
  response: z.array(variationSchema),
});

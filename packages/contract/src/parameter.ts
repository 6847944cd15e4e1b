import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { filterValueSchema } from './list-query';

export const parameterKindSchema = z.enum(['STRING', 'BOOLEAN', 'NUMBER', 'TEXT', 'LINK']);

/** A site parameter; `value` is typed by `kind` (BOOLEAN → boolean, NUMBER → number). */
export const parameterSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  kind: parameterKindSchema,
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export type Parameter = z.infer<typeof parameterSchema>;

export const getParameters = defineEndpoint({
  method: 'GET',
  path: '/parameter',
  summary: "The site's parameters (filterable by type and kind with the list operators)",
  tags: ['parameter'],
  query: z.object({ type: filterValueSchema, kind: filterValueSchema }),
  response: z.array(parameterSchema),
});

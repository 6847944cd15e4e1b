import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { listPageSchema, pagingQuerySchema } from './list-query';

/*
 * The back office's form answers: the site's forms with their answer counts, one form's answers
 * with their files (downloaded through GET /file/{key}), and a CSV export for Excel.
 */

export const FORM_ANSWERS_PAGE_SIZE = 20;

export const formWithAnswersSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  answerCount: z.number().int().min(0),
  lastAnswerAt: z.string().nullable(),
});
export type FormWithAnswers = z.infer<typeof formWithAnswersSchema>;

export const listFormsWithAnswers = defineEndpoint({
  method: 'GET',
  path: '/admin/form',
  summary: "The site's forms with how many answers each has received (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(formWithAnswersSchema),
});

export const answerFileSchema = z.object({
  /** The stored file's key, for GET /file/{key}. */
  key: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});

export const formAnswerSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** One entry per field of the form, in its order: the answer as text (empty when none). */
  values: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  /** The files of each FILE field. */
  files: z.array(answerFileSchema.extend({ fieldKey: z.string(), fieldLabel: z.string() })),
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;

const formParams = z.object({ id: rowIdSchema });

export const listFormAnswers = defineEndpoint({
  method: 'GET',
  path: '/admin/form/:id/answer',
  summary: "One form's answers, newest first, paged, with their files (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: formParams,
  query: pagingQuerySchema,
  response: listPageSchema(formAnswerSchema).extend({
    form: z.object({ id: z.number().int(), title: z.string() }),
  }),
});

/**
 * GET /admin/form/{id}/answer/csv: the body is the CSV file itself (UTF-8 with a byte-order mark
 * and `;` separators, as French Excel opens it), not an envelope; the API registers its route
 * from this description.
 */
export const formAnswersCsvRoute = {
  method: 'GET',
  path: '/admin/form/:id/answer/csv',
  summary:
    "All of one form's answers as a CSV file for Excel: UTF-8 with BOM, `;` separated (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: formParams,
} as const;

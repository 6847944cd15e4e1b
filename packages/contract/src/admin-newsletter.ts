import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { listPageSchema, pagingQuerySchema } from './list-query';

/*
 * The back office's newsletter: the site's mailing lists (visitors choose among them in their
 * account and in the subscription form), their subscribers, and a CSV export of a list.
 */

export const NEWSLETTER_LIST_NOT_FOUND_MESSAGE = 'Cette liste de diffusion est introuvable.';
export const NEWSLETTER_LIST_NAME_TAKEN_MESSAGE = 'Le site a déjà une liste de ce nom.';
export const NEWSLETTER_SUBSCRIBER_NOT_FOUND_MESSAGE =
  'Cette adresse n’est pas inscrite à la liste.';
export const NEWSLETTER_SUBSCRIBERS_PAGE_SIZE = 50;

export const newsletterListInputSchema = z.object({
  name: z
    .string({ error: 'Le nom est obligatoire.' })
    .trim()
    .min(1, { error: 'Le nom est obligatoire.' })
    .max(120, { error: 'Le nom fait 120 caractères au plus.' }),
  description: z
    .string()
    .trim()
    .max(500, { error: 'La description fait 500 caractères au plus.' })
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .default(null),
});
export type NewsletterListInput = z.infer<typeof newsletterListInputSchema>;

export const adminNewsletterListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  subscriberCount: z.number().int().min(0),
  createdAt: z.string(),
});
export type AdminNewsletterList = z.infer<typeof adminNewsletterListSchema>;

export const newsletterSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** Whether the address belongs to a customer account of the site. */
  hasAccount: z.boolean(),
  createdAt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

const listParams = z.object({ id: rowIdSchema });

export const listAdminNewsletterLists = defineEndpoint({
  method: 'GET',
  path: '/admin/newsletter/list',
  summary: "The site's mailing lists with their subscriber counts (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(adminNewsletterListSchema),
});

export const createAdminNewsletterList = defineEndpoint({
  method: 'POST',
  path: '/admin/newsletter/list',
  summary: 'Create a mailing list (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: newsletterListInputSchema,
  response: adminNewsletterListSchema,
});

export const updateAdminNewsletterList = defineEndpoint({
  method: 'PUT',
  path: '/admin/newsletter/list/:id',
  summary: 'Rename a mailing list or change its description (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: listParams,
  body: newsletterListInputSchema,
  response: adminNewsletterListSchema,
});

export const deleteAdminNewsletterList = defineEndpoint({
  method: 'DELETE',
  path: '/admin/newsletter/list/:id',
  summary: 'Delete a mailing list and its subscriptions (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: listParams,
  response: z.object({ id: z.number().int() }),
});

export const listAdminNewsletterSubscribers = defineEndpoint({
  method: 'GET',
  path: '/admin/newsletter/list/:id/subscriber',
  summary:
    "One list's subscribers, newest first, paged; search keeps the addresses containing it (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: listParams,
  query: pagingQuerySchema.extend({ search: z.string().trim().max(200).optional() }),
  response: listPageSchema(newsletterSubscriberSchema).extend({
    newsletterList: adminNewsletterListSchema,
  }),
});

export const unsubscribeAdminNewsletterSubscriber = defineEndpoint({
  method: 'DELETE',
  path: '/admin/newsletter/list/:id/subscriber/:subscriberId',
  summary: 'Unsubscribe one address from a list (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema, subscriberId: rowIdSchema }),
  response: z.object({ id: z.number().int() }),
});

/**
 * GET /admin/newsletter/list/{id}/subscriber/csv: the body is the CSV file itself (UTF-8 with a
 * byte-order mark, `;` separated, as French Excel opens it), not an envelope.
 */
export const newsletterSubscribersCsvRoute = {
  method: 'GET',
  path: '/admin/newsletter/list/:id/subscriber/csv',
  summary:
    'Every subscriber of one list as a CSV file for Excel: UTF-8 with BOM, `;` separated (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: listParams,
} as const;

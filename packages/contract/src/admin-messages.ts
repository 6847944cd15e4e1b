import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { listPageSchema, pagingQuerySchema } from './list-query';

/*
 * The back office's inbox of the messages visitors sent from the contact page: read them, mark
 * them read or unread, answer one by mail (the answer leaves from the site's sender address).
 */

export const CONTACT_MESSAGE_NOT_FOUND_MESSAGE = 'Ce message est introuvable.';
export const REPLY_NOT_SENT_MESSAGE =
  "La réponse n'a pas pu être envoyée : le serveur de mail ne répond pas. Réessayez plus tard.";
export const INBOX_PAGE_SIZE = 20;

export const contactMessageSummarySchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  /** The first words of the message, for the list. */
  excerpt: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;

export const contactMessageSchema = contactMessageSummarySchema.extend({
  phone: z.string().nullable(),
  message: z.string(),
  consent: z.boolean(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const listContactMessages = defineEndpoint({
  method: 'GET',
  path: '/admin/contact-message',
  summary:
    "The site's contact messages, newest first, paged; `unread=true` keeps the unread ones (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  query: pagingQuerySchema.extend({ unread: z.enum(['true', 'false']).optional() }),
  response: listPageSchema(contactMessageSummarySchema).extend({
    /** Unread messages of the site, whatever the page and filter. */
    unread: z.number().int().min(0),
  }),
});

const messageParams = z.object({ id: rowIdSchema });

export const getContactMessage = defineEndpoint({
  method: 'GET',
  path: '/admin/contact-message/:id',
  summary: 'One contact message of the site, whole (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: messageParams,
  response: contactMessageSchema,
});

export const markContactMessageBodySchema = z.object({
  read: z.boolean({ error: 'Indiquez si le message est lu (true) ou non lu (false).' }),
});

export const markContactMessage = defineEndpoint({
  method: 'PUT',
  path: '/admin/contact-message/:id/read',
  summary: 'Mark a contact message read or unread (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: messageParams,
  body: markContactMessageBodySchema,
  response: contactMessageSchema,
});

/** The answer the owner writes; the form of the back office validates with this same schema. */
export const contactReplySchema = z.object({
  subject: z
    .string({ error: "L'objet est obligatoire." })
    .trim()
    .min(1, { error: "L'objet est obligatoire." })
    .max(200, { error: "L'objet fait 200 caractères au plus." }),
  message: z
    .string({ error: 'La réponse est obligatoire.' })
    .trim()
    .min(1, { error: 'La réponse est obligatoire.' })
    .max(20_000, { error: 'La réponse fait 20 000 caractères au plus.' }),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const replyToContactMessage = defineEndpoint({
  method: 'POST',
  path: '/admin/contact-message/:id/reply',
  summary:
    "Answer a contact message by mail, from the site's sender address to the visitor's; marks it read and replied (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: messageParams,
  body: contactReplySchema,
  response: contactMessageSchema,
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * The back office's « E-mails non envoyés » (decision 0115): the site's mails the mail server
 * refused, those still retried by the mail-delivery job and those it gave up on, and the owner's
 * « Renvoyer » that puts a given-up mail back in the queue.
 */

export const UNDELIVERED_MAIL_NOT_FOUND_MESSAGE = 'Cet e-mail est introuvable.';

/** How many undelivered mails the screen lists at most, newest first. */
export const UNDELIVERED_MAILS_LIMIT = 200;

export const undeliveredMailSchema = z.object({
  id: z.number().int(),
  /**
   * The address as the site wrote it: the owner sees their own customers' addresses elsewhere in
   * the back office, and a mistyped address is often the reason (decision 0115).
   */
  recipient: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  /**
   * `retrying`: the job tries again at `nextAttemptAt`; `failed`: it gave up, only « Renvoyer »
   * sends it; `sent`: delivered since (a resent mail the screen still shows).
   */
  status: z.enum(['retrying', 'failed', 'sent']),
  /** Attempts made since the mail was queued or resent. */
  attempts: z.number().int(),
  /** The next attempt, for a `retrying` mail. */
  nextAttemptAt: z.string().nullable(),
  /** The last refusal in one French sentence: no server trace, no address, no secret. */
  error: z.string().nullable(),
});
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;

export const listUndeliveredMails = defineEndpoint({
  method: 'GET',
  path: '/admin/mail/undelivered',
  summary:
    'The site’s mails not delivered: retried by the job (attempts, next attempt) or given up, with the last refusal in a sentence, newest first (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.object({
    list: z.array(undeliveredMailSchema),
    failed: z.number().int(),
    retrying: z.number().int(),
  }),
});

export const resendUndeliveredMail = defineEndpoint({
  method: 'POST',
  path: '/admin/mail/:id/resend',
  summary:
    'Puts one given-up mail back in the delivery queue, journaled; a mail already queued or sent is left as it is (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  response: undeliveredMailSchema,
});

export const resendAllUndeliveredMails = defineEndpoint({
  method: 'POST',
  path: '/admin/mail/resend',
  summary:
    'Puts every given-up mail of the site back in the delivery queue, journaled (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.object({ resent: z.number().int() }),
});

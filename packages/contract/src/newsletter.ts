import { z } from 'zod';
import { emailSchema } from './account-fields';
import { defineEndpoint } from './endpoint';

export const NEWSLETTER_DISABLED_MESSAGE =
  "La lettre d'information n'est pas proposée sur ce site.";
export const UNKNOWN_NEWSLETTER_LIST_MESSAGE = "Cette liste de diffusion n'existe pas.";
/** What the storefront says after a public subscription (the same whether or not it is new). */
export const NEWSLETTER_SUBSCRIBED_MESSAGE =
  "Merci ! Votre inscription à la lettre d'information est enregistrée.";

export const newsletterListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
});
export type NewsletterList = z.infer<typeof newsletterListSchema>;

/** One of the site's lists and whether the logged-in user's address is subscribed to it. */
export const newsletterSubscriptionStateSchema = newsletterListSchema.extend({
  subscribed: z.boolean(),
});
export type NewsletterSubscriptionState = z.infer<typeof newsletterSubscriptionStateSchema>;

const listIdsSchema = z.array(z.number().int().positive()).max(100);

export const getNewsletterLists = defineEndpoint({
  method: 'GET',
  path: '/user/newsletter/lists',
  summary: "The site's newsletter lists (logged-in users; 404 when ENABLE_NEWSLETTER is off)",
  tags: ['newsletter'],
  response: z.array(newsletterListSchema),
});

export const getNewsletterSubscription = defineEndpoint({
  method: 'GET',
  path: '/user/newsletter/subscription',
  summary: "Every list of the site with whether the logged-in user's address is subscribed",
  tags: ['newsletter'],
  response: z.array(newsletterSubscriptionStateSchema),
});

export const updateNewsletterSubscriptionBodySchema = z.object({
  /** The lists the user wants, all others are left: the form's ticked boxes, sent as a whole. */
  listIds: listIdsSchema,
});

export const updateNewsletterSubscription = defineEndpoint({
  method: 'PUT',
  path: '/user/newsletter/subscription',
  summary: "Subscribe the logged-in user's address to exactly these lists; answers the new state",
  tags: ['newsletter'],
  body: updateNewsletterSubscriptionBodySchema,
  response: z.array(newsletterSubscriptionStateSchema),
});

export const subscribeNewsletterBodySchema = z.object({
  email: emailSchema,
  /** Omitted: every list of the site. */
  listIds: listIdsSchema.min(1).optional(),
});

export const subscribeNewsletter = defineEndpoint({
  method: 'POST',
  path: '/newsletter/subscribe',
  summary:
    'Subscribe an address to lists (public, idempotent; the same answer whether or not it was already subscribed)',
  tags: ['newsletter'],
  body: subscribeNewsletterBodySchema,
  response: z.null(),
});

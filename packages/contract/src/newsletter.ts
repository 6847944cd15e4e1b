import { z } from 'zod';
import { emailSchema } from './account-fields';
import { defineEndpoint } from './endpoint';

export const NEWSLETTER_DISABLED_MESSAGE =
  "La lettre d'information n'est pas proposée sur ce site.";
export const UNKNOWN_NEWSLETTER_LIST_MESSAGE = "Cette liste de diffusion n'existe pas.";
/** What the storefront says after a public subscription (the same whether or not it is new). */
export const NEWSLETTER_SUBSCRIBED_MESSAGE =
  'Merci ! Pour valider votre inscription, ouvrez le lien que nous venons de vous envoyer par e-mail.';
/** The confirmation page, once the link of the confirmation mail has been opened. */
export const NEWSLETTER_CONFIRMED_MESSAGE =
  "Votre inscription à la lettre d'information est confirmée. Merci et à bientôt !";
/** The unsubscribe page, once done (also the answer to a repeated click). */
export const NEWSLETTER_UNSUBSCRIBED_MESSAGE =
  "C'est fait : vous ne recevrez plus nos lettres d'information à cette adresse.";
/** A confirmation or unsubscribe link that is unknown, expired or of another site. */
export const NEWSLETTER_LINK_INVALID_MESSAGE =
  "Ce lien n'est pas ou plus valable. Pour vous inscrire, saisissez de nouveau votre adresse sur le site.";

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
    'Ask to subscribe an address to lists (public): mails a confirmation link, and the address joins the lists only once it is opened (double opt-in); the same answer whether or not it was already subscribed',
  tags: ['newsletter'],
  body: subscribeNewsletterBodySchema,
  response: z.null(),
});

/** The secret of a confirmation or unsubscribe link (32 random bytes, base64url). */
const newsletterTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: NEWSLETTER_LINK_INVALID_MESSAGE });

export const newsletterTokenBodySchema = z.object({ token: newsletterTokenSchema });

export const confirmNewsletter = defineEndpoint({
  method: 'POST',
  path: '/newsletter/confirm',
  summary:
    'Confirm a subscription with the token of the confirmation mail (valid 7 days, repeatable); answers the lists joined',
  tags: ['newsletter'],
  body: newsletterTokenBodySchema,
  response: z.array(newsletterListSchema),
});

export const unsubscribeNewsletter = defineEndpoint({
  method: 'POST',
  path: '/newsletter/unsubscribe',
  summary:
    "Leave every list of the site with the token of a newsletter mail's unsubscribe link (repeatable)",
  tags: ['newsletter'],
  body: newsletterTokenBodySchema,
  response: z.null(),
});

/**
 * RFC 8058 one-click unsubscribe: the target of the List-Unsubscribe header, which mail clients
 * POST to (body `List-Unsubscribe=One-Click`, form-encoded) with no site header; the token names
 * the site and the address.
 */
export const oneClickUnsubscribeNewsletter = defineEndpoint({
  method: 'POST',
  path: '/newsletter/unsubscribe/:token',
  summary:
    "One-click unsubscribe (RFC 8058) from a newsletter mail's List-Unsubscribe header: leave every list of the site",
  tags: ['newsletter'],
  params: z.object({ token: newsletterTokenSchema }),
  response: z.null(),
  withoutSite: true,
});

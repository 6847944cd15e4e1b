import { zodResolver } from '@hookform/resolvers/zod';
import {
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  subscribeNewsletter,
  subscribeNewsletterBodySchema,
} from '@comptoir/contract/newsletter';

/** The newsletter sign-up's contract, loaded by ui/use-api-form when the visitor reaches it. */
export const newsletterContract = {
  resolver: zodResolver(subscribeNewsletterBodySchema),
  endpoint: subscribeNewsletter,
  subscribedMessage: NEWSLETTER_SUBSCRIBED_MESSAGE,
};

import type { FastifyInstance } from 'fastify';
import { cartSecretCookieName } from '@comptoir/contract/cart';
import { addGiftVoucherToCart, getGiftVoucherSettings } from '@comptoir/contract/gift-voucher';
import { registerEndpoint } from '../../http/register-endpoint';
import { createIntervalJobRunner, type JobRunner } from '../../lib/jobs';
import { cartCallerOf } from '../cart';
import type { GiftVoucherService } from './gift-voucher-service';

/** How often vouchers whose mail day has come are looked for. */
export const GIFT_VOUCHER_MAIL_INTERVAL_MS = 15 * 60_000;

/** An anonymous cart's secret lives as long as the cart routes keep it (90 days). */
const CART_SECRET_MAX_AGE_SECONDS = 60 * 60 * 24 * 90;

/**
 * What a voucher listens to of the orders: their payments. The order module's events fit it
 * (compose.ts hands them over); this module does not depend on the order module.
 */
export interface OrderPayments {
  on(
    name: 'statusChanged',
    listener: (event: { siteId: number; orderId: number; becamePaid: boolean }) => Promise<void>,
  ): void;
}

/**
 * Gift vouchers (issue 10, decision 0052): the page's settings, the voucher line put in the cart,
 * and, once the order that bought it is paid, the vouchers issued and mailed on their day.
 */
export function registerGiftVoucherRoutes(
  app: FastifyInstance,
  service: GiftVoucherService,
  options: { events: OrderPayments; cookieDomain?: string; jobs?: JobRunner },
): void {
  registerEndpoint(app, getGiftVoucherSettings, async ({ request }) =>
    service.settings(request.site),
  );

  registerEndpoint(app, addGiftVoucherToCart, async ({ request, reply, params, body }) => {
    const outcome = await service.addToCart(
      request.site,
      params.cartId,
      body,
      await cartCallerOf(request),
    );
    if (outcome.newSecret) {
      reply.setCookie(cartSecretCookieName(request.site.id), outcome.newSecret, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        secure: request.protocol === 'https',
        maxAge: CART_SECRET_MAX_AGE_SECONDS,
        ...(options.cookieDomain ? { domain: options.cookieDomain } : {}),
      });
    }
    return outcome.cart;
  });

  options.events.on('statusChanged', async (event) => {
    if (event.becamePaid) await service.issueForOrder(event.siteId, event.orderId);
  });

  const jobs =
    options.jobs ??
    createIntervalJobRunner((name, error) =>
      app.log.error({ err: error, job: name }, 'job failed'),
    );
  jobs.every('gift-voucher-mails', GIFT_VOUCHER_MAIL_INTERVAL_MS, () => service.sendDue());
  if (!options.jobs) app.addHook('onClose', async () => jobs.stop());
}

import type { FastifyInstance } from 'fastify';
import { createPaymentIntent, refundOrder, setOrderStatus, stripePublicKey } from '@comptoir/contract/payment';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { requireAdmin } from '../user';
import { auditActorOf } from '../audit';
import { orderReaderOf } from '../order';
import type { PaymentService } from './payment-service';

export const STRIPE_WEBHOOK_PATH = '/custom-stripe/webhook';
/** A Stripe event is a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Card payment through Stripe (decision 0053): the public key, the PaymentIntent of an order,
 * the webhook that marks orders paid or refunded, and the back office's refund and status
 * routes.
 */
export function registerPaymentRoutes(app: FastifyInstance, service: PaymentService): void {
  registerEndpoint(app, stripePublicKey, async ({ request }) => service.publicKey(request.site.id));

  registerEndpoint(app, createPaymentIntent, async ({ request, body }) =>
    service.paymentIntent(request.site.id, body.idOrder, await orderReaderOf(request)),
  );

  // Stripe calls without a siteId header, and the signature covers the exact bytes it sent: this
  // scope reads JSON bodies as raw bytes, for this one route.
  app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhook.post(STRIPE_WEBHOOK_PATH, { config: { withoutSite: true } }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const received = await service.receiveWebhook(body, request.headers['stripe-signature']);
      return { success: true, data: received, message: null };
    });
  });

  registerAdminScope(app, (admin) => {
    registerEndpoint(admin, refundOrder, async ({ request, params, body }) => {
      const user = requireAdmin(await request.getUser());
      return service.refund(
        request.site.id,
        params.id,
        `admin:${user.id}`,
        auditActorOf(user),
        body?.restock,
      );
    });
    registerEndpoint(admin, setOrderStatus, async ({ request, params, body }) => {
      const user = requireAdmin(await request.getUser());
      return service.setStatus(
        request.site.id,
        params.id,
        body.status,
        `admin:${user.id}`,
        auditActorOf(user),
      );
    });
  });
}

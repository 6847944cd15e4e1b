import { alcoholMessages } from '@comptoir/domain/product-display';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import { adminInvoiceRoute } from '@comptoir/contract/admin-orders';
import { INVOICE_NOT_FOUND_MESSAGE, orderInvoiceRoute } from '@comptoir/contract/invoice';
import type { OrderAddress } from '@comptoir/contract/order';
import { HttpError } from '../../http/http-error';
import { registerFileRoute } from '../../http/register-file-route';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import { registerAdminScope } from '../user';
import { siteBaseUrl, siteMailSender } from '../mail';
import type { OrderEvents } from '../order';
import { isUniqueViolation } from '../../db/unique-violation';
import type { OrderService } from '../order';
import { invoiceMail } from '../order-mail';
import type { SiteRepository } from '../site';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import { invoiceContentOf, type InvoiceContent } from './invoice-content';
import { renderInvoice } from './invoice-pdf';
import type { InvoiceRecord, InvoiceRepository } from './invoice-repository';

/** When the order was paid: the history row that recorded the payment, else `fallback`. */
function paidAtOf(
  history: readonly { fromStatus: string | null; toStatus: string; at: Date }[],
  fallback: Date,
): Date {
  // PAID is a step of its own, or a payment kept in place (prepared or ready orders: from = to).
  const payment = history.find(
    (entry) => entry.toStatus === 'PAID' || entry.fromStatus === entry.toStatus,
  );
  return payment?.at ?? fallback;
}

/**
 * Invoices (issue 10 "Payment"): issued once when an order becomes paid, numbered per site
 * without gaps, mailed to the customer with the PDF attached, and readable by the customer at
 * GET /order/:id/invoice. An order paid while the invoice could not be written (a crash between
 * the two) gets it on that first read: issuing is idempotent.
 */
export function registerInvoices(
  app: FastifyInstance,
  repository: InvoiceRepository,
  options: {
    orders: OrderService;
    events: OrderEvents;
    production: boolean;
    now: () => Date;
    sites: Pick<SiteRepository, 'findById'>;
    readParameters: SiteParameterReader;
  },
): void {
  const { orders, events, production, now, sites, readParameters } = options;

  /** The order's invoice, issued now if it is paid and has none yet; null while it is unpaid. */
  async function ensureInvoice(
    siteId: number,
    orderId: number,
    paidAt: Date | null,
  ): Promise<{ invoice: InvoiceRecord; created: boolean } | null> {
    const existing = await repository.findByOrder(siteId, orderId);
    if (existing) return { invoice: existing, created: false };
    const [site, found] = await Promise.all([sites.findById(siteId), orders.find(siteId, orderId)]);
    if (!site || !found || !found.order.isPaid) return null;
    const { order, record } = found;
    const parameters = await readParameters(siteId);
    const issuedAt = now();
    const paid = paidAt ?? paidAtOf(await orders.history(siteId, orderId), issuedAt);
    try {
      const issued = await repository.issue(siteId, orderId, (number) => ({
        issuedAt,
        content: invoiceContentOf({
          number,
          issuedAt,
          paidAt: paid,
          siteName: site.name,
          parameters,
          order,
          buyer: {
            firstname: record.firstname,
            lastname: record.lastname,
            billingAddress: record.billingAddress as OrderAddress,
          },
        }),
      }));
      // Mailed once, by whoever issued it (the payment's listener, or a first read).
      if (issued.created) {
        app.backgroundTasks.run('invoice mail', () => mailInvoice(siteId, orderId, issued.invoice));
      }
      return issued;
    } catch (error) {
      // Issued at the same moment by another request: that one is the invoice.
      if (!isUniqueViolation(error, 'invoices_site_order_key')) throw error;
      const winner = await repository.findByOrder(siteId, orderId);
      if (!winner) throw error;
      return { invoice: winner, created: false };
    }
  }

  async function mailInvoice(siteId: number, orderId: number, invoice: InvoiceRecord) {
    const [site, found] = await Promise.all([sites.findById(siteId), orders.find(siteId, orderId)]);
    if (!site || !found || !found.record.email) return;
    const content = invoice.content as InvoiceContent;
    const parameters = await readParameters(siteId);
    await app.mailer.send({
      siteId,
      ...siteMailSender(site, parameters, siteBaseUrl(site, production)),
      to: found.record.email,
      ...invoiceMail({
        siteName: site.name,
        firstname: found.record.firstname,
        reference: found.order.reference,
        invoiceNumber: content.reference,
        amountCents: content.totals.paidCents,
        prevention: alcoholMessages(parameters.isOn('SELLS_ALCOHOL'), parameters.text),
      }),
      attachments: [
        {
          filename: `facture-${content.reference}.pdf`,
          contentType: 'application/pdf',
          content: await renderInvoice(content),
        },
      ],
    });
  }

  events.on('statusChanged', ({ siteId, orderId, becamePaid }) => {
    if (!becamePaid) return;
    const paidAt = now();
    app.backgroundTasks.run('invoice of a paid order', async () => {
      await ensureInvoice(siteId, orderId, paidAt);
    });
  });

  // A PDF, not an envelope: registered from the contract's route description (like the product
  // sheet); its failures are still error envelopes.
  app.route({
    method: orderInvoiceRoute.method,
    url: orderInvoiceRoute.path,
    schema: {
      summary: orderInvoiceRoute.summary,
      tags: [...orderInvoiceRoute.tags],
      params: orderInvoiceRoute.params,
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await request.getUser();
      if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
      const { id } = request.params as { id: number };
      const siteId = request.site.id;
      const found = await orders.find(siteId, id);
      // Someone else's order, or no such order: the same answer as an unpaid one.
      if (!found || found.record.userId !== user.id) {
        throw new HttpError(404, INVOICE_NOT_FOUND_MESSAGE);
      }
      const issued = await ensureInvoice(siteId, id, null);
      if (!issued) throw new HttpError(404, INVOICE_NOT_FOUND_MESSAGE);
      const content = issued.invoice.content as InvoiceContent;
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="facture-${content.reference}.pdf"`,
          'x-content-type-options': 'nosniff',
          // Personal and final: kept by the customer's browser only.
          'cache-control': 'private, no-store',
        })
        .send(await renderInvoice(content));
    },
  });

  // The back office reads any paid order's invoice (issued now if the payment's listener has not).
  registerAdminScope(app, (admin) => {
    registerFileRoute(admin, adminInvoiceRoute, async ({ request, params }) => {
      const issued = await ensureInvoice(request.site.id, params.id, null);
      if (!issued) throw new HttpError(404, INVOICE_NOT_FOUND_MESSAGE);
      const content = issued.invoice.content as InvoiceContent;
      return {
        body: await renderInvoice(content),
        contentType: 'application/pdf',
        filename: `facture-${content.reference}.pdf`,
      };
    });
  });
}

import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { OrderEvents, OrderService } from '../order';
import type { SiteRepository } from '../site';
import { createInvoiceRepository } from './invoice-repository';
import { registerInvoices } from './invoice-routes';

export {
  COLOURS,
  CONTENT_WIDTH,
  FONTS,
  MARGIN,
  ensureRoom,
  pdfBytes,
  rule,
  type Doc,
} from './invoice-pdf';

export type { InvoiceRecord, InvoiceRepository } from './invoice-repository';

/**
 * Invoices (issue 10 "Payment"): issued once when an order becomes paid (they listen to the
 * order events), mailed with the PDF attached, readable by the customer and the back office.
 */
export function createInvoiceModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'production' | 'now'>,
  deps: { orders: OrderService; events: OrderEvents; sites: Pick<SiteRepository, 'findById'> },
) {
  const repository = createInvoiceRepository(shared.db);
  return {
    repository,
    registerRoutes(app: FastifyInstance): void {
      registerInvoices(app, repository, {
        orders: deps.orders,
        events: deps.events,
        production: shared.production,
        now: shared.now,
        sites: deps.sites,
        readParameters: shared.readParameters,
      });
    },
  };
}

export type InvoiceModule = ReturnType<typeof createInvoiceModule>;

import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { OrderEvents, OrderService } from '../order';
import type { SiteRepository } from '../site';
import { createInvoiceRepository, type InvoiceRepository } from './invoice-repository';
import { registerInvoices } from './invoice-routes';

export type { InvoiceRecord, InvoiceRepository } from './invoice-repository';

/**
 * The invoices' records (their numbers, issued once per order), made before the orders: the back
 * office's order page shows the invoice's number, and the invoice module, made after the orders,
 * writes them.
 */
export function createInvoiceRecords(shared: Pick<SharedPieces, 'db'>): InvoiceRepository {
  return createInvoiceRepository(shared.db);
}

/**
 * Invoices (issue 10 "Payment"): issued once when an order becomes paid (they listen to the
 * order events), mailed with the PDF attached, readable by the customer and the back office.
 */
export function createInvoiceModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'production' | 'now'>,
  deps: {
    records: InvoiceRepository;
    orders: OrderService;
    events: OrderEvents;
    sites: Pick<SiteRepository, 'findById'>;
  },
) {
  return {
    registerRoutes(app: FastifyInstance): void {
      registerInvoices(app, deps.records, {
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

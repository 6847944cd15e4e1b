import { Readable } from 'node:stream';
import {
  ORDER_STATS_MAX_DAYS,
  ORDER_STATS_RANGE_MESSAGE,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type OrderStats,
} from '@comptoir/contract/admin-orders';
import { ORDER_NOT_FOUND_MESSAGE, type Order } from '@comptoir/contract/order';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { formatPercent } from '@comptoir/domain/money';
import { ORDER_STATUS_LABELS, paymentMeansText } from '@comptoir/domain/order';
import { zonedInstant } from '@comptoir/domain/opening-calendar';
import { HttpError } from '../../http/http-error';
import { csvLine, csvStart } from '../../lib/csv-export';
import type {
  AdminOrderFilters,
  InstantRange,
  OrderAdminRepository,
} from './order-admin-repository';
import type { OrderRecord, OrderRepository } from './order-repository';
import { toOrder, type OrderService } from './order-service';

/**
 * What the back office's order page reads of its neighbours, handed in by compose.ts: the
 * invoice module's records (the invoice's number) and the order mails' pick-up places (the
 * place's name). Both modules read orders, so the order module names only what it uses of them.
 */
export interface OrderInvoices {
  findByOrder(siteId: number, orderId: number): Promise<{ number: number } | null>;
}
export interface OrderPickupPlaces {
  pickupPlace(siteId: number, companyAddressId: number): Promise<{ label: string } | null>;
}

const DAY_MS = 86_400_000;
const BEST_SELLERS = 10;
const STATS_DEFAULT_DAYS = 30;

/** The day after a YYYY-MM-DD date. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/** A period of Paris days as instants: the first day's midnight to the midnight after the last. */
export function parisRange(from?: string, to?: string): InstantRange {
  return {
    start: from ? zonedInstant(from, 0) : null,
    end: to ? zonedInstant(nextDay(to), 0) : null,
  };
}

/** How the history names who moved an order. */
export function historyActorLabel(actor: string): string {
  if (actor === 'customer') return 'Client';
  if (actor === 'stripe') return 'Stripe';
  if (actor === 'job:payment-expiry') return 'Délai de paiement dépassé';
  if (actor.startsWith('admin:')) return 'Administrateur';
  return actor;
}

export function orderSummaryOf(record: OrderRecord): AdminOrderSummary {
  return {
    id: record.id,
    number: record.number,
    reference: `C${String(record.number).padStart(6, '0')}`,
    status: record.status,
    isPaid: record.isPaid,
    paymentMethod: record.paymentMethod,
    deliveryType: record.deliveryType,
    createdAt: record.createdAt.toISOString(),
    customerName: `${record.firstname} ${record.lastname}`.trim(),
    email: record.email,
    totalCents: record.totalCents,
    slot:
      record.slotDate !== null && record.slotScheduleId !== null
        ? { date: record.slotDate, startMinutes: record.slotScheduleId }
        : null,
  };
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** How many orders the accountant's export reads at a time (with their lines). */
export const EXPORT_BATCH = 500;

/** The VAT rates met among these orders, added to `rates`. */
export function addVatRates(rates: Set<number>, list: readonly Order[]): void {
  for (const order of list) for (const vat of order.totals.vat) rates.add(vat.rateBasisPoints);
}

const when = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** The accountant's CSV header: for each VAT rate met in the period, its HT, TVA and TTC columns. */
export function ordersCsvHeader(rates: readonly number[]): string[] {
  return [
    'Commande',
    'Date',
    ...rates.flatMap((rate) => {
      const label = formatPercent(rate);
      return [`HT ${label}`, `TVA ${label}`, `TTC ${label}`];
    }),
    'Total HT',
    'Total TVA',
    'Total TTC',
    'Payé par bon cadeau',
    'Moyen de paiement',
    'Payée',
    'État',
  ];
}

/** One order's line: zeros under a rate it does not have, then its totals. */
export function orderCsvLine(order: Order, rates: readonly number[]): string[] {
  const byRate = new Map(order.totals.vat.map((v) => [v.rateBasisPoints, v]));
  return [
    order.reference,
    when.format(new Date(order.createdAt)),
    ...rates.flatMap((rate) => {
      const vat = byRate.get(rate);
      return vat
        ? [euros(vat.baseCents), euros(vat.vatCents), euros(vat.baseCents + vat.vatCents)]
        : ['0,00', '0,00', '0,00'];
    }),
    euros(order.totals.totalCents - order.totals.vatCents),
    euros(order.totals.vatCents),
    euros(order.totals.totalCents),
    euros(order.totals.voucherCents),
    paymentMeansText(order),
    order.isPaid ? 'oui' : 'non',
    ORDER_STATUS_LABELS[order.status],
  ];
}

export function createOrderAdminService(dependencies: {
  repository: OrderAdminRepository;
  orderRecords: OrderRepository;
  orders: OrderService;
  invoices: OrderInvoices;
  places: OrderPickupPlaces;
  now: () => Date;
}) {
  const { repository, orderRecords, orders, invoices, places, now } = dependencies;
  /** The reservations' count of a period (set by compose.ts once they are built). */
  let countBookings: (siteId: number, start: Date, end: Date) => Promise<number> = async () => 0;

  async function withLines(siteId: number, records: readonly OrderRecord[]): Promise<Order[]> {
    const lines = await orderRecords.linesOf(
      siteId,
      records.map((record) => record.id),
    );
    return records.map((record) =>
      toOrder(
        record,
        lines.filter((line) => line.orderId === record.id),
      ),
    );
  }

  return {
    /** The orders with their lines, in the order given (also the customer's export). */
    withLines,

    async list(
      siteId: number,
      query: {
        page?: number | undefined;
        nbItem?: number | undefined;
        after?: number | undefined;
      } & Omit<AdminOrderFilters, 'created'> & {
          from?: string | undefined;
          to?: string | undefined;
        },
      pageSize: number,
    ) {
      const limit = query.nbItem ?? pageSize;
      const { rows, total } = await repository.list(
        siteId,
        {
          status: query.status,
          deliveryType: query.deliveryType,
          slotDate: query.slotDate,
          created: parisRange(query.from, query.to),
        },
        { limit, offset: ((query.page ?? 1) - 1) * limit, after: query.after },
      );
      return { list: rows.map(orderSummaryOf), total };
    },

    async detail(siteId: number, orderId: number): Promise<AdminOrderDetail> {
      const found = await orders.find(siteId, orderId);
      if (!found) throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE);
      const { order, record } = found;
      const [history, invoice, place] = await Promise.all([
        orders.history(siteId, orderId),
        invoices.findByOrder(siteId, orderId),
        record.slotCompanyAddressId !== null
          ? places.pickupPlace(siteId, record.slotCompanyAddressId)
          : Promise.resolve(null),
      ]);
      return {
        order,
        customer: {
          userId: record.userId,
          firstname: record.firstname,
          lastname: record.lastname,
          email: record.email,
          phone: record.phone,
        },
        deliveryAddress: (record.deliveryAddress as AdminOrderDetail['deliveryAddress']) ?? null,
        billingAddress: (record.billingAddress as AdminOrderDetail['billingAddress']) ?? null,
        message: record.message,
        pickup:
          record.slotDate !== null && record.slotScheduleId !== null
            ? {
                place: place?.label ?? '',
                date: record.slotDate,
                startMinutes: record.slotScheduleId,
              }
            : null,
        history: history.map((entry) => ({
          fromStatus: entry.fromStatus,
          toStatus: entry.toStatus,
          actor: historyActorLabel(entry.actor),
          at: entry.at.toISOString(),
        })),
        invoiceReference: invoice ? `F${String(invoice.number).padStart(6, '0')}` : null,
      };
    },

    /**
     * The accountant's CSV of the period, streamed (issue 31, decision 0123): the orders are read
     * EXPORT_BATCH at a time by keyset, so that memory stays flat whatever their number. The
     * header names the VAT rates met in the whole period: a first pass reads them, and the second
     * writes the orders the first one saw (an order placed meanwhile waits for the next export).
     */
    async csv(siteId: number, range: { from?: string | undefined; to?: string | undefined }) {
      const instants = parisRange(range.from, range.to);
      const period = [range.from ?? 'debut', range.to ?? todayInFrance(now())].join('-au-');
      async function* batches(lastId?: number): AsyncGenerator<Order[]> {
        let after: number | undefined;
        for (;;) {
          const records = await repository.placedWithin(siteId, instants, {
            limit: EXPORT_BATCH,
            after,
          });
          const end = lastId === undefined ? -1 : records.findIndex((r) => r.id === lastId);
          const kept = end === -1 ? records : records.slice(0, end + 1);
          if (kept.length > 0) yield await withLines(siteId, kept);
          if (end !== -1 || records.length < EXPORT_BATCH) return;
          after = records.at(-1)!.id;
        }
      }
      const rates = new Set<number>();
      let lastId: number | undefined;
      for await (const batch of batches()) {
        addVatRates(rates, batch);
        lastId = batch.at(-1)!.id;
      }
      const columns = [...rates].sort((a, b) => a - b);
      async function* document(): AsyncGenerator<string> {
        yield csvStart() + csvLine(ordersCsvHeader(columns));
        if (lastId === undefined) return;
        for await (const batch of batches(lastId)) {
          yield batch.map((order) => csvLine(orderCsvLine(order, columns))).join('');
        }
      }
      return { body: Readable.from(document()), filename: `commandes-${period}.csv` };
    },

    /** Gives the figures the reservations' count (the dashboard counts bookings, issue 29). */
    countBookingsWith(counter: (siteId: number, start: Date, end: Date) => Promise<number>): void {
      countBookings = counter;
    },

    async stats(
      siteId: number,
      range: { from?: string | undefined; to?: string | undefined },
    ): Promise<OrderStats> {
      const to = range.to ?? todayInFrance(now());
      const from =
        range.from ??
        new Date(Date.parse(`${to}T00:00:00Z`) - (STATS_DEFAULT_DAYS - 1) * DAY_MS)
          .toISOString()
          .slice(0, 10);
      const days = daysBetween(from, to);
      if (days.length > ORDER_STATS_MAX_DAYS) {
        throw new HttpError(400, ORDER_STATS_RANGE_MESSAGE, [
          { key: 'from', error: ORDER_STATS_RANGE_MESSAGE },
        ]);
      }
      const instants = parisRange(from, to);
      const [sales, bestSellers] = await Promise.all([
        repository.salesPerDay(siteId, instants),
        repository.bestSellers(siteId, instants, BEST_SELLERS),
      ]);
      const perDay = new Map(days.map((day) => [day, { revenueCents: 0, orderCount: 0 }]));
      for (const sale of sales) {
        if (perDay.has(sale.day)) {
          perDay.set(sale.day, { revenueCents: sale.revenueCents, orderCount: sale.orderCount });
        }
      }
      const revenueCents = sales.reduce((sum, sale) => sum + sale.revenueCents, 0);
      const orderCount = sales.reduce((sum, sale) => sum + sale.orderCount, 0);
      return {
        from,
        to,
        revenueCents,
        orderCount,
        averageBasketCents: orderCount === 0 ? 0 : Math.round(revenueCents / orderCount),
        bookingCount:
          instants.start && instants.end
            ? await countBookings(siteId, instants.start, instants.end)
            : 0,
        days: [...perDay].map(([date, figures]) => ({ date, ...figures })),
        bestSellers,
      };
    },
  };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;

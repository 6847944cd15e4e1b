import { z } from 'zod';
import { ORDER_DELIVERY_TYPES } from '@comptoir/domain/delivery';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@comptoir/domain/order';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { listPageSchema, pagingQuerySchema } from './list-query';
import { orderAddressSchema, orderSchema } from './order';

/*
 * The back office's orders (issue 12 "Orders" and "Numbers"): the list with its filters, one
 * order whole (customer, addresses, history), the accountant's CSV, the packing slip and the
 * figures of a period. Status changes and refunds keep their routes in ./payment
 * (PUT /admin/order/:id/status, POST /admin/order/:id/refund): one transition function.
 */

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDER_RANGE_MESSAGE = 'La date de fin doit suivre la date de début.';

const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Indiquez une date au format AAAA-MM-JJ.' })
  .refine(
    (value) => {
      const day = new Date(`${value}T00:00:00Z`);
      // 2026-02-30 parses as 2 March: the day must read back as written.
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
    },
    {
      error: 'Cette date n’existe pas.',
    },
  );

/** A period of days (Europe/Paris), both ends included; either end may be left open. */
export const dateRangeQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: ADMIN_ORDER_RANGE_MESSAGE,
    path: ['to'],
  });

export const adminOrderListQuerySchema = pagingQuerySchema
  .extend({
    status: z.enum(ORDER_STATUSES).optional(),
    deliveryType: z.enum(ORDER_DELIVERY_TYPES).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** The click-and-collect day: the pick-ups of that day, by slot time. */
    slotDate: isoDateSchema.optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: ADMIN_ORDER_RANGE_MESSAGE,
    path: ['to'],
  });
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  isPaid: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  deliveryType: z.enum(ORDER_DELIVERY_TYPES),
  createdAt: z.string(),
  customerName: z.string(),
  email: z.string(),
  totalCents: z.number().int(),
  /** The pick-up day and its start in minutes after midnight (Paris), for click-and-collect. */
  slot: z.object({ date: z.string(), startMinutes: z.number().int() }).nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const listAdminOrders = defineEndpoint({
  method: 'GET',
  path: '/admin/order',
  summary:
    "The site's orders, newest first (a pick-up day: by slot time), filtered by status, order dates, delivery type and pick-up day, paged (ADMIN, SUPER_ADMIN)",
  tags: ['admin', 'order'],
  query: adminOrderListQuerySchema,
  response: listPageSchema(adminOrderSummarySchema),
});

export const orderHistoryEntrySchema = z.object({
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  /** « Client », « Administrateur », « Stripe », « Délai de paiement dépassé »… */
  actor: z.string(),
  at: z.string(),
});

export const adminOrderDetailSchema = z.object({
  order: orderSchema,
  customer: z.object({
    /** The account, or null for a guest or an erased account. */
    userId: z.number().int().nullable(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  deliveryAddress: orderAddressSchema.partial().nullable(),
  billingAddress: orderAddressSchema.partial().nullable(),
  message: z.string().nullable(),
  /** The pick-up place's label and the slot's hours, for click-and-collect. */
  pickup: z
    .object({ place: z.string(), date: z.string(), startMinutes: z.number().int() })
    .nullable(),
  history: z.array(orderHistoryEntrySchema),
  /** The invoice's reference once issued (F000012), else null. */
  invoiceReference: z.string().nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

const orderParams = z.object({ id: rowIdSchema });

export const getAdminOrder = defineEndpoint({
  method: 'GET',
  path: '/admin/order/:id',
  summary:
    'One order of the site, whole: lines, totals, customer, addresses, payment and its status history (ADMIN, SUPER_ADMIN)',
  tags: ['admin', 'order'],
  params: orderParams,
  response: adminOrderDetailSchema,
});

/**
 * Files, not envelopes (the API registers their routes from these descriptions): the orders of a
 * period as CSV for the accountant, an order's packing slip and its invoice as PDF.
 */
export const adminOrdersCsvRoute = {
  method: 'GET',
  path: '/admin/order/export',
  summary:
    'The orders placed in a period as CSV for the accountant: one line per order, HT / TVA / TTC per VAT rate, payment method and status; UTF-8 with BOM, `;` separated (ADMIN, SUPER_ADMIN)',
  tags: ['admin', 'order'],
  query: dateRangeQuerySchema,
} as const;

export const adminPackingSlipRoute = {
  method: 'GET',
  path: '/admin/order/:id/packing-slip',
  summary:
    "An order's packing slip as PDF: delivery, lines and quantities, no prices (ADMIN, SUPER_ADMIN)",
  tags: ['admin', 'order'],
  params: orderParams,
} as const;

export const adminInvoiceRoute = {
  method: 'GET',
  path: '/admin/order/:id/invoice',
  summary: "A paid order's invoice as PDF (404 before payment) (ADMIN, SUPER_ADMIN)",
  tags: ['admin', 'order'],
  params: orderParams,
} as const;

export const orderStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Paid orders of the period (cancelled and refunded ones left out), TTC. */
  revenueCents: z.number().int(),
  orderCount: z.number().int(),
  averageBasketCents: z.number().int(),
  /**
   * Bookings (docs/requirements/reservations.md) whose time falls in the period, confirmed,
   * honoured or missed (held, unpaid and cancelled ones left out); 0 on a site without any.
   */
  bookingCount: z.number().int(),
  days: z.array(
    z.object({ date: z.string(), revenueCents: z.number().int(), orderCount: z.number().int() }),
  ),
  bestSellers: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

/** The longest period the figures cover day by day. */
export const ORDER_STATS_MAX_DAYS = 366;
export const ORDER_STATS_RANGE_MESSAGE = 'Choisissez une période d’un an au plus.';

export const getOrderStats = defineEndpoint({
  method: 'GET',
  path: '/admin/order-stats',
  summary:
    'Revenue, orders count, average basket, revenue per day and best sellers of a period (the last 30 days by default) (ADMIN, SUPER_ADMIN)',
  tags: ['admin', 'order'],
  query: dateRangeQuerySchema,
  response: orderStatsSchema,
});

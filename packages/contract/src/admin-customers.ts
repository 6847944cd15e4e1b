import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { keysetQuerySchema, listPageSchema, pagingQuerySchema } from './list-query';
import { adminOrderSummarySchema } from './admin-orders';

/*
 * The back office's customers (issue 12 "Customers"): the accounts of the site with their
 * orders, the export of everything held about one of them (RGPD art. 15 and 20), and their
 * erasure (art. 17), which keeps their orders for the accounts without the person (decision 0054).
 */

export const ADMIN_CUSTOMERS_PAGE_SIZE = 20;
export const CUSTOMER_NOT_FOUND_MESSAGE = 'Ce client est introuvable.';
export const CUSTOMER_ORDER_IN_PROGRESS_MESSAGE = (reference: string) =>
  `La commande ${reference} de ce client est en cours : terminez-la ou annulez-la avant d’anonymiser le client.`;

export const adminCustomerListQuerySchema = pagingQuerySchema.extend({
  ...keysetQuerySchema.shape,
  /** Part of a name, an e-mail or a phone number. */
  search: z.string().trim().max(100).optional(),
});

export const adminCustomerSummarySchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  orderCount: z.number().int(),
});
export type AdminCustomerSummary = z.infer<typeof adminCustomerSummarySchema>;

export const listAdminCustomers = defineEndpoint({
  method: 'GET',
  path: '/admin/customer',
  summary:
    "The site's customer accounts, newest first, searched by name, e-mail or phone, paged by number or, past the first pages, after a given account (ADMIN, SUPER_ADMIN)",
  tags: ['admin', 'user'],
  query: adminCustomerListQuerySchema,
  response: listPageSchema(adminCustomerSummarySchema),
});

export const adminCustomerDetailSchema = adminCustomerSummarySchema.extend({
  birthdate: z.string().nullable(),
  newsletter: z.boolean(),
  orders: z.array(adminOrderSummarySchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

const customerParams = z.object({ id: rowIdSchema });

export const getAdminCustomer = defineEndpoint({
  method: 'GET',
  path: '/admin/customer/:id',
  summary: 'One customer account of the site with its orders (ADMIN, SUPER_ADMIN)',
  tags: ['admin', 'user'],
  params: customerParams,
  response: adminCustomerDetailSchema,
});

/**
 * A file, not an envelope: everything the site holds about the customer as JSON (account,
 * orders with addresses and history, invoices, carts, newsletter, contact messages, mails sent).
 */
export const adminCustomerExportRoute = {
  method: 'GET',
  path: '/admin/customer/:id/export',
  summary:
    'Everything the site holds about one customer, as a JSON file (RGPD right of access and portability) (ADMIN, SUPER_ADMIN)',
  tags: ['admin', 'user'],
  params: customerParams,
} as const;

export const anonymiseCustomer = defineEndpoint({
  method: 'POST',
  path: '/admin/customer/:id/anonymise',
  summary:
    'Erases a customer account: its orders are kept for the accounts without the person (409 while one is in progress) (ADMIN, SUPER_ADMIN)',
  tags: ['admin', 'user'],
  params: customerParams,
  response: z.object({ anonymisedOrders: z.number().int() }),
});

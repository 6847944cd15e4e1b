import type { FastifyRequest } from 'fastify';
import {
  CUSTOMER_NOT_FOUND_MESSAGE,
  CUSTOMER_ORDER_IN_PROGRESS_MESSAGE,
  type AdminCustomerDetail,
} from '@comptoir/contract/admin-customers';
import type { AdminOrderSummary } from '@comptoir/contract/admin-orders';
import type { Order } from '@comptoir/contract/order';
import type { Db } from '../../db/client';
import type { orders } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { UserAdminRepository } from './user-admin-repository';
import type { UserRepository } from './user-repository';

/*
 * The back office's customers (decision 0065). They read the customers' orders and write to the
 * journal, and both the order and the audit modules depend on this one (the session's user, the
 * role check): compose.ts hands in what is used of them (decision 0093).
 */

type OrderRow = typeof orders.$inferSelect;

/** A customer's orders as the back office shows them (the order module's). */
export interface CustomerOrders {
  /** One order as the back office's lists show it. */
  summaryOf(record: OrderRow): AdminOrderSummary;
  /** The orders with their lines, in the order given. */
  withLines(siteId: number, records: readonly OrderRow[]): Promise<Order[]>;
}

/** Who made a write, as the journal keeps it. */
export interface JournalActor {
  userId: number;
  userEmail: string;
}

/** The back office's journal (the audit module's `adminActor` and `recordAudit`). */
export interface CustomerJournal {
  /** The administrator making the request (401/403 for anyone else). */
  actorOf(request: FastifyRequest): Promise<JournalActor>;
  /** Writes an entry in the given transaction. */
  record(
    tx: Db,
    entry: {
      siteId: number;
      actor: JournalActor;
      action: string;
      entityType: string;
      entityId: number;
      summary: string;
      before: unknown;
      after: unknown;
    },
  ): Promise<void>;
}

export function createUserAdminService(dependencies: {
  repository: UserAdminRepository;
  orders: CustomerOrders;
  journal: Pick<CustomerJournal, 'record'>;
  users: UserRepository;
  now: () => Date;
}) {
  const { repository, orders, journal, users, now } = dependencies;

  async function requireCustomer(siteId: number, userId: number) {
    const customer = await repository.find(siteId, userId);
    if (!customer) throw new HttpError(404, CUSTOMER_NOT_FOUND_MESSAGE);
    return customer;
  }

  return {
    async list(
      siteId: number,
      query: {
        search?: string | undefined;
        page?: number | undefined;
        nbItem?: number | undefined;
        after?: number | undefined;
      },
      pageSize: number,
    ) {
      const limit = query.nbItem ?? pageSize;
      const { rows, total } = await repository.list(siteId, query.search || undefined, {
        limit,
        offset: ((query.page ?? 1) - 1) * limit,
        after: query.after,
      });
      return {
        list: rows.map(({ birthdate: _birthdate, ...row }) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
      };
    },

    async detail(siteId: number, userId: number): Promise<AdminCustomerDetail> {
      const customer = await requireCustomer(siteId, userId);
      const [placed, newsletter] = await Promise.all([
        repository.ordersOf(siteId, userId),
        repository.newsletterOf(siteId, userId, customer.email),
      ]);
      return {
        ...customer,
        createdAt: customer.createdAt.toISOString(),
        newsletter: newsletter.length > 0,
        orders: placed.map((record) => orders.summaryOf(record)),
      };
    },

    /**
     * Everything the site holds about the customer (RGPD art. 15 and 20), read with this site's
     * id and this account's id or address only: never another customer's or another site's rows.
     */
    async export(siteId: number, userId: number, options: { ownAccount?: boolean } = {}) {
      // A site's administrator downloads their own data too; the back office only customers'.
      const customer = options.ownAccount
        ? await repository.findAccount(siteId, userId)
        : await requireCustomer(siteId, userId);
      if (!customer) throw new HttpError(404, CUSTOMER_NOT_FOUND_MESSAGE);
      const placed = await repository.ordersOf(siteId, userId);
      const orderIds = placed.map((order) => order.id);
      const [withLines, newsletter, held] = await Promise.all([
        orders.withLines(siteId, placed),
        repository.newsletterOf(siteId, userId, customer.email),
        repository.heldAbout(siteId, userId, customer.email, orderIds),
      ]);
      const carts = new Map<
        number,
        {
          id: number;
          type: string;
          createdAt: Date;
          closedAt: Date | null;
          products: { declinationId: number; quantity: number }[];
        }
      >();
      for (const row of held.cartRows) {
        const cart = carts.get(row.cartId) ?? {
          id: row.cartId,
          type: row.type,
          createdAt: row.createdAt,
          closedAt: row.closedAt,
          products: [],
        };
        if (row.declinationId !== null && row.quantity !== null) {
          cart.products.push({ declinationId: row.declinationId, quantity: row.quantity });
        }
        carts.set(row.cartId, cart);
      }
      const document = {
        exportedAt: now().toISOString(),
        account: {
          id: customer.id,
          firstname: customer.firstname,
          lastname: customer.lastname,
          email: customer.email,
          phone: customer.phone,
          birthdate: customer.birthdate,
          createdAt: customer.createdAt.toISOString(),
        },
        orders: placed.map((record, index) => ({
          ...withLines[index],
          customer: {
            firstname: record.firstname,
            lastname: record.lastname,
            email: record.email,
            phone: record.phone,
            birthdate: record.birthdate,
          },
          deliveryAddress: record.deliveryAddress,
          billingAddress: record.billingAddress,
          message: record.message,
          history: held.history
            .filter((entry) => entry.orderId === record.id)
            .map((entry) => ({ from: entry.fromStatus, to: entry.toStatus, at: entry.at })),
        })),
        invoices: held.invoices.map((invoice) => ({
          reference: `F${String(invoice.number).padStart(6, '0')}`,
          issuedAt: invoice.issuedAt,
          content: invoice.content,
        })),
        carts: [...carts.values()],
        newsletterSubscriptions: newsletter,
        contactMessages: held.messages.map((message) => ({
          firstname: message.firstname,
          lastname: message.lastname,
          email: message.email,
          phone: message.phone,
          subject: message.subject,
          message: message.message,
          consent: message.consent,
          createdAt: message.createdAt,
        })),
        mailsSent: held.mails,
      };
      return {
        body: `${JSON.stringify(document, null, 2)}\n`,
        filename: `donnees-client-${customer.id}.json`,
      };
    },

    /**
     * The account's erasure as the customer's own (decision 0054), asked by the owner: refused
     * while an order is in progress; its orders stay for the accounts without the person. The
     * journal keeps the account's number and order count, not the personal data it erased.
     */
    async anonymise(siteId: number, userId: number, actor: JournalActor) {
      const customer = await requireCustomer(siteId, userId);
      const outcome = await users.deleteAccount(siteId, userId, async (tx, anonymisedOrders) => {
        await journal.record(tx, {
          siteId,
          actor,
          action: 'anonymise',
          entityType: 'customer',
          entityId: userId,
          summary: `Client n° ${userId} anonymisé (${anonymisedOrders} commande${anonymisedOrders > 1 ? 's' : ''} conservée${anonymisedOrders > 1 ? 's' : ''})`,
          before: { account: true, orderCount: customer.orderCount },
          after: { account: false, anonymisedOrders },
        });
      });
      if (!outcome.erased) {
        const reference = `C${String(outcome.orderInProgress).padStart(6, '0')}`;
        throw new HttpError(409, CUSTOMER_ORDER_IN_PROGRESS_MESSAGE(reference));
      }
      return { anonymisedOrders: outcome.anonymisedOrders };
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;

import type { Order } from '@comptoir/contract/order';
import type { OrderStatus } from '@comptoir/domain/order';
import type { MailTransaction } from '../mail';
import type { SiteRecord } from '../site';
import type { OrderRecord } from './order-repository';

/*
 * What happens to an order, told after the change is committed, to the modules that act on it
 * (the confirmation mail and the site's notification on `placed`; the invoice and the gift
 * vouchers when an order becomes paid). The order module does not know them: it only tells.
 * A listener's failure is logged and never undoes the order (the order is already committed).
 */

export interface OrderEventMap {
  /** A new order was committed (not on an idempotent replay). */
  placed: { site: SiteRecord; order: Order };
  /** An order moved from one status to another (`becamePaid` when it was unpaid before). */
  statusChanged: {
    siteId: number;
    orderId: number;
    from: OrderStatus;
    to: OrderStatus;
    becamePaid: boolean;
    actor: string;
  };
}

/**
 * The same changes told inside their transaction, before it commits, to the modules whose
 * writes must commit with the change or not at all (the order mails, decision 0072): the order
 * as it is being committed and its row come with the event, since under PGlite's single
 * connection a listener may read only through `tx`.
 */
export interface OrderTransactionEventMap {
  /** A new order is being committed (never on an idempotent replay). */
  placed: { site: SiteRecord; order: Order; record: OrderRecord };
  statusChanged: {
    siteId: number;
    order: Order;
    record: OrderRecord;
    from: OrderStatus;
    to: OrderStatus;
    becamePaid: boolean;
    actor: string;
  };
}

type Listener<K extends keyof OrderEventMap> = (event: OrderEventMap[K]) => Promise<void> | void;
type TransactionListener<K extends keyof OrderTransactionEventMap> = (
  event: OrderTransactionEventMap[K],
  tx: MailTransaction,
) => Promise<void>;

export interface OrderEvents {
  on<K extends keyof OrderEventMap>(name: K, listener: Listener<K>): void;
  /** Runs every listener of `name` in turn; resolves when all have run (failures reported). */
  emit<K extends keyof OrderEventMap>(name: K, event: OrderEventMap[K]): Promise<void>;
  /** Listens inside the change's transaction (see OrderTransactionEventMap). */
  onInTransaction<K extends keyof OrderTransactionEventMap>(
    name: K,
    listener: TransactionListener<K>,
  ): void;
  /**
   * Runs every in-transaction listener of `name`, each in a savepoint of `tx`: a listener that
   * fails is reported and its writes are undone, and the change goes on and commits (a mail that
   * cannot be composed never fails an order, and never leaves a PostgreSQL transaction aborted).
   */
  emitInTransaction<K extends keyof OrderTransactionEventMap>(
    name: K,
    event: OrderTransactionEventMap[K],
    tx: MailTransaction,
  ): Promise<void>;
}

export function createOrderEvents(
  reportFailure: (name: keyof OrderEventMap, error: unknown) => void,
): OrderEvents {
  const listeners = new Map<keyof OrderEventMap, Listener<never>[]>();
  const transactionListeners = new Map<
    keyof OrderTransactionEventMap,
    TransactionListener<never>[]
  >();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
    async emit(name, event) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          await (listener as Listener<typeof name>)(event);
        } catch (error) {
          reportFailure(name, error);
        }
      }
    },
    onInTransaction(name, listener) {
      transactionListeners.set(name, [
        ...(transactionListeners.get(name) ?? []),
        listener as TransactionListener<never>,
      ]);
    },
    async emitInTransaction(name, event, tx) {
      for (const listener of transactionListeners.get(name) ?? []) {
        try {
          await tx.transaction((savepoint) =>
            (listener as TransactionListener<typeof name>)(event, savepoint),
          );
        } catch (error) {
          reportFailure(name, error);
        }
      }
    },
  };
}

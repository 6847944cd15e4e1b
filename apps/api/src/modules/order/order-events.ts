import type { Order } from '@comptoir/contract/order';
import type { OrderStatus } from '@comptoir/domain/order';
import type { SiteRecord } from '../site/site-repository';

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

type Listener<K extends keyof OrderEventMap> = (event: OrderEventMap[K]) => Promise<void> | void;

export interface OrderEvents {
  on<K extends keyof OrderEventMap>(name: K, listener: Listener<K>): void;
  /** Runs every listener of `name` in turn; resolves when all have run (failures reported). */
  emit<K extends keyof OrderEventMap>(name: K, event: OrderEventMap[K]): Promise<void>;
}

export function createOrderEvents(
  reportFailure: (name: keyof OrderEventMap, error: unknown) => void,
): OrderEvents {
  const listeners = new Map<keyof OrderEventMap, Listener<never>[]>();
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
  };
}

import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CartService } from '../cart';
import { createCalendarRepository } from './calendar-repository';
import { registerCalendarRoutes } from './calendar-routes';
import { createCalendarService } from './calendar-service';

/** Click-and-collect: the days a shop opens, and the slot a cart holds. */
export function createCalendarModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'now'>,
  deps: { carts: CartService },
) {
  const service = createCalendarService({
    repository: createCalendarRepository(shared.db),
    readParameters: shared.readParameters,
    now: shared.now,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerCalendarRoutes(app, service, deps.carts);
    },
  };
}

export type CalendarModule = ReturnType<typeof createCalendarModule>;

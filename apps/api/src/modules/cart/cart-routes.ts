import type { FastifyInstance } from 'fastify';
import { createCart, setDefaultCart } from '@comptoir/contract/cart';
import { registerEndpoint } from '../../http/register-endpoint';
import { createCartRepository } from './cart-repository';
import { createCartService } from './cart-service';

export function registerCartRoutes(app: FastifyInstance): void {
  const service = createCartService(createCartRepository(app.database.db));

  registerEndpoint(app, createCart, async ({ request }) =>
    service.openMainCart(request.site.id, await request.getUser()),
  );
  registerEndpoint(app, setDefaultCart, async ({ request, params }) =>
    service.makeDefault(request.site.id, params.id, await request.getUser()),
  );
}

import type { FastifyInstance } from 'fastify';
import {
  getAwards,
  getMealIcons,
  getProduct,
  getProductCustomizations,
  getProducts,
  getRecommendedProducts,
} from '@comptoir/contract/product';
import { registerEndpoint } from '../../http/register-endpoint';
import { createProductRepository } from './product-repository';
import { createProductService } from './product-service';

export function registerProductRoutes(app: FastifyInstance): void {
  const service = createProductService(createProductRepository(app.database.db));

  registerEndpoint(app, getProducts, ({ request, query }) =>
    service.listProducts(request.site.id, query),
  );
  registerEndpoint(app, getProduct, ({ request, params }) =>
    service.getProduct(request.site.id, params.id),
  );
  registerEndpoint(app, getProductCustomizations, ({ request, params }) =>
    service.listCustomizations(request.site.id, params.id),
  );
  registerEndpoint(app, getAwards, ({ request, query }) =>
    service.listAwards(request.site.id, query.product),
  );
  registerEndpoint(app, getRecommendedProducts, ({ request, params }) =>
    service.listRecommended(request.site.id, params.id),
  );
  registerEndpoint(app, getMealIcons, ({ request }) => service.listMealIcons(request.site.id));
}

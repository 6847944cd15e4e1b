import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import {
  declinationSheetRoute,
  getAwards,
  getMealIcons,
  getProduct,
  getProductCustomizations,
  getProducts,
  getRecommendedProducts,
  productSheetRoute,
} from '@comptoir/contract/product';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { createSiteParameterReader } from '../../lib/site-parameter-values';
import { createProductRepository } from './product-repository';
import { createProductService } from './product-service';
import { createProductSheetService } from './product-sheet-service';

/**
 * Product sheets drawn per client address: a PDF costs tens of milliseconds of CPU, so one address
 * cannot keep the API busy drawing them. Far above what a visitor clicks.
 */
export const PRODUCT_SHEET_PER_IP: RateLimit = { max: 60, timeWindowMs: 5 * 60_000 };

export interface ProductRouteSettings {
  /** The storefront's public folder, where the products' pictures are read for the PDF sheet. */
  publicDir: string;
  sheetPerIp?: RateLimit;
}

export function registerProductRoutes(app: FastifyInstance, settings: ProductRouteSettings): void {
  const service = createProductService(createProductRepository(app.database.db));
  const sheets = createProductSheetService(
    service,
    createSiteParameterReader(app.database.db, app.siteCache),
    { publicDir: settings.publicDir },
  );

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

  // The sheets answer PDF bytes, not an envelope: registered from the contract's route
  // descriptions directly (like GET /file/:key); their failures are still error envelopes.
  registerWithIpRateLimit(app, settings.sheetPerIp ?? PRODUCT_SHEET_PER_IP, (scope) => {
    for (const route of [productSheetRoute, declinationSheetRoute]) {
      scope.route({
        method: route.method,
        url: route.path,
        schema: {
          summary: route.summary,
          tags: [...route.tags],
          params: route.params,
          response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const params = request.params as { id: number; declinationId?: number };
          const sheet = await sheets.render(
            request.site,
            params.id,
            params.declinationId ?? null,
            request.log,
          );
          return reply.headers(sheet.headers).send(sheet.content);
        },
      });
    }
  });
}

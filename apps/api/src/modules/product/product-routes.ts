import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import {
  declinationSheetRoute,
  getAwards,
  getMealIcons,
  getELabel,
  getProduct,
  getProductCustomizations,
  getProductFacets,
  getProducts,
  getRecommendedProducts,
  PRODUCT_SHEET_NOT_FOUND_MESSAGE,
  productSheetRoute,
} from '@comptoir/contract/product';
import type { ProductListQuery } from '@comptoir/contract/product';
import { HttpError } from '../../http/http-error';
import { registerCachedEndpoint, registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { type ProductService } from './product-service';
import { type ProductSheetService } from './product-sheet-service';

/**
 * Product sheets drawn per client address: a PDF costs tens of milliseconds of CPU, so one address
 * cannot keep the API busy drawing them. Far above what a visitor clicks.
 */
export const PRODUCT_SHEET_PER_IP: RateLimit = { max: 60, timeWindowMs: 5 * 60_000 };

export interface ProductRouteSettings {
  /** The storefront's public folder, where the products' pictures are read for the PDF sheet. */
  publicDir: string;
  sheetPerIp?: RateLimit;
  /** Whether the site offers the PDF sheet (its PRODUCT_FILE_GENERATOR configuration); on when absent. */
  sheetEnabled?: (siteId: number) => Promise<boolean>;
}

export function registerProductRoutes(
  app: FastifyInstance,
  service: ProductService,
  sheets: ProductSheetService,
  settings: ProductRouteSettings,
): void {
  // The catalogue's reads are the shop's busiest: the plain pages of the list and each product
  // are answered from bodies kept per site (decision 0012) until the catalogue changes
  // (catalogueChanged). A filtered or searched list is answered afresh.
  registerCachedEndpoint(
    app,
    getProducts,
    { key: 'catalogue', variant: ({ query }) => plainListVariant(query) },
    ({ request, query }) => service.listProducts(request.site.id, query),
  );
  registerCachedEndpoint(
    app,
    getProductFacets,
    { key: 'catalogue', variant: () => 'facets' },
    ({ request }) => service.facets(request.site.id),
  );
  registerCachedEndpoint(
    app,
    getProduct,
    { key: 'catalogue', variant: ({ params }) => `product:${params.id}` },
    ({ request, params }) => service.getProduct(request.site.id, params.id),
  );
  registerCachedEndpoint(
    app,
    getELabel,
    { key: 'catalogue', variant: ({ params }) => `e-label:${params.declinationId}` },
    ({ request, params }) => service.getELabel(request.site.id, params.declinationId),
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
          if (settings.sheetEnabled && !(await settings.sheetEnabled(request.site.id))) {
            throw new HttpError(404, PRODUCT_SHEET_NOT_FOUND_MESSAGE);
          }
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

/** Pages of the plain list that are kept: enough for a whole catalogue, bounded for memory. */
const MAX_CACHED_LIST_PAGE = 20;

/**
 * The cached body a list request reads: only the unfiltered list (paging and order), on its first
 * pages, so that the bodies kept per site stay few; null for anything else (answered afresh).
 */
export function plainListVariant(query: ProductListQuery): string | null {
  const { page, nbItem, orderBy, ...filters } = query;
  const filtered = Object.values(filters).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined,
  );
  if (filtered || (page ?? 1) > MAX_CACHED_LIST_PAGE) return null;
  return `list:${page ?? 1}:${nbItem ?? ''}:${orderBy ?? ''}`;
}

import type { FastifyInstance } from 'fastify';
import {
  createElement,
  deleteElement,
  saveParameter,
  savePageBlocks,
} from '@comptoir/contract/admin-content';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../admin/admin-scope';
import { createAdminContentRepository } from './admin-content-repository';
import { createAdminContentService } from './admin-content-service';

export function registerAdminContentRoutes(app: FastifyInstance): void {
  const service = createAdminContentService(createAdminContentRepository(app.database.db), {
    siteCache: app.siteCache,
    storefront: app.storefrontRevalidation,
  });

  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, savePageBlocks, ({ request, params, body }) =>
      service.savePageBlocks(request.site.id, params.idPage, body.blocks),
    );
    registerEndpoint(scope, saveParameter, ({ request, params, body }) =>
      service.saveParameter(request.site.id, params.type, body.value),
    );
    registerEndpoint(scope, createElement, ({ request, params, body }) =>
      service.createElement(request.site.id, params.route, body),
    );
    registerEndpoint(scope, deleteElement, ({ request, params }) =>
      service.deleteElement(request.site.id, params.route, params.id),
    );
  });
}

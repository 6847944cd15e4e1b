import type { FastifyInstance } from 'fastify';
import { createElement, deleteElement, saveParameter, savePageBlocks } from '@comptoir/contract/admin-content';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { type AdminContentService } from './page-admin-content-service';

export function registerAdminContentRoutes(
  app: FastifyInstance,
  service: AdminContentService,
): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, savePageBlocks, async ({ request, params, body }) =>
      service.savePageBlocks(
        request.site.id,
        params.idPage,
        body.blocks,
        await adminActor(request),
      ),
    );
    registerEndpoint(scope, saveParameter, async ({ request, params, body }) =>
      service.saveParameter(request.site.id, params.type, body.value, await adminActor(request)),
    );
    registerEndpoint(scope, createElement, async ({ request, params, body }) =>
      service.createElement(request.site.id, params.route, body, await adminActor(request)),
    );
    registerEndpoint(scope, deleteElement, async ({ request, params }) =>
      service.deleteElement(request.site.id, params.route, params.id, await adminActor(request)),
    );
  });
}

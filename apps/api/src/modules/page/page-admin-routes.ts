import type { FastifyInstance } from 'fastify';
import { createPage, deletePage, duplicatePage, getAdminPage, getPageRedirects, listAdminPages, movePage, updatePage } from '@comptoir/contract/admin-pages';
import { registerCachedEndpoint, registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { type AdminPagesService } from './page-admin-service';

export function registerAdminPagesRoutes(app: FastifyInstance, service: AdminPagesService): void {
  // Public: the storefront asks it when no page has the requested URL. Kept with the tree.
  registerCachedEndpoint(
    app,
    getPageRedirects,
    { key: 'page-tree', variant: () => 'redirects' },
    ({ request }) => service.redirects(request.site.id),
  );

  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listAdminPages, ({ request }) => service.list(request.site.id));
    registerEndpoint(scope, getAdminPage, ({ request, params }) =>
      service.get(request.site.id, params.id, request.log),
    );
    registerEndpoint(scope, createPage, async ({ request, body }) =>
      service.create(request.site.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, updatePage, async ({ request, params, body }) =>
      service.update(request.site.id, params.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, movePage, async ({ request, params, body }) =>
      service.move(request.site.id, params.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, duplicatePage, async ({ request, params }) =>
      service.duplicate(request.site.id, params.id, await adminActor(request)),
    );
    registerEndpoint(scope, deletePage, async ({ request, params, query }) =>
      service.remove(request.site.id, params.id, query.idRedirectPage, await adminActor(request)),
    );
  });
}

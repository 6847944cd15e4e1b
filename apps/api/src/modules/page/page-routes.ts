import type { FastifyInstance } from 'fastify';
import { getPage, getPageTree } from '@comptoir/contract/page';
import { registerCachedEndpoint } from '../../http/register-endpoint';
import { type PageService } from './page-service';

export function registerPageRoutes(app: FastifyInstance, service: PageService): void {
  // A page's body is kept with the tree: saving its blocks drops both (admin-content).
  registerCachedEndpoint(app, getPageTree, { key: 'page-tree', variant: () => '' }, ({ request }) =>
    service.getTree(request.site.id),
  );
  registerCachedEndpoint(
    app,
    getPage,
    { key: 'page-tree', variant: ({ params }) => String(params.id) },
    ({ request, params }) => service.getPage(request.site.id, params.id, request.log),
  );
}

import type { FastifyInstance } from 'fastify';
import { getPage, getPageTree } from '@comptoir/contract/page';
import { registerEndpoint } from '../../http/register-endpoint';
import { createPageRepository } from './page-repository';
import { createPageService } from './page-service';

export function registerPageRoutes(app: FastifyInstance): void {
  const service = createPageService(createPageRepository(app.database.db), app.siteCache);

  registerEndpoint(app, getPageTree, ({ request }) => service.getTree(request.site.id));
  registerEndpoint(app, getPage, ({ request, params }) =>
    service.getPage(request.site.id, params.id, request.log),
  );
}

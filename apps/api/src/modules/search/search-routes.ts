import type { FastifyInstance } from 'fastify';
import { searchSite } from '@comptoir/contract/search';
import { registerEndpoint } from '../../http/register-endpoint';
import type { SearchService } from './search-service';

export function registerSearchRoutes(app: FastifyInstance, service: SearchService): void {
  registerEndpoint(app, searchSite, ({ request, query }) => service.search(request.site, query));
}

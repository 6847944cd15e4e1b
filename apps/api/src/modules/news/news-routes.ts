import type { FastifyInstance } from 'fastify';
import { getNews, getNewsList } from '@comptoir/contract/news';
import { registerEndpoint } from '../../http/register-endpoint';
import { type NewsService } from './news-service';

export function registerNewsRoutes(app: FastifyInstance, service: NewsService): void {
  registerEndpoint(app, getNewsList, ({ request, query }) => service.list(request.site.id, query));
  registerEndpoint(app, getNews, ({ request, params }) => service.get(request.site.id, params.id));
}

import type { FastifyInstance } from 'fastify';
import { loadSvg, loadSvgByQuery } from '@comptoir/contract/image';
import { registerEndpoint } from '../../http/register-endpoint';
import { createImageService } from './image-service';
import type { SvgSourceSettings } from './svg-sources';

export function registerImageRoutes(
  app: FastifyInstance,
  options: { svgSources: SvgSourceSettings },
): void {
  const service = createImageService(options.svgSources);

  // docs/requirements/pages-and-menu.md names the POST form, the issue the GET form: both answer the same.
  registerEndpoint(app, loadSvg, ({ request, body }) => service.loadSvg(request.site, body.url));
  registerEndpoint(app, loadSvgByQuery, ({ request, query }) =>
    service.loadSvg(request.site, query.url),
  );
}
